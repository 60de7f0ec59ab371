/**
 * The audit log (issue 26, audit:read): every change, newest first, filtered by action and staff
 * user, 25 a page.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { adminRequest, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';

interface Entry {
  id: number;
  at: string;
  staffEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}

const PAGE = 25;

/** Swedish names of the actions written so far; others show as their code. */
const ACTION_NAMES: Record<string, string> = {
  'staff.create': 'Personal skapad',
  'staff.role': 'Roll ändrad',
  'staff.deactivate': 'Personal inaktiverad',
  'staff.login': 'Inloggning',
  'staff.logout': 'Utloggning',
  'staff.two-factor.enable': 'Tvåstegsverifiering påslagen',
  'staff.two-factor.disable': 'Tvåstegsverifiering avstängd',
  'staff.two-factor.reset': 'Tvåstegsverifiering återställd',
  'campaign.create': 'Kampanj skapad',
  'campaign.update': 'Kampanj ändrad',
  'campaign.end': 'Kampanj avslutad',
  'promo.create': 'Rabattkod skapad',
  'promo.update': 'Rabattkod ändrad',
  'promo.deactivate': 'Rabattkod inaktiverad',
  'promo.activate': 'Rabattkod aktiverad',
  'giftcard.issue': 'Presentkort utfärdat',
  'giftcard.void': 'Presentkort makulerat',
  'stock.adjust': 'Lagersaldo justerat',
  'stock.incoming': 'Inleveransdatum ändrat',
  'catalogue.csv.import': 'CSV-import',
  'order.transition': 'Orderstatus ändrad',
  'order.refund': 'Order återbetald',
  'order.note': 'Anteckning på order',
  'order.resend-confirmation': 'Orderbekräftelse skickad igen',
  'review.publish': 'Recension publicerad',
  'review.reject': 'Recension avvisad',
  'leasing.approve': 'Förmånscykel godkänd',
  'leasing.decline': 'Förmånscykel avslagen',
  'subscribers.export': 'Prenumeranter exporterade',
  'orders.shipping-export': 'Packlista eller fraktetiketter exporterade',
  'content.draft': 'Utkast skapat',
  'content.update': 'Utkast ändrat',
  'content.publish': 'Innehåll publicerat',
  'content.discard': 'Utkast förkastat',
  'menu.item.update': 'Menyval ändrat',
  'customer.impersonate': 'Inloggning som kunden',
  'customer.support-mutation': 'Ändring i supportsession',
};

const time = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'medium' });

function change(entry: Entry): string {
  const show = (value: unknown) =>
    value === null || value === undefined ? '–' : JSON.stringify(value);
  if (entry.before === null && entry.after === null) return '–';
  return `${show(entry.before)} → ${show(entry.after)}`;
}

/** The audit-log page. */
export function AuditPage({ staffFilter }: { staffFilter: boolean }) {
  const [filter, setFilter] = useState<{ action?: string; staffUserId?: number }>({});
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<{ total: number; entries: Entry[] } | null>(null);
  const [actions, setActions] = useState<string[]>([]);
  const [staff, setStaff] = useState<Array<{ id: number; email: string }>>([]);
  const [errors, setErrors] = useState<FormError[]>([]);

  useEffect(() => {
    adminRequest<{ auditActions: string[] }>('{ auditActions }')
      .then((data) => setActions(data.auditActions))
      .catch(() => undefined);
    if (staffFilter) {
      adminRequest<{ staffUsers: Array<{ id: number; email: string }> }>(
        '{ staffUsers { id email } }',
      )
        .then((data) => setStaff(data.staffUsers))
        .catch(() => undefined);
    }
  }, [staffFilter]);

  useEffect(() => {
    adminRequest<{ auditLog: { total: number; entries: Entry[] } }>(
      'query($filter: AuditLogFilter, $skip: Int, $take: Int) { auditLog(filter: $filter, skip: $skip, take: $take) { total entries { id at staffEmail action entityType entityId before after } } }',
      { filter, skip, take: PAGE },
    )
      .then((data) => setPage(data.auditLog))
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, [filter, skip]);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const action = String(form.get('action') ?? '');
    const staffUserId = Number(form.get('staff') ?? 0);
    setSkip(0);
    setFilter({ ...(action ? { action } : {}), ...(staffUserId ? { staffUserId } : {}) });
  }

  const total = page?.total ?? 0;
  return (
    <>
      <h1>Händelselogg</h1>
      <ErrorSummary errors={errors} />
      <form onSubmit={apply} className="panel form form-row" aria-label="Filtrera händelser">
        <div className="field">
          <label htmlFor="audit-action">Händelse</label>
          <select id="audit-action" name="action" defaultValue="">
            <option value="">Alla händelser</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {ACTION_NAMES[action] ?? action}
              </option>
            ))}
          </select>
        </div>
        {staffFilter ? (
          <div className="field">
            <label htmlFor="audit-staff">Personal</label>
            <select id="audit-staff" name="staff" defaultValue="">
              <option value="">All personal</option>
              {staff.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.email}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" className="button">
          Filtrera
        </button>
      </form>
      <p role="status">{page ? `${total} händelser` : 'Hämtar händelser …'}</p>
      <table className="table">
        <caption className="visually-hidden">Händelser, senaste först</caption>
        <thead>
          <tr>
            <th scope="col">Tid</th>
            <th scope="col">Vem</th>
            <th scope="col">Händelse</th>
            <th scope="col">Gäller</th>
            <th scope="col">Ändring (före → efter)</th>
          </tr>
        </thead>
        <tbody>
          {(page?.entries ?? []).map((entry) => (
            <tr key={entry.id}>
              <td>{time.format(new Date(entry.at))}</td>
              <td>{entry.staffEmail ?? 'Systemet'}</td>
              <td>{ACTION_NAMES[entry.action] ?? entry.action}</td>
              <td>
                {entry.entityType} {entry.entityId ?? ''}
              </td>
              <td className="change">{change(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label="Sidor">
        <button
          type="button"
          className="button button-secondary"
          disabled={skip === 0}
          onClick={() => setSkip(Math.max(0, skip - PAGE))}
        >
          Föregående sida
        </button>
        <span>
          {total === 0 ? 0 : skip + 1}–{Math.min(skip + PAGE, total)} av {total}
        </span>
        <button
          type="button"
          className="button button-secondary"
          disabled={skip + PAGE >= total}
          onClick={() => setSkip(skip + PAGE)}
        >
          Nästa sida
        </button>
      </nav>
    </>
  );
}
