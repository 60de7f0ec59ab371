/**
 * `/kunder` (issue 27 "Customers", customers:read): search customers by e-mail, name, phone,
 * personal number or order number; newest accounts first, paged; each links to its page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatAmount, formatDateTime } from '../money.ts';
import { CUSTOMER_SEARCH, customerName, customerPath, type CustomerRow } from './customers-api.ts';
import { Pager } from '../Pager.tsx';

const TAKE = 25;

/** The customer search. The query is kept in the address (`?q=`), so "back" returns to it. */
export function CustomerListPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const skip = Math.max(0, Number(params.get('skip') ?? 0) || 0);
  const [search, setSearch] = useState(query);
  const [page, setPage] = useState<{ items: CustomerRow[]; total: number } | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const erased = (useLocation().state as { erased?: string } | null)?.erased;

  useEffect(() => {
    let current = true;
    adminRequest<{ customerSearch: { items: CustomerRow[]; total: number } }>(CUSTOMER_SEARCH, {
      q: query || null,
      skip,
      take: TAKE,
    })
      .then((data) => {
        if (!current) return;
        setErrors([]);
        setPage(data.customerSearch);
      })
      .catch((error: unknown) => current && setErrors([{ message: errorMessage(error) }]));
    return () => {
      current = false;
    };
  }, [query, skip]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = search.trim();
    setParams(q ? { q } : {});
  }

  function goTo(nextSkip: number) {
    setParams({
      ...(query ? { q: query } : {}),
      ...(nextSkip > 0 ? { skip: String(nextSkip) } : {}),
    });
  }

  return (
    <>
      <h1>Kunder</h1>
      <ErrorSummary errors={errors} />
      {erased ? (
        <p className="notice" role="status">
          Kunden {erased} är raderad. Ordrarna finns kvar utan personuppgifter.
        </p>
      ) : null}
      <form className="form form-row" role="search" onSubmit={submit}>
        <div className="field">
          <label htmlFor="customer-search">Sök kund</label>
          <input
            id="customer-search"
            type="search"
            value={search}
            autoComplete="off"
            aria-describedby="customer-search-hint"
            onChange={(e) => setSearch(e.target.value)}
          />
          <span className="hint" id="customer-search-hint">
            E-postadress, namn, telefonnummer, personnummer eller ordernummer.
          </span>
        </div>
        <button type="submit" className="button">
          Sök
        </button>
      </form>
      <p className="status" role="status">
        {page === null
          ? 'Hämtar kunder …'
          : page.total === 0
            ? 'Ingen kund matchar sökningen.'
            : `${page.total} ${page.total === 1 ? 'kund' : 'kunder'}${query ? ` matchar ”${query}”` : ''}.`}
      </p>
      {page && page.items.length > 0 ? (
        <table className="table">
          <caption>Kunder, nyaste först</caption>
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">E-post</th>
              <th scope="col">Telefon</th>
              <th scope="col">Saldo</th>
              <th scope="col">Vill ha nyhetsbrev</th>
              <th scope="col">Kund sedan</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((row) => (
              <tr key={row.id ?? `gast:${row.email}`}>
                <td>
                  <Link to={customerPath(row)}>{customerName(row)}</Link>
                  {row.guest ? <span className="customer-guest">Gäst</span> : null}
                  {row.company ? <div className="hint">{row.company}</div> : null}
                </td>
                <td>{row.email}</td>
                <td>{row.phone || '–'}</td>
                <td>{row.guest ? '–' : formatAmount(row.balance, row.balanceCurrency)}</td>
                <td>{row.guest ? '–' : row.newsletter ? 'Ja' : 'Nej'}</td>
                <td>{formatDateTime(row.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {page ? (
        <Pager skip={skip} take={TAKE} total={page.total} onSkip={goTo} label="Sidor" />
      ) : null}
    </>
  );
}
