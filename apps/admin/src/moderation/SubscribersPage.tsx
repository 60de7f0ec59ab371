/**
 * Subscribers (issue 27 "Moderation and content"; customers:read): the newsletter's
 * subscriptions (filter by state, search by address) and the open back-in-stock requests, each
 * exported as a CSV file (the export is recorded in the audit log).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import './moderation.css';
import { downloadFile } from '../download.ts';

type NewsletterState = 'pending' | 'confirmed' | 'unsubscribed';

interface Subscriber {
  id: number;
  email: string;
  state: NewsletterState;
  source: string;
  consentedAt: string;
  confirmedAt: string | null;
}

interface Request {
  id: number;
  email: string;
  articleNumber: string;
  size: string;
  productName: string;
  createdAt: string;
}

interface Page<T> {
  total: number;
  items: T[];
}

const STATE_NAMES: Record<NewsletterState, string> = {
  pending: 'Ej bekräftad',
  confirmed: 'Bekräftad',
  unsubscribed: 'Avslutad',
};
const SOURCE_NAMES: Record<string, string> = {
  footer: 'Sidfoten',
  account: 'Mina sidor',
  api: 'API',
};

const LOAD = `query($state: NewsletterState, $query: String) {
  newsletterSubscribers(state: $state, query: $query, take: 100) {
    total items { id email state source consentedAt confirmedAt } }
  backInStockRequests(query: $query, take: 100) {
    total items { id email articleNumber size productName createdAt } } }`;
const EXPORT = `mutation($list: SubscriberList!) { exportSubscribers(list: $list) { csv rows } }`;

const date = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium' });

/** The subscribers page. */
export function SubscribersPage() {
  const [state, setState] = useState<NewsletterState | ''>('confirmed');
  const [query, setQuery] = useState('');
  const [applied, setApplied] = useState('');
  const [newsletter, setNewsletter] = useState<Page<Subscriber> | null>(null);
  const [requests, setRequests] = useState<Page<Request> | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [message, setMessage] = useState('');

  const load = useCallback((which: NewsletterState | '', text: string) => {
    adminRequest<{
      newsletterSubscribers: Page<Subscriber>;
      backInStockRequests: Page<Request>;
    }>(LOAD, { state: which || null, query: text || null })
      .then((data) => {
        setNewsletter(data.newsletterSubscribers);
        setRequests(data.backInStockRequests);
      })
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, []);
  useEffect(() => load(state, applied), [load, state, applied]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setApplied(query.trim());
  }

  async function exportList(list: 'newsletter' | 'back_in_stock') {
    setErrors([]);
    try {
      const data = await adminRequest<{ exportSubscribers: { csv: string; rows: number } }>(
        EXPORT,
        { list },
      );
      const day = new Date().toISOString().slice(0, 10);
      downloadFile(
        list === 'newsletter' ? `nyhetsbrev-${day}.csv` : `bevakningar-${day}.csv`,
        data.exportSubscribers.csv,
      );
      setMessage(`${data.exportSubscribers.rows} rader exporterades.`);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }

  return (
    <>
      <h1>Prenumeranter</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {message}
      </p>
      <form onSubmit={search} className="form form-row subscriber-search" role="search">
        <div className="field">
          <label htmlFor="subscriber-query">Sök e-postadress</label>
          <input
            id="subscriber-query"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="button">
          Sök
        </button>
      </form>

      <section className="panel" aria-labelledby="newsletter-title">
        <h2 id="newsletter-title">Nyhetsbrev</h2>
        <div className="form form-row subscriber-search">
          <div className="field">
            <label htmlFor="newsletter-state">Status</label>
            <select
              id="newsletter-state"
              value={state}
              onChange={(event) => setState(event.target.value as NewsletterState | '')}
            >
              <option value="confirmed">Bekräftade</option>
              <option value="pending">Ej bekräftade</option>
              <option value="unsubscribed">Avslutade</option>
              <option value="">Alla</option>
            </select>
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void exportList('newsletter')}
          >
            Exportera bekräftade (CSV)
          </button>
        </div>
        {newsletter === null ? (
          <p className="loading">Laddar …</p>
        ) : (
          <table className="table">
            <caption>
              {newsletter.total} {newsletter.total === 1 ? 'prenumeration' : 'prenumerationer'}
              {newsletter.total > newsletter.items.length
                ? ` (de ${newsletter.items.length} senaste visas)`
                : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">E-postadress</th>
                <th scope="col">Status</th>
                <th scope="col">Källa</th>
                <th scope="col">Samtycke</th>
                <th scope="col">Bekräftad</th>
              </tr>
            </thead>
            <tbody>
              {newsletter.items.map((s) => (
                <tr key={s.id}>
                  <td>{s.email}</td>
                  <td>{STATE_NAMES[s.state]}</td>
                  <td>{SOURCE_NAMES[s.source] ?? s.source}</td>
                  <td>{date.format(new Date(s.consentedAt))}</td>
                  <td>{s.confirmedAt ? date.format(new Date(s.confirmedAt)) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="panel" aria-labelledby="back-in-stock-title">
        <h2 id="back-in-stock-title">Bevakningar (åter i lager)</h2>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void exportList('back_in_stock')}
        >
          Exportera bevakningar (CSV)
        </button>
        {requests === null ? (
          <p className="loading">Laddar …</p>
        ) : (
          <table className="table">
            <caption>
              {requests.total} {requests.total === 1 ? 'öppen bevakning' : 'öppna bevakningar'}
              {requests.total > requests.items.length
                ? ` (de ${requests.items.length} senaste visas)`
                : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col">E-postadress</th>
                <th scope="col">Produkt</th>
                <th scope="col">Storlek</th>
                <th scope="col">Artikelnummer</th>
                <th scope="col">Sedan</th>
              </tr>
            </thead>
            <tbody>
              {requests.items.map((r) => (
                <tr key={r.id}>
                  <td>{r.email}</td>
                  <td>{r.productName}</td>
                  <td>{r.size}</td>
                  <td>{r.articleNumber}</td>
                  <td>{date.format(new Date(r.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
