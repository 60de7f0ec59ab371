/**
 * The request rules of the Kustom Checkout (KCO v3) stand-in (kustom-stand-in.ts): which field
 * of a create/update `order` body is a bad value, per docs/payment-stand-ins.md K2. Each check
 * returns the field's path (`order_lines[0].total_amount`), answered as 400 `BAD_VALUE`.
 * Also the Order Management state machine and its 403 rules (K4).
 */
import { randomUUID } from 'node:crypto';

/** An answer of the stand-in's API: status, headers, JSON body (none when undefined). */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored API JSON
export type Order = Record<string, any>;

export const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error_code: code, error_messages: [message], correlation_id: randomUUID() },
});
export const badValue = (field: string) => error(400, 'BAD_VALUE', `Bad value: ${field}`);
/** Stand-in assumption: the KCO 404/403 bodies are not in the reference; OM's names are reused. */
export const noSuchOrder = () => error(404, 'NO_SUCH_ORDER', 'The order does not exist');
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const positiveInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** `order_line.type` values [K-co]. */
const LINE_TYPES = new Set([
  'physical',
  'discount',
  'shipping_fee',
  'sales_tax',
  'digital',
  'gift_card',
  'store_credit',
  'surcharge',
]);

const MAX_LINES = 1000;
const MAX_UNIT_PRICE = 100_000_000;
const MAX_TAX_RATE = 10_000;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const tooLong = (v: unknown, max: number) =>
  v !== undefined && (typeof v !== 'string' || v.length > max);

/** The first bad field of one order line, or null. */
function badLineField(line: unknown, at: string): string | null {
  if (!isObject(line)) return at;
  if (!isText(line.name)) return `${at}.name`;
  if (line.type !== undefined && !LINE_TYPES.has(line.type as string)) return `${at}.type`;
  if (tooLong(line.reference, 255)) return `${at}.reference`;
  // Quantity: the doc gives no range; the stand-in only requires a whole number (assumption).
  if (!isInt(line.quantity)) return `${at}.quantity`;
  // unit_price: minor units incl. tax, max 100 000 000 (only a maximum is documented).
  if (!isInt(line.unit_price) || line.unit_price > MAX_UNIT_PRICE) return `${at}.unit_price`;
  // tax_rate: non-negative, two implicit decimals, max 10000.
  if (!isInt(line.tax_rate) || line.tax_rate < 0 || line.tax_rate > MAX_TAX_RATE) {
    return `${at}.tax_rate`;
  }
  const discount = line.total_discount_amount ?? 0;
  // total_discount_amount: "Non-negative minor units. Includes tax".
  if (!isInt(discount) || discount < 0) return `${at}.total_discount_amount`;
  // total_amount = quantity × unit_price − total_discount_amount, exactly (K2: the stand-in
  // requires equality, not K-dotnet's ±quantity).
  if (
    !isInt(line.total_amount) ||
    line.total_amount !== line.quantity * line.unit_price - discount
  ) {
    return `${at}.total_amount`;
  }
  // total_tax_amount within ±1 of total_amount − total_amount × 10000 / (10000 + tax_rate),
  // i.e. total_amount × tax_rate / (10000 + tax_rate), compared in integers (no rounding).
  const tax = line.total_tax_amount;
  if (!isInt(tax)) return `${at}.total_tax_amount`;
  const denominator = MAX_TAX_RATE + line.tax_rate;
  if (Math.abs(tax * denominator - line.total_amount * line.tax_rate) > denominator) {
    return `${at}.total_tax_amount`;
  }
  // "negative for discount lines": a discount at 0 % has 0 tax, so the stand-in refuses only a
  // positive tax on a discount line (assumption: the doc does not say how 0 % is treated).
  if (line.type === 'discount' && tax > 0) return `${at}.total_tax_amount`;
  return null;
}

/**
 * The first bad field of the `order_lines` of a capture or refund (K4: "order lines for the
 * refund shown to the customer", the `order_line` of K2), or null: each line as in a checkout,
 * and their `total_amount`s adding up to the `amount` captured or refunded (stand-in
 * assumption: OM's reference does not say how a mismatch is answered; Klarna's line rules
 * apply to every `order_line`, and a sum other than the amount is refused as a checkout's).
 */
export function badOperationLines(lines: unknown, amount: number): string | null {
  if (lines === undefined) return null;
  if (!Array.isArray(lines) || lines.length > MAX_LINES) return 'order_lines';
  let sum = 0;
  for (const [i, line] of lines.entries()) {
    const bad = badLineField(line, `order_lines[${i}]`);
    if (bad) return bad;
    sum += (line as { total_amount: number }).total_amount;
  }
  return lines.length > 0 && sum !== amount ? 'order_lines' : null;
}

/** True for a URL the stand-in may POST the validation callback to (K2: https; http for 127.0.0.1). */
function validationUrlAllowed(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  if (parsed.protocol === 'https:') return true;
  // Stand-in assumption: besides 127.0.0.1 (the doc), localhost is local too.
  return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(parsed.hostname);
}

/**
 * The first bad field of a KCO `order` body (create, or the stored order merged with an update),
 * or null when every K2 rule holds.
 */
export function badOrderField(order: Record<string, unknown>): string | null {
  // purchase_country/purchase_currency "need to match the defined merchant configuration": the
  // stand-in has no configuration, it only requires them present.
  for (const field of ['purchase_country', 'purchase_currency', 'locale'] as const) {
    if (!isText(order[field])) return field;
  }
  const urls = order.merchant_urls;
  if (!isObject(urls)) return 'merchant_urls';
  for (const field of ['terms', 'checkout', 'confirmation', 'push'] as const) {
    if (!isText(urls[field])) return `merchant_urls.${field}`;
  }
  if (urls.validation !== undefined) {
    if (typeof urls.validation !== 'string' || !validationUrlAllowed(urls.validation)) {
      return 'merchant_urls.validation';
    }
  }
  if (tooLong(order.merchant_reference1, 255)) return 'merchant_reference1';
  if (tooLong(order.merchant_reference2, 255)) return 'merchant_reference2';
  if (tooLong(order.merchant_data, 6000)) return 'merchant_data';

  const lines = order.order_lines;
  if (!Array.isArray(lines) || lines.length > MAX_LINES) return 'order_lines';
  let amount = 0;
  let taxAmount = 0;
  for (const [i, line] of lines.entries()) {
    const bad = badLineField(line, `order_lines[${i}]`);
    if (bad) return bad;
    amount += (line as { total_amount: number }).total_amount;
    taxAmount += (line as { total_tax_amount: number }).total_tax_amount;
  }
  // Σ equality: the exact tolerance is not confirmed; the stand-in requires equality (K2).
  if (!isInt(order.order_amount) || order.order_amount !== amount) return 'order_amount';
  if (!isInt(order.order_tax_amount) || order.order_tax_amount !== taxAmount) {
    return 'order_tax_amount';
  }
  return null;
}

function omView(order: Order) {
  const om = order.om;
  return {
    order_id: order.order_id,
    status: om.status,
    fraud_status: om.fraud_status,
    order_amount: order.order_amount,
    original_order_amount: om.original_order_amount,
    captured_amount: om.captured_amount,
    refunded_amount: om.refunded_amount,
    remaining_authorized_amount: om.remaining_authorized_amount,
    purchase_currency: order.purchase_currency,
    purchase_country: order.purchase_country,
    order_lines: order.order_lines,
    captures: om.captures,
    refunds: om.refunds,
    expires_at: om.expires_at,
    klarna_reference: om.klarna_reference,
    merchant_reference1: order.merchant_reference1,
    merchant_reference2: order.merchant_reference2,
    initial_payment_method: om.initial_payment_method,
    created_at: om.created_at,
  };
}

/** Order Management [K4]; the 403 codes other than NO_SUCH_ORDER are stand-in names (K4). */
export function orderManagement(
  order: Order | undefined,
  method: string,
  parts: string[],
  body: unknown,
  base: string,
): Answer {
  if (!order?.om) return noSuchOrder();
  const om = order.om;
  const [, action, subId, sub] = parts;
  const now = new Date().toISOString();
  if (method === 'GET') {
    if (!action) return { status: 200, body: omView(order) };
    if (action === 'captures' && !subId) return { status: 200, body: om.captures };
    const list = action === 'captures' ? om.captures : action === 'refunds' ? om.refunds : null;
    const found = list?.find((x: Order) => (x.capture_id ?? x.refund_id) === subId);
    if (found && !sub) return { status: 200, body: found };
    // Stand-in assumption: the 404 codes of captures/refunds are not in the reference.
    return error(404, 'NOT_FOUND', 'No such resource');
  }
  if (method === 'PATCH' && action === 'merchant-references' && !subId) {
    // Klarna OM "Update merchant references": either or both, 0–255 characters, 204.
    const b = isObject(body) ? body : {};
    for (const field of ['merchant_reference1', 'merchant_reference2'] as const) {
      const value = b[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length > 255) return badValue(field);
      order[field] = value;
    }
    return { status: 204 };
  }
  if (method !== 'POST') return error(404, 'NOT_FOUND', 'No such resource');
  const cancelled = om.status === 'CANCELLED';
  const text = (v: unknown, max: number) =>
    v === undefined || (typeof v === 'string' && v.length <= max);
  const list = (v: unknown, max: number) =>
    v === undefined || (Array.isArray(v) && v.length <= max);
  switch (subId ? `${action}/:id/${sub}` : action) {
    case 'acknowledge':
      om.acknowledged = true;
      return { status: 204 };
    case 'captures': {
      const b = isObject(body) ? body : {};
      // Stand-in assumption: OM's answer to a malformed body is not in the reference (400 BAD_VALUE).
      if (!positiveInt(b.captured_amount)) return badValue('captured_amount');
      for (const [f, ok] of [
        ['description', text(b.description, 255)],
        ['reference', text(b.reference, 255)],
        ['order_lines', list(b.order_lines, 1000)],
        ['shipping_info', list(b.shipping_info, 500)],
      ] as const) {
        if (!ok) return badValue(f);
      }
      const amount = b.captured_amount as number;
      const badLine = badOperationLines(b.order_lines, amount);
      if (badLine) return badValue(badLine);
      if (cancelled || amount > om.remaining_authorized_amount) {
        return error(403, 'CAPTURE_NOT_ALLOWED', 'Capture not allowed');
      }
      const capture = {
        capture_id: randomUUID(),
        klarna_reference: om.klarna_reference,
        captured_amount: amount,
        captured_at: now,
        description: b.description,
        reference: b.reference,
        order_lines: b.order_lines ?? [],
        // Stand-in assumption: refunds are not allocated to captures (the reference is silent).
        refunded_amount: 0,
        shipping_info: b.shipping_info ?? [],
      };
      om.captures.push(capture);
      om.captured_amount += amount;
      om.remaining_authorized_amount -= amount;
      om.status = om.remaining_authorized_amount === 0 ? 'CAPTURED' : 'PART_CAPTURED';
      const location = `${base}/captures/${capture.capture_id}`;
      return { status: 201, headers: { 'capture-id': capture.capture_id, location } };
    }
    case 'captures/:id/shipping-info': {
      const capture = om.captures.find((c: Order) => c.capture_id === subId);
      if (!capture) return error(404, 'NOT_FOUND', 'No such capture');
      const info = isObject(body) ? body.shipping_info : undefined;
      if (!Array.isArray(info) || info.length > 500) return badValue('shipping_info');
      capture.shipping_info.push(...info);
      return { status: 204 };
    }
    case 'refunds': {
      const b = isObject(body) ? body : {};
      if (!positiveInt(b.refunded_amount)) return badValue('refunded_amount');
      if (!text(b.description, 255)) return badValue('description');
      if (!text(b.reference, 255)) return badValue('reference');
      if (!list(b.order_lines, 1000)) return badValue('order_lines');
      const amount = b.refunded_amount as number;
      const badLine = badOperationLines(b.order_lines, amount);
      if (badLine) return badValue(badLine);
      if (cancelled || amount > om.captured_amount - om.refunded_amount) {
        return error(
          403,
          'REFUND_NOT_ALLOWED',
          'Refund amount must be less or equal to the captured amount',
        );
      }
      const refund = {
        refund_id: randomUUID(),
        refunded_amount: amount,
        refunded_at: now,
        description: b.description,
        reference: b.reference,
        order_lines: b.order_lines ?? [],
      };
      om.refunds.push(refund);
      om.refunded_amount += amount;
      const location = `${base}/refunds/${refund.refund_id}`;
      return { status: 201, headers: { 'refund-id': refund.refund_id, location } };
    }
    case 'cancel':
      // Stand-in assumption: cancelling twice is refused like a closed order; a cancelled
      // order has nothing left to capture.
      if (om.captures.length > 0 || cancelled) {
        return error(403, 'CANCEL_NOT_ALLOWED', 'Cancel not allowed');
      }
      om.status = 'CANCELLED';
      om.remaining_authorized_amount = 0;
      return { status: 204 };
    case 'release-remaining-authorization':
      if (om.captures.length === 0 || cancelled) {
        return error(
          403,
          'NOT_ALLOWED',
          'Can not release when order is cancelled or has no captures',
        );
      }
      om.remaining_authorized_amount = 0;
      om.status = 'CAPTURED';
      return { status: 204 };
    default:
      return error(404, 'NOT_FOUND', 'No such resource');
  }
}
