/** The product list of the back office (issue 26): search by name, article number or alias. */
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { Pager } from '../Pager.tsx';

interface Row {
  id: number;
  articleNumber: string;
  alias: string;
  name: string;
  published: boolean;
}

const TAKE = 50;

/** `/sortiment`: products, newest first. */
export function ProductListPage({ canWrite }: { canWrite: boolean }) {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<{ items: Row[]; total: number } | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  useEffect(() => {
    let current = true;
    adminRequest<{ adminProducts: { items: Row[]; total: number } }>(
      'query($s: String, $skip: Int, $take: Int) { adminProducts(search: $s, skip: $skip, take: $take) { total items { id articleNumber alias name published } } }',
      { s: query || null, skip, take: TAKE },
    )
      .then((data) => current && setPage(data.adminProducts))
      .catch((error: unknown) => current && setErrors([{ message: errorMessage(error) }]));
    return () => {
      current = false;
    };
  }, [query, skip]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setSkip(0);
    setQuery(search.trim());
  }

  return (
    <>
      <h1>Produkter</h1>
      <ErrorSummary errors={errors} />
      <div className="toolbar">
        <form className="form form-row search-form" role="search" onSubmit={submit}>
          <div className="field">
            <label htmlFor="product-search">Sök produkt</label>
            <input
              id="product-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="button button-secondary">
            Sök
          </button>
        </form>
        {canWrite ? (
          <Link className="button" to="/sortiment/ny">
            Ny produkt
          </Link>
        ) : null}
      </div>
      <table className="table">
        <caption>
          {page ? `${page.total} produkter` : 'Hämtar produkter …'}
          {query ? ` som matchar ”${query}”` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Namn</th>
            <th scope="col">Artikelnummer</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {(page?.items ?? []).map((row) => (
            <tr key={row.id}>
              <td>
                <Link to={`/sortiment/${row.id}`}>{row.name}</Link>
              </td>
              <td>{row.articleNumber}</td>
              <td>{row.published ? 'Publicerad' : 'Ej publicerad'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {page ? <Pager skip={skip} take={TAKE} total={page.total} onSkip={setSkip} /> : null}
    </>
  );
}
