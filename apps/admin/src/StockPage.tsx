/**
 * The stock page (issue 26 "Stock per SKU and store", stock:read): find a SKU by article number,
 * EAN or product name, see its web stock and its units in every store, and (stock:write) adjust
 * them with a reason and set the expected restock date (StockDetail.tsx).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { adminRequest, type Me, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { StockDetail } from './StockDetail.tsx';
import { STOCK_ITEM_FIELDS, statusName, type StockItem, type Store } from './stock-types.ts';
import './stock.css';

/** The stock page. */
export function StockPage({ me }: { me: Me }) {
  const canWrite = me.permissions.includes('stock:write');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<StockItem[] | null>(null);
  const [selected, setSelected] = useState<StockItem | null>(null);
  const [stores, setStores] = useState<Store[]>([]);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    adminRequest<{ stockStores: Store[] }>('{ stockStores { id alias name city } }')
      .then((data) => setStores(data.stockStores))
      .catch(() => undefined);
  }, []);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = query.trim();
    if (!q) {
      setErrors([
        {
          message: 'Skriv ett artikelnummer, en EAN-kod eller ett produktnamn.',
          fieldId: 'stock-query',
        },
      ]);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      const data = await adminRequest<{ stockSearch: StockItem[] }>(
        `query($q: String!) { stockSearch(query: $q, take: 50) { ${STOCK_ITEM_FIELDS} } }`,
        { q },
      );
      setResults(data.stockSearch);
      setSelected(data.stockSearch.length === 1 ? data.stockSearch[0]! : null);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  }

  /** Puts a changed SKU into the list and the detail view. */
  function changed(item: StockItem) {
    setSelected(item);
    setResults((list) => list?.map((row) => (row.skuId === item.skuId ? item : row)) ?? null);
  }

  return (
    <>
      <h1>Lager</h1>
      <ErrorSummary errors={errors} />
      <section className="panel" aria-labelledby="stock-search-title">
        <h2 id="stock-search-title">Hitta artikel</h2>
        <form
          onSubmit={(event) => void search(event)}
          noValidate
          className="form form-row"
          role="search"
        >
          <div className="field">
            <label htmlFor="stock-query">Sök artikel</label>
            <input
              id="stock-query"
              name="query"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              aria-describedby="stock-query-hint"
              autoComplete="off"
            />
            <span className="hint" id="stock-query-hint">
              Artikelnummer, EAN-kod eller produktnamn.
            </span>
          </div>
          <button type="submit" className="button" disabled={busy}>
            Sök
          </button>
        </form>
      </section>
      <p className="status" role="status">
        {results === null
          ? ''
          : results.length === 0
            ? 'Ingen artikel matchar sökningen.'
            : `${results.length} ${results.length === 1 ? 'artikel' : 'artiklar'} hittades.`}
      </p>
      {results && results.length > 0 ? (
        <table className="table">
          <caption>Sökresultat</caption>
          <thead>
            <tr>
              <th scope="col">Produkt</th>
              <th scope="col">Storlek</th>
              <th scope="col">Artikelnummer</th>
              <th scope="col">EAN</th>
              <th scope="col">Webblager</th>
              <th scope="col">Status</th>
              <th scope="col">Åtgärd</th>
            </tr>
          </thead>
          <tbody>
            {results.map((item) => (
              <tr
                key={item.skuId}
                aria-current={selected?.skuId === item.skuId ? 'true' : undefined}
              >
                <td>{item.productName}</td>
                <td>{item.size}</td>
                <td>{item.articleNumber}</td>
                <td>{item.ean ?? '–'}</td>
                <td>{item.inStock}</td>
                <td>{statusName(item.status)}</td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setSelected(item)}
                  >
                    Visa lager<span className="visually-hidden"> för {item.articleNumber}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {selected ? (
        <StockDetail
          key={selected.skuId}
          item={selected}
          stores={stores}
          canWrite={canWrite}
          onChanged={changed}
        />
      ) : null}
    </>
  );
}
