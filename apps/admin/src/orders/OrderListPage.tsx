/**
 * `/ordrar` (issue 27 "Orders"): the order list, newest first, paged, with filters (status,
 * market, dates, payment, store pickup) and search (order number, e-mail, name). The filters
 * live in the URL's query, so a filtered list can be reloaded, shared and returned to.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminApiError, adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { marketName } from '../format.ts';
import { formatAmount, formatDateTime } from '../money.ts';
import {
  FILTER_OPTIONS_QUERY,
  ORDERS_QUERY,
  type FilterOptions,
  type OrderRow,
} from './orders-api.ts';
import { Pager } from '../Pager.tsx';
import { TableScroll } from '../TableScroll.tsx';

const TAKE = 25;
const FILTER_KEYS = ['query', 'status', 'marketId', 'paymentId', 'storePickup', 'from', 'to'];

/** The API filter of the URL's query. */
function filterOf(params: URLSearchParams): Record<string, unknown> {
  const value = (key: string) => params.get(key) || null;
  return {
    query: value('query'),
    status: value('status'),
    marketId: value('marketId'),
    paymentId: value('paymentId') ? Number(value('paymentId')) : null,
    storePickup: value('storePickup') === null ? null : value('storePickup') === 'ja',
    from: value('from'),
    to: value('to'),
  };
}

/** The order list. */
export function OrderListPage() {
  const [params, setParams] = useSearchParams();
  const [options, setOptions] = useState<FilterOptions>({
    statuses: [],
    markets: [],
    payments: [],
  });
  const [page, setPage] = useState<{ items: OrderRow[]; total: number } | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const skip = Math.max(0, Number(params.get('skip') ?? 0) || 0);
  const key = params.toString();
  // The form's values: the URL's filters, edited until "Sök" puts them in the URL.
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => {
    const search = new URLSearchParams(key);
    setDraft(Object.fromEntries(FILTER_KEYS.map((name) => [name, search.get(name) ?? ''])));
  }, [key]);

  useEffect(() => {
    adminRequest<{ adminOrderFilterOptions: FilterOptions }>(FILTER_OPTIONS_QUERY)
      .then((data) => setOptions(data.adminOrderFilterOptions))
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    let current = true;
    const search = new URLSearchParams(key);
    adminRequest<{ adminOrders: { items: OrderRow[]; total: number } }>(ORDERS_QUERY, {
      filter: filterOf(search),
      skip,
      take: TAKE,
    })
      .then((data) => {
        if (!current) return;
        setPage(data.adminOrders);
        setErrors([]);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setPage({ items: [], total: 0 });
        setErrors([
          {
            message:
              error instanceof AdminApiError && error.code === 'BAD_USER_INPUT'
                ? 'Kontrollera filtren: datum skrivs som åååå-mm-dd.'
                : errorMessage(error),
          },
        ]);
      });
    return () => {
      current = false;
    };
  }, [key, skip]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTER_KEYS) {
      const value = (draft[name] ?? '').trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  }

  function goTo(newSkip: number) {
    const next = new URLSearchParams(params);
    if (newSkip > 0) next.set('skip', String(newSkip));
    else next.delete('skip');
    setParams(next);
  }

  /** The value and change handler of a filter control. */
  const bind = (name: string) => ({
    name,
    value: draft[name] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <>
      <h1>Ordrar</h1>
      <p>
        <Link to="/ordrar/packlista">Packlista och fraktetiketter (CSV)</Link>
        {' · '}
        <Link to="/ordrar/frakttjanster">Frakttjänster (nShift)</Link>
      </p>
      <ErrorSummary errors={errors} />
      <form className="form panel order-filters" role="search" onSubmit={submit}>
        <div className="form-row">
          <div className="field">
            <label htmlFor="order-query">Sök order</label>
            <input
              id="order-query"
              type="search"
              {...bind('query')}
              aria-describedby="order-query-hint"
            />
            <span className="hint" id="order-query-hint">
              Ordernummer, e-postadress eller namn.
            </span>
          </div>
          <div className="field">
            <label htmlFor="order-status">Status</label>
            <select id="order-status" {...bind('status')}>
              <option value="">Alla</option>
              {options.statuses.map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="order-market">Marknad</label>
            <select id="order-market" {...bind('marketId')}>
              <option value="">Alla</option>
              {options.markets.map((m) => (
                <option key={m} value={m}>
                  {marketName(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="order-payment">Betalsätt</label>
            <select id="order-payment" {...bind('paymentId')}>
              <option value="">Alla</option>
              {options.payments.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="order-pickup">Hämtas i butik</label>
            <select id="order-pickup" {...bind('storePickup')}>
              <option value="">Alla</option>
              <option value="ja">Ja</option>
              <option value="nej">Nej</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor="order-from">Lagd från</label>
            <input id="order-from" type="date" {...bind('from')} />
          </div>
          <div className="field">
            <label htmlFor="order-to">Lagd till och med</label>
            <input id="order-to" type="date" {...bind('to')} />
          </div>
          <button type="submit" className="button">
            Sök
          </button>
        </div>
      </form>
      <TableScroll label="Orderlista">
        <table className="table">
          <caption>
            {page ? `${page.total} ${page.total === 1 ? 'order' : 'ordrar'}` : 'Hämtar ordrar …'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Lagd</th>
              <th scope="col">Kund</th>
              <th scope="col">Status</th>
              <th scope="col">Marknad</th>
              <th scope="col">Betalning</th>
              <th scope="col">Leverans</th>
              <th scope="col" className="number">
                Summa
              </th>
            </tr>
          </thead>
          <tbody>
            {(page?.items ?? []).map((row) => (
              <tr key={row.id}>
                <td>
                  <Link to={`/ordrar/${row.id}`}>Order {row.id}</Link>
                </td>
                <td>{formatDateTime(row.createdAt)}</td>
                <td>
                  {row.name}
                  <br />
                  <span className="hint">{row.email}</span>
                </td>
                <td>
                  <span className={`order-badge order-badge--${row.status}`}>{row.statusName}</span>
                </td>
                <td>{marketName(row.marketId)}</td>
                <td>
                  {row.paymentName}
                  <br />
                  <span className={`payment-state payment-state--${row.paymentState.code}`}>
                    {row.paymentState.label}
                  </span>
                </td>
                <td>
                  {row.pickupPoint ? `Hämtas i butik (${row.pickupPoint})` : row.shippingName}
                </td>
                <td className="number">{formatAmount(row.orderValueIncVat, row.currencyCode)}</td>
              </tr>
            ))}
            {page && page.items.length === 0 ? (
              <tr>
                <td colSpan={8}>Inga ordrar matchar.</td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </TableScroll>
      {page ? <Pager skip={skip} take={TAKE} total={page.total} onSkip={goTo} /> : null}
    </>
  );
}
