/**
 * `/ordrar/:id` (issue 27 "Orders"): one order with its lines, prices, VAT per rate, payment and
 * shipping, the customer, refunds and its history (every status change, note and refund, who and
 * when). With orders:write: the status changes the transitions table allows (cancelling is
 * confirmed in a dialog: the units go back to stock), refunds, notes, resending the
 * confirmation; the packing slip and the receipt as PDF (the receipt only when it can be made:
 * OrderDocumentLinks.tsx, issue 40 §2).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatAmount, formatDateTime } from '../money.ts';
import '../dialog.css';
import { OrderDocumentLinks } from './OrderDocumentLinks.tsx';
import { OrderFacts } from './OrderFacts.tsx';
import {
  NOTE_MUTATION,
  ORDER_QUERY,
  RESEND_MUTATION,
  TRANSITION_LABELS,
  TRANSITION_MUTATION,
  type OrderDetail,
} from './orders-api.ts';
import { PaymentOperations } from './PaymentOperations.tsx';
import { RefundForm } from './RefundForm.tsx';
import { ShipmentBookings } from './ShipmentBookings.tsx';
import { TableScroll } from '../TableScroll.tsx';

const HISTORY_KINDS: Record<string, string> = {
  status: 'Status',
  note: 'Anteckning',
  confirmation: 'Orderbekräftelse',
  refund: 'Återbetalning',
};

/** The page of one order. */
export function OrderDetailPage({ canWrite }: { canWrite: boolean }) {
  const id = Number(useParams().id);
  const [order, setOrder] = useState<OrderDetail | null | undefined>(undefined);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const transitionForm = useRef<HTMLFormElement>(null);

  const load = useCallback(async () => {
    const data = await adminRequest<{ adminOrder: OrderDetail | null }>(ORDER_QUERY, { id }).catch(
      () => ({ adminOrder: null }),
    );
    setOrder(data.adminOrder);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  // The heading appears once the order is loaded: focus it then (the layout's focus on
  // navigation found only the loading text).
  const focusedId = useRef<number | null>(null);
  useEffect(() => {
    if (order === undefined || focusedId.current === id) return;
    focusedId.current = id;
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [order, id]);

  /** Runs a change; shows its result or its error. */
  async function change(
    query: string,
    variables: Record<string, unknown>,
    field: string,
    done: string,
    fieldId?: string,
  ): Promise<boolean> {
    setBusy(true);
    setErrors([]);
    setStatus('');
    try {
      const data = await adminRequest<Record<string, OrderDetail>>(query, variables);
      setOrder(data[field]!);
      setStatus(done);
      return true;
    } catch (error) {
      setErrors([
        {
          message: errorMessage(error, 'Något gick fel. Försök igen.'),
          fieldId,
        },
      ]);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function transition(to: string) {
    dialogRef.current?.close();
    const form = new FormData(transitionForm.current ?? undefined);
    const note = String(form.get('note') ?? '').trim();
    const parcel = String(form.get('parcel') ?? '').trim();
    if (parcel && !/^[A-Za-z0-9-]{4,40}$/.test(parcel)) {
      setErrors([
        {
          message: 'Kollinumret ska vara 4–40 bokstäver, siffror eller bindestreck.',
          fieldId: 'order-parcel',
        },
      ]);
      return;
    }
    const ok = await change(
      TRANSITION_MUTATION,
      {
        input: {
          orderId: id,
          to,
          note: note || null,
          parcelNumber: parcel && to !== 'cancelled' ? parcel : null,
        },
      },
      'changeOrderStatus',
      to === 'cancelled'
        ? 'Ordern är avbruten och varorna är tillbaka i lager.'
        : `Ordern har status ${to === 'completed' ? 'slutförd' : 'behandlas'}.`,
    );
    if (ok) transitionForm.current?.reset();
  }

  async function addNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const text = String(new FormData(formElement).get('text') ?? '').trim();
    if (!text) {
      setErrors([{ message: 'Skriv en anteckning.', fieldId: 'order-note' }]);
      return;
    }
    const ok = await change(
      NOTE_MUTATION,
      { orderId: id, text },
      'addOrderNote',
      'Anteckningen är sparad.',
      'order-note',
    );
    if (ok) formElement.reset();
  }

  if (order === undefined) return <p className="loading">Hämtar ordern …</p>;
  if (order === null) {
    return (
      <>
        <h1>Ordern finns inte</h1>
        <p>
          <Link to="/ordrar">Tillbaka till ordrarna</Link>
        </p>
      </>
    );
  }
  const money = (minor: number) => formatAmount(minor, order.currencyCode);
  return (
    <>
      <p>
        <Link to="/ordrar">← Alla ordrar</Link>
      </p>
      <h1>Order {order.id}</h1>
      <p className="order-lead">
        <span className={`order-badge order-badge--${order.status}`}>{order.statusName}</span> Lagd{' '}
        {formatDateTime(order.createdAt)}
        {order.completedAt ? `, slutförd ${formatDateTime(order.completedAt)}` : ''}.
      </p>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <div className="order-columns">
        <div>
          <OrderFacts order={order} />
          <PaymentOperations order={order} canWrite={canWrite} onSettled={() => void load()} />
          <ShipmentBookings order={order} canWrite={canWrite} onSettled={() => void load()} />
        </div>
        <div>
          <section className="panel" aria-labelledby="order-documents-title">
            <h2 id="order-documents-title">Dokument</h2>
            <OrderDocumentLinks orderId={order.id} />
            {canWrite ? (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() =>
                  void change(
                    RESEND_MUTATION,
                    { orderId: id },
                    'resendOrderConfirmation',
                    `Orderbekräftelsen skickas igen till ${order.email}.`,
                  )
                }
              >
                Skicka orderbekräftelsen igen
              </button>
            ) : null}
          </section>
          {canWrite && order.nextStatuses.length > 0 ? (
            <section className="panel" aria-labelledby="order-status-title">
              <h2 id="order-status-title">Ändra status</h2>
              <form
                ref={transitionForm}
                className="form"
                noValidate
                onSubmit={(e) => e.preventDefault()}
              >
                <div className="field">
                  <label htmlFor="order-transition-note">Anteckning (valfri)</label>
                  <input
                    id="order-transition-note"
                    name="note"
                    maxLength={500}
                    autoComplete="off"
                  />
                </div>
                {/* A store pickup has no parcel; a carrier's pickup point (nShift) has one. */}
                {order.nextStatuses.some((s) => s !== 'cancelled') && !order.pickupStore ? (
                  <div className="field">
                    <label htmlFor="order-parcel">Kollinummer (valfritt)</label>
                    <input id="order-parcel" name="parcel" autoComplete="off" />
                  </div>
                ) : null}
                <div className="order-actions">
                  {order.nextStatuses.map((to) => (
                    <button
                      key={to}
                      type="button"
                      className={to === 'cancelled' ? 'button button-secondary' : 'button'}
                      disabled={busy}
                      onClick={() =>
                        to === 'cancelled' ? dialogRef.current?.showModal() : void transition(to)
                      }
                    >
                      {TRANSITION_LABELS[to] ?? to}
                    </button>
                  ))}
                </div>
              </form>
            </section>
          ) : null}
          {canWrite && order.refundable.remainingIncVat > 0 ? (
            <section className="panel" aria-label="Återbetala">
              <RefundForm
                order={order}
                onSubmitting={() => {
                  setErrors([]);
                  setStatus('');
                }}
                onRefunded={(after, message) => {
                  setOrder(after);
                  setErrors([]);
                  setStatus(message);
                }}
              />
            </section>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="order-history-title">
        <h2 id="order-history-title">Historik</h2>
        <TableScroll label="Orderns händelser">
          <table className="table">
            <caption className="visually-hidden">Orderns historik</caption>
            <thead>
              <tr>
                <th scope="col">Tid</th>
                <th scope="col">Händelse</th>
                <th scope="col">Beskrivning</th>
                <th scope="col">Av</th>
              </tr>
            </thead>
            <tbody>
              {order.history.map((entry, index) => (
                <tr key={`${entry.at}-${index}`}>
                  <td>{formatDateTime(entry.at)}</td>
                  <td>
                    {entry.kind === 'status'
                      ? `${entry.fromStatusName ? `${entry.fromStatusName} → ` : ''}${entry.toStatusName}`
                      : (HISTORY_KINDS[entry.kind] ?? entry.kind)}
                  </td>
                  <td>
                    {entry.amountIncVat !== null ? `${money(entry.amountIncVat)}. ` : ''}
                    {entry.text === 'placed' ? 'Lagd i butiken' : entry.text}
                  </td>
                  <td>{entry.staffEmail ?? 'Butiken'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {canWrite ? (
          <form
            className="form form-row order-note-form"
            noValidate
            onSubmit={(e) => void addNote(e)}
          >
            <div className="field">
              <label htmlFor="order-note">Ny anteckning</label>
              <input id="order-note" name="text" maxLength={2000} autoComplete="off" />
            </div>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Spara anteckning
            </button>
          </form>
        ) : null}
      </section>
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="cancel-dialog-title"
        aria-describedby="cancel-dialog-text"
      >
        <h2 id="cancel-dialog-title">Avbryta order {order.id}?</h2>
        <p id="cancel-dialog-text">
          Varorna läggs tillbaka i lager och raderna visas som återbetalade för kunden. Det går inte
          att ångra.
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => void transition('cancelled')}>
            Ja, avbryt ordern
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => dialogRef.current?.close()}
          >
            Behåll ordern
          </button>
        </div>
      </dialog>
    </>
  );
}
