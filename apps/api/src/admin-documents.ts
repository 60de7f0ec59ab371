/**
 * An order's packing slip and receipt as PDF downloads of the back office (issue 27):
 * `GET /admin/orders/:id/packing-slip.pdf` and `GET /admin/orders/:id/receipt.pdf`, for staff
 * whose role may read orders. The same session cookie as `/admin/graphql` (ADR 015): 401 without
 * a live session, 403 for a role without orders:read, 404 for an unknown order, 503 for a receipt
 * while the seller lacks what a receipt must name (production without SHOP_LEGAL_NAME, SHOP_ADDRESS
 * or SHOP_ORGANISATION_NUMBER; issue 40 §2: the back office then shows why, see the admin query
 * `adminSellerIdentity`, and offers no link). Plain GET links
 * (no CSRF header: reading changes nothing; the cookie is SameSite=Strict); `no-store`, since the
 * documents hold personal data.
 */
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { ADMIN_SESSION_COOKIE, readCookie } from './graphql/admin/context.ts';
import { orderDocumentPdf, type OrderDocumentKind } from './modules/orders/order-documents.ts';
import { hasPermission } from './modules/staff/roles.ts';
import { missingReceiptSettings } from './seller.ts';
import { resolveStaffSession } from './modules/staff/staff-sessions.ts';

/** The paths of the documents: order id and kind. */
export const ORDER_DOCUMENT_PATH = /^\/admin\/orders\/(\d{1,10})\/(packing-slip|receipt)\.pdf$/;

/** The Swedish file names of the downloads. */
const FILE_NAMES: Record<OrderDocumentKind, string> = {
  'packing-slip': 'foljesedel',
  receipt: 'kvitto',
};

/**
 * The 401 (no staff session) or 403 (a role without `orders:read`) of a staff download of an
 * order's files (its documents, a booking's label), or null when the caller may read orders.
 */
export async function orderReadRefusal(
  request: Request,
  db: Database,
  now: Date,
): Promise<Response | null> {
  const token = readCookie(request.headers.get('cookie'), ADMIN_SESSION_COOKIE);
  const staff = token ? await resolveStaffSession(db, token, now) : null;
  if (!staff) return plainAnswer(401, 'Du är inte inloggad. Logga in igen.');
  if (!hasPermission(staff.role, 'orders', 'read')) {
    return plainAnswer(403, 'Din roll har inte behörighet att läsa ordrar.');
  }
  return null;
}

/** A plain-text answer with a status. */
export function plainAnswer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** What {@link orderDocumentResponse} needs. */
export interface OrderDocumentOptions {
  db: Database;
  config: Config;
  now: Date;
}

/**
 * The answer to a request for an order document, or null when the request's path is not one
 * (see {@link ORDER_DOCUMENT_PATH}).
 */
export async function orderDocumentResponse(
  request: Request,
  options: OrderDocumentOptions,
): Promise<Response | null> {
  const match = ORDER_DOCUMENT_PATH.exec(new URL(request.url).pathname);
  if (!match) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  const refused = await orderReadRefusal(request, options.db, options.now);
  if (refused) return refused;
  const orderId = Number(match[1]);
  const kind = match[2] as OrderDocumentKind;
  // A receipt names the seller as the law asks: never without name, address and org. number.
  const missing = missingReceiptSettings(options.config.seller);
  if (kind === 'receipt' && missing.length > 0) {
    return plainAnswer(
      503,
      `Kvitton kan inte skapas förrän butikens uppgifter är angivna: sätt ${missing.join(', ')} ` +
        'och starta om butiken.',
    );
  }
  const { seller, shopName } = options.config;
  const pdf = await orderDocumentPdf(options.db, orderId, kind, { seller, shopName });
  if (!pdf) return plainAnswer(404, 'Ordern finns inte.');
  return new Response(request.method === 'HEAD' ? null : pdf, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.byteLength),
      'content-disposition': `inline; filename="${FILE_NAMES[kind]}-${orderId}.pdf"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
