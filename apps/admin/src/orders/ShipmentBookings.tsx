/**
 * "Frakt med nShift" on the order page (issue 43; ADR 020 §5): for an nShift order whose option
 * has a mapped service, "Skicka med nShift" (orders:write) queues the parcel's booking as a job;
 * the order's bookings with their state, nShift's words when one failed, "Fraktsedel (PDF)" when
 * the label is kept, and "Försök igen" on a failed one. The parcel number can always be typed by
 * hand instead (the status form); that makes a waiting or failed booking "manual". Reads its own
 * part of the order and, while a booking waits, again every few seconds; when one is answered the
 * page reads the order again (status, parcels).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { formatDateTime } from '../money.ts';
import type { OrderDetail } from './orders-api.ts';
import { TableScroll } from '../TableScroll.tsx';

/** A booking as the admin API gives it (`AdminShipmentBooking`). */
interface Booking {
  id: number;
  seq: number;
  orderNo: string;
  state: 'queued' | 'booked' | 'failed' | 'uncertain' | 'manual';
  /** "Bokas", "Bokad", "Misslyckades", … */
  stateName: string;
  errorCode: string | null;
  message: string | null;
  hasLabel: boolean;
  labelUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

interface BookingsData {
  adminOrder: { status: string; nshiftBookable: boolean; bookings: Booking[] } | null;
}

const BOOKINGS_QUERY = `query($id: Int!) { adminOrder(id: $id) { status nshiftBookable
  bookings { id seq orderNo state stateName errorCode message hasLabel labelUrl createdAt updatedAt } } }`;

const BOOK_MUTATION = `mutation($orderId: Int!) { bookShipment(orderId: $orderId) { id state } }`;
const RETRY_MUTATION = `mutation($id: Int!) { retryShipmentBooking(bookingId: $id) { id state } }`;

/** How often, and how many times, the list is read again while a booking waits. */
const POLL_MS = 3000;
const POLL_MAX = 40;

/** The order page's nShift bookings; nothing for an order that is neither bookable nor booked. */
export function ShipmentBookings({
  order,
  canWrite,
  onSettled,
}: {
  order: OrderDetail;
  canWrite: boolean;
  /** Called when a waiting booking was answered (the page reads the order again). */
  onSettled?: () => void;
}) {
  const [data, setData] = useState<BookingsData['adminOrder']>(null);
  const [busy, setBusy] = useState(false);
  /** The last action's outcome; `quiet` ones (a booking answered) are announced, not focused. */
  const [message, setMessage] = useState<{ text: string; error: boolean; quiet?: boolean } | null>(
    null,
  );
  const status = useRef<HTMLParagraphElement>(null);
  const alert = useRef<HTMLParagraphElement>(null);
  const polls = useRef(0);
  const lastSignature = useRef<string | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  const load = useCallback(async () => {
    const answer = await adminRequest<BookingsData>(BOOKINGS_QUERY, { id: order.id }).catch(
      () => null,
    );
    if (!answer) return;
    setData(answer.adminOrder);
    const signature = (answer.adminOrder?.bookings ?? []).map((b) => `${b.id}:${b.state}`).join();
    const changed = lastSignature.current !== null && signature !== lastSignature.current;
    lastSignature.current = signature;
    if (changed && !signature.includes(':queued')) {
      const last = answer.adminOrder?.bookings.at(-1);
      if (last) {
        setMessage({
          text: `Bokning ${last.orderNo}: ${last.stateName}.`,
          error: false,
          quiet: true,
        });
      }
      settled.current?.();
    }
  }, [order]);
  useEffect(() => {
    polls.current = 0;
    void load();
  }, [load]);
  const waiting = data?.bookings.some((b) => b.state === 'queued') ?? false;
  useEffect(() => {
    if (!waiting || polls.current >= POLL_MAX) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void load();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, data, load]);
  useEffect(() => {
    if (message && !message.quiet) (message.error ? alert : status).current?.focus();
  }, [message]);

  if (!data || (!data.nshiftBookable && data.bookings.length === 0)) return null;
  const open = data.bookings.some((b) => b.state === 'queued' || b.state === 'booked');
  const canBook =
    canWrite &&
    data.nshiftBookable &&
    !open &&
    (data.status === 'received' || data.status === 'processing');

  async function run(query: string, variables: Record<string, unknown>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await adminRequest(query, variables);
      setMessage({ text: done, error: false });
      polls.current = 0;
      await load();
    } catch (e) {
      setMessage({
        text: errorMessage(e, 'Bokningen kunde inte göras. Försök igen.'),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="shipment-bookings-title">
      <h2 id="shipment-bookings-title">Frakt med nShift</h2>
      {data.bookings.length === 0 ? (
        <p>Inget paket är bokat än. Kollinumret kan också anges manuellt när ordern skickas.</p>
      ) : (
        <TableScroll label="Bokningar hos nShift">
          <table className="table">
            <caption className="visually-hidden">Bokningar hos nShift, äldst först</caption>
            <thead>
              <tr>
                <th scope="col">Bokning</th>
                <th scope="col">Status</th>
                <th scope="col">Fraktsedel</th>
              </tr>
            </thead>
            <tbody>
              {data.bookings.map((b) => (
                <tr key={b.id} data-state={b.state}>
                  <td>
                    {b.orderNo}
                    <br />
                    <span className="hint">{formatDateTime(b.createdAt)}</span>
                  </td>
                  <td>
                    {b.state === 'failed' || b.state === 'uncertain' ? (
                      <strong>{b.stateName}</strong>
                    ) : (
                      b.stateName
                    )}
                    {b.message && b.state !== 'booked' && b.state !== 'manual' ? (
                      <>
                        <br />
                        <span className="hint">nShifts svar: {b.message}</span>
                      </>
                    ) : null}
                    {b.errorCode && b.state !== 'booked' && b.state !== 'manual' ? (
                      <>
                        <br />
                        <span className="hint">Felkod: {b.errorCode}</span>
                      </>
                    ) : null}
                    {canWrite && b.state === 'failed' ? (
                      <>
                        <br />
                        <button
                          type="button"
                          className="button button-secondary"
                          disabled={busy}
                          aria-label={`Försök igen: bokning ${b.orderNo}`}
                          onClick={() =>
                            void run(
                              RETRY_MUTATION,
                              { id: b.id },
                              `Bokningen ${b.orderNo} försöks igen.`,
                            )
                          }
                        >
                          Försök igen
                        </button>
                      </>
                    ) : null}
                  </td>
                  <td>
                    {b.labelUrl ? (
                      <a href={b.labelUrl} aria-label={`Fraktsedel (PDF) för ${b.orderNo}`}>
                        Fraktsedel (PDF)
                      </a>
                    ) : (
                      '–'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canBook ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            void run(
              BOOK_MUTATION,
              { orderId: order.id },
              'Paketet bokas hos nShift. Kollinummer och fraktsedel visas här när bokningen är klar.',
            )
          }
        >
          Skicka med nShift
        </button>
      ) : null}
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
