/**
 * "Betalningshändelser" on the order page (issue 42): the calls that move money at the payment
 * provider (Kustom) — the capture when the order ships, a cancel or release of what was not
 * taken, refunds — with their state, the provider's own words and error code when one failed,
 * and "Försök igen" (orders:write) that queues a failed one again (`retryPaymentOperation`).
 * Also what was taken ("Dragit") and paid back ("Återbetalt") on each such payment (refunds made
 * at Stripe outside the shop included, with their note), and the reconciliation's flags: an
 * authorisation the provider cancelled, let expire or that runs out soon, in Swedish with what
 * to do (`paymentAlerts`, e.g. "Reservationen går ut 4 december 2026 kl. 10:00: skicka ordern
 * eller kontakta kunden."). Shown only
 * for payments with provider calls; invoice, leasing and the sandbox move no money through one.
 * Reads its own part of the order again whenever the page's order changes (a shipment or a
 * refund queues an operation) and, while one waits, every few seconds.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { formatAmount, formatDateTime } from '../money.ts';
import type { OrderDetail } from './orders-api.ts';
import { TableScroll } from '../TableScroll.tsx';

/** The providers whose payments move money through calls (the API's PROVIDERS_WITH_CALLS). */
const PROVIDERS_WITH_CALLS = ['kustom', 'stripe'];

/** Provider names as staff know them. */
const PROVIDER_NAMES: Record<string, string> = { kustom: 'Kustom', stripe: 'Stripe' };

/** A payment operation as the admin API gives it (`AdminPaymentOperation`). Amounts in öre. */
interface PaymentOperation {
  id: number;
  kind: 'capture' | 'cancel' | 'release' | 'refund';
  /** "Dragning", "Makulering", "Frigörelse av rest", "Återbetalning". */
  kindName: string;
  amount: number;
  state: 'queued' | 'succeeded' | 'failed';
  /** "Väntar", "Klar", "Misslyckades". */
  stateName: string;
  errorCode: string | null;
  providerMessage: string | null;
  trackingNumbers: string[];
  staffEmail: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A flag of the reconciliation (`AdminPaymentAlert`): the provider reports the authorisation so. */
interface PaymentAlert {
  provider: string;
  state: 'cancelled' | 'expired' | 'expiring';
  expiresAt: string | null;
  /** What to do, in Swedish. */
  message: string;
}

interface ProviderPayment {
  provider: string;
  transactionId: string;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
}

interface OperationsData {
  adminOrder: {
    payments: ProviderPayment[];
    paymentOperations: PaymentOperation[];
    paymentAlerts: PaymentAlert[];
  } | null;
}

const OPERATIONS_QUERY = `query($id: Int!) { adminOrder(id: $id) {
  payments { provider transactionId amount capturedAmount refundedAmount }
  paymentOperations { id kind kindName amount state stateName errorCode providerMessage
    trackingNumbers staffEmail createdAt updatedAt }
  paymentAlerts { provider state expiresAt message } } }`;

const RETRY_MUTATION = `mutation($id: Int!) { retryPaymentOperation(id: $id) { id state } }`;

/** How often, and how many times, the list is read again while an operation waits. */
const POLL_MS = 4000;
const POLL_MAX = 15;

/** The order page's payment operations; nothing for an order without provider payments. */
export function PaymentOperations({
  order,
  canWrite,
  onSettled,
}: {
  order: OrderDetail;
  canWrite: boolean;
  /** Called when the operations that waited have all been answered (the page reads the order again). */
  onSettled?: () => void;
}) {
  const [data, setData] = useState<OperationsData['adminOrder']>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const polls = useRef(0);
  const lastSignature = useRef<string | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const money = (minor: number) => formatAmount(minor, order.currencyCode);

  const load = useCallback(async () => {
    const answer = await adminRequest<OperationsData>(OPERATIONS_QUERY, { id: order.id }).catch(
      () => null,
    );
    if (!answer) return;
    setData(answer.adminOrder);
    // An operation answered since the last read (also one that ran before this component saw it
    // waiting): the rest of the page (payment status, what is refundable) is stale.
    const signature = (answer.adminOrder?.paymentOperations ?? [])
      .map((op) => `${op.id}:${op.state}`)
      .join(',');
    const changed = lastSignature.current !== null && signature !== lastSignature.current;
    lastSignature.current = signature;
    if (changed && !signature.includes(':queued')) settled.current?.();
  }, [order]);
  useEffect(() => {
    polls.current = 0;
    void load();
  }, [load]);
  const waiting = data?.paymentOperations.some((op) => op.state === 'queued') ?? false;

  useEffect(() => {
    if (!waiting || polls.current >= POLL_MAX) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void load();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, data, load]);
  // The result takes the focus the pressed button had (the button is gone once it is queued).
  useEffect(() => {
    if (message) (message.error ? alert : status).current?.focus();
  }, [message]);

  const payments = (data?.payments ?? []).filter((p) => PROVIDERS_WITH_CALLS.includes(p.provider));
  if (!data || payments.length === 0) return null;
  const operations = data.paymentOperations;
  const retryable = canWrite && operations.some((op) => op.state === 'failed');

  /** What an operation moved, in words: an amount, or what a cancel or release is about. */
  const amountText = (op: PaymentOperation) => {
    if (op.amount > 0 || op.kind === 'capture' || op.kind === 'refund') return money(op.amount);
    return op.kind === 'cancel' ? 'Hela reservationen' : 'Resten av reservationen';
  };
  const nameOf = (op: PaymentOperation) => `${op.kindName} ${amountText(op).toLowerCase()}`;

  async function retry(op: PaymentOperation) {
    setBusy(op.id);
    setMessage(null);
    try {
      await adminRequest(RETRY_MUTATION, { id: op.id });
      setMessage({
        text: `${nameOf(op)} försöks igen. Status: Väntar tills betalningsleverantören har svarat.`,
        error: false,
      });
      polls.current = 0;
      await load();
    } catch (e) {
      setMessage({
        text: errorMessage(e, `${nameOf(op)} kunde inte försökas igen.`),
        error: true,
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="panel" aria-labelledby="payment-operations-title">
      <h2 id="payment-operations-title">Betalningshändelser</h2>
      {data.paymentAlerts.map((alert) => (
        <div
          key={`${alert.provider}:${alert.state}`}
          className="order-notice"
          role="note"
          aria-label={
            alert.state === 'expiring' ? 'Reservationen går ut' : 'Reservationen gäller inte'
          }
          data-testid="payment-alert"
        >
          <strong>{alert.message}</strong>
        </div>
      ))}
      {payments.map((p) => (
        <dl key={p.transactionId} className="order-sum" data-testid="payment-amounts">
          <dt>
            Reserverat hos {PROVIDER_NAMES[p.provider] ?? p.provider} ({p.transactionId})
          </dt>
          <dd>{money(p.amount)}</dd>
          <dt>Dragit</dt>
          <dd>{money(p.capturedAmount)}</dd>
          <dt>Återbetalt</dt>
          <dd>{money(p.refundedAmount)}</dd>
        </dl>
      ))}
      {operations.length === 0 ? (
        <p>
          Inga betalningshändelser än.
          {/* A cancelled or expired authorisation is taken by nothing any more. */}
          {data.paymentAlerts.some((alert) => alert.state !== 'expiring')
            ? null
            : ' Betalningen dras när ordern skickas.'}
        </p>
      ) : (
        <TableScroll label="Anrop till betalningsleverantören">
          <table className="table">
            <caption className="visually-hidden">
              Anrop till betalningsleverantören, äldst först
            </caption>
            <thead>
              <tr>
                <th scope="col">Tid</th>
                <th scope="col">Händelse</th>
                <th scope="col" className="number">
                  Belopp
                </th>
                <th scope="col">Status</th>
                {retryable ? <th scope="col">Åtgärd</th> : null}
              </tr>
            </thead>
            <tbody>
              {operations.map((op) => (
                <tr key={op.id} data-state={op.state}>
                  <td>{formatDateTime(op.createdAt)}</td>
                  <td>
                    {op.kindName}
                    {op.trackingNumbers.length > 0 ? (
                      <>
                        <br />
                        <span className="hint">Kolli {op.trackingNumbers.join(', ')}</span>
                      </>
                    ) : null}
                    {op.staffEmail ? (
                      <>
                        <br />
                        <span className="hint">Av {op.staffEmail}</span>
                      </>
                    ) : null}
                  </td>
                  <td className="number">{amountText(op)}</td>
                  <td>
                    {op.state === 'failed' ? <strong>{op.stateName}</strong> : op.stateName}
                    {op.state !== 'queued' && op.updatedAt !== op.createdAt ? (
                      <>
                        <br />
                        <span className="hint">{formatDateTime(op.updatedAt)}</span>
                      </>
                    ) : null}
                    {op.state === 'succeeded' && op.providerMessage ? (
                      <>
                        <br />
                        <span className="hint">{op.providerMessage}</span>
                      </>
                    ) : null}
                    {op.state === 'failed' && op.providerMessage ? (
                      <>
                        <br />
                        <span className="hint">Leverantörens svar: {op.providerMessage}</span>
                      </>
                    ) : null}
                    {op.state === 'failed' && op.errorCode ? (
                      <>
                        <br />
                        <span className="hint">Felkod: {op.errorCode}</span>
                      </>
                    ) : null}
                  </td>
                  {retryable ? (
                    <td>
                      {op.state === 'failed' ? (
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={busy !== null}
                          aria-label={`Försök igen: ${nameOf(op)}`}
                          onClick={() => void retry(op)}
                        >
                          Försök igen
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <p ref={status} tabIndex={-1} className="status" role="status">
        {message && !message.error ? message.text : ''}
      </p>
      {message?.error ? (
        <p ref={alert} tabIndex={-1} className="error-summary" role="alert">
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
