/**
 * The label of a parcel booking as a download of the back office (issue 43; ADR 020 §5–§6):
 * `GET /admin/orders/:orderId/bookings/:bookingId/label.pdf`, the PDF nShift printed (kept in
 * `order_bookings.label_pdf`: nShift keeps documents one hour only), for staff whose role may
 * read orders. As the order documents (admin-documents.ts): the admin session cookie, 401
 * without a live session, 403 without orders:read, 404 for an unknown booking or one without a
 * label; `no-store` (the label holds the receiver's address).
 */
import type { Database } from './db/client.ts';
import { orderReadRefusal, plainAnswer } from './admin-documents.ts';
import { bookingLabel } from './modules/shipping/booking.service.ts';

/** The label's path: order id and booking id. */
export const BOOKING_LABEL_PATH = /^\/admin\/orders\/(\d{1,10})\/bookings\/(\d{1,10})\/label\.pdf$/;

/**
 * The answer to a request for a booking's label, or null when the path is not one
 * ({@link BOOKING_LABEL_PATH}).
 */
export async function bookingLabelResponse(
  request: Request,
  options: { db: Database; now: Date },
): Promise<Response | null> {
  const match = BOOKING_LABEL_PATH.exec(new URL(request.url).pathname);
  if (!match) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const refused = await orderReadRefusal(request, options.db, options.now);
  if (refused) return refused;
  const orderId = Number(match[1]);
  const bookingId = Number(match[2]);
  const pdf = await bookingLabel(options.db, orderId, bookingId);
  if (!pdf) return plainAnswer(404, 'Fraktsedeln finns inte.');
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.byteLength),
      'content-disposition': `inline; filename="fraktsedel-${orderId}-${bookingId}.pdf"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
