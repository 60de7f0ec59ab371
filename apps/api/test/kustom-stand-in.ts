const REFERENCE =
  'K-co/K-cb/K-om: github.com/api-evangelist/klarna@fdadf01d9646f79cf16c9528238e71b076322a8b openapi/_original/{kustom-checkout-api,kustom-checkout-callback-api,order-management-api}-openapi.yml, as summarised in docs/payment-stand-ins.md K1–K5';

/**
 * A local stand-in for Kustom Checkout (Klarna Checkout KCO v3) and Kustom/Klarna Order
 * Management (issue 42's tests): the endpoints, statuses, error bodies and callbacks of
 * docs/payment-stand-ins.md K1–K5, nothing more. Listens on 127.0.0.1 only. "Stand-in
 * assumption" marks what the reference leaves open and this server chose.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  badOrderField,
  badValue,
  error,
  isObject,
  noSuchOrder,
  orderManagement,
  type Answer,
  type Order,
} from './kustom-stand-in-rules.ts';

export interface KustomStandInOptions {
  username?: string; // default 'PK_TEST_standin'
  password?: string; // default 'standin-secret'
  /** Automatic push after a completed purchase: delay between pushes, and how many (default {delayMs: 200, repeat: 1}); false = none (tests call push()). Pushes stop early once the order is acknowledged, unless `replay` is true. */
  autoPush?: { delayMs: number; repeat: number; replay?: boolean } | false;
  /** How long complete() waits for the validation callback before approving (default 3000 ms, K3). */
  validationTimeoutMs?: number;
}
export interface StandInRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}
export interface CompleteResult {
  /** 'completed': purchase authorised; 'redirected': validation answered 301/302/303/307; 'refused': validation answered 400 (error_text shown, stays); */
  outcome: 'completed' | 'redirected' | 'refused';
  /** completed: merchant_urls.confirmation with {checkout.order.id} filled; redirected: the Location header */
  location: string | null;
  /** the validation callback's HTTP status, null when no validation URL or it timed out */
  validationStatus: number | null;
  errorText?: string;
}
export interface KustomStandIn {
  url: string; // 'http://127.0.0.1:<port>' (the API base, like https://api.kustom.co)
  username: string;
  password: string;
  /** checkout orders by order_id: the KCO `order` object as stored (snake_case fields as in the API) plus OM state (under `om`, from completion on) */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, as stored
  orders: Map<string, Record<string, any>>;
  /** every API request received, in order (not the frame pages) */
  requests: StandInRequest[];
  /** What the shopper's "Slutför köp" in the iframe does (K3 steps 1–4). */
  complete(orderId: string, opts?: { address?: Record<string, unknown> }): Promise<CompleteResult>;
  /** Sends one push now: POST with an EMPTY body to merchant_urls.push; resolves to the HTTP status our shop answered (0 when the connection failed). */
  push(orderId: string): Promise<number>;
  /** The next n API requests answer 503 TEMPORARILY_UNAVAILABLE (Infinity = down until setDown(0)). */
  setDown(n: number): void;
  /**
   * Time passes at Kustom for an authorised order: its OM `expires_at` ("can only be captured
   * until this time", K4) becomes `at`; once `at` has passed the order is `EXPIRED` (K4 status).
   */
  setExpiry(orderId: string, at: Date): void;
  close(): Promise<void>;
}

/** Stand-in assumption: the reference shows `CHECKOUT_INCOMPLETE` (example) and does not confirm
 * the completed value; both lower case as in Klarna's guides. Compare case-insensitively (K2). */
const INCOMPLETE = 'checkout_incomplete';
const COMPLETE = 'checkout_complete';
/** Read-only `order` fields [K-co], plus `status` and our `om`: ignored in create/update bodies. */
const READ_ONLY = ['order_id', 'html_snippet', 'started_at', 'completed_at', 'last_modified_at'];
const IGNORED = [...READ_ONLY, 'name', 'status', 'om'];
/** Stand-in assumption: the default shopper (the reference names none). */
const DEFAULT_PERSON = {
  given_name: 'Test',
  family_name: 'Testsson',
  email: 'customer@example.se',
  street_address: 'Testgatan 1',
  postal_code: '12345',
  city: 'Stockholm',
  phone: '+46700000000',
  country: 'SE',
};
const DAY_MS = 24 * 60 * 60 * 1000;

const readOnly = () => error(403, 'READ_ONLY_ORDER', 'You tried to modify a read only resource');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A JS string literal safe inside an inline <script>. */
const jsString = (s: string) => JSON.stringify(s).replace(/</g, '\\u003c');
const fillId = (template: string, id: string) => template.split('{checkout.order.id}').join(id);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, answer: Answer): void {
  const headers: Record<string, string> = { ...answer.headers };
  let payload = '';
  if (answer.body !== undefined) {
    payload = JSON.stringify(answer.body);
    headers['content-type'] = 'application/json';
  }
  res.writeHead(answer.status, headers).end(payload);
}

function html(res: ServerResponse, status: number, title: string, body: string): void {
  // No X-Frame-Options / frame-ancestors: the frame page must load inside the shop's page.
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
      `<!-- Kustom stand-in, ${escapeHtml(REFERENCE)} --></head><body>${body}</body></html>`,
  );
}

function kronor(minor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('sv-SE', { style: 'currency', currency }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

export async function startKustomStandIn(
  options: KustomStandInOptions = {},
): Promise<KustomStandIn> {
  const username = options.username ?? 'PK_TEST_standin';
  const password = options.password ?? 'standin-secret';
  const autoPush = options.autoPush ?? { delayMs: 200, repeat: 1 };
  const validationTimeoutMs = options.validationTimeoutMs ?? 3000;
  const orders = new Map<string, Order>();
  const requests: StandInRequest[] = [];
  /** OM answers by Klarna-Idempotency-Key ("only the key matters", K4). */
  const idempotent = new Map<string, Answer>();
  const aborted = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<AbortController>();
  let down = 0;
  let closed = false;
  let url = '';
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  /** The KCO `order` as the API answers it (without the OM state). */
  const kcoView = (order: Order): Order => {
    const { om: _om, ...view } = order;
    // The confirmation snippet names the order by the merchant's reference once it is set.
    if (order.status === COMPLETE) view.html_snippet = confirmationSnippet(order);
    return view;
  };

  /** Stand-in assumption: the real markup is not confirmed (K3); this container and its style
   * are those seen in third-party copies of real snippets. The inline script only works once an
   * integration re-creates it after innerHTML, as for the real snippet. */
  const checkoutSnippet = (id: string) =>
    `<div id="klarna-checkout-container" style="overflow-x: hidden;"><script type="text/javascript">` +
    `(function(d){var c=d.getElementById('klarna-checkout-container')||(d.currentScript&&d.currentScript.parentNode);` +
    `if(!c||c.querySelector('iframe'))return;var f=d.createElement('iframe');` +
    `f.src=${jsString(`${url}/checkout/${id}/frame`)};f.title='Kustom Checkout';f.width='100%';f.height='600';` +
    `f.setAttribute('frameborder','0');f.style.border='0';c.appendChild(f);})(document);</script></div>`;
  const confirmationSnippet = (order: Order) =>
    `<div id="klarna-checkout-container"><div id="kustom-confirmation">Tack! Order ${escapeHtml(
      String(order.merchant_reference1 ?? order.order_id),
    )}</div></div>`;

  /** A create body, or the stored order merged with an update body: validated, or a 400. */
  const accept = (base: Order, body: unknown): { order: Order } | { refusal: Answer } => {
    if (!isObject(body)) return { refusal: badValue('order') };
    const fields = Object.fromEntries(Object.entries(body).filter(([k]) => !IGNORED.includes(k)));
    // Stand-in assumption: an update is merged over the stored order, then validated whole.
    const order: Order = { ...base, ...fields };
    const bad = badOrderField(order);
    return bad ? { refusal: badValue(bad) } : { order };
  };

  const kco = (method: string, parts: string[], body: unknown): Answer => {
    const now = new Date().toISOString();
    if (parts.length === 0 && method === 'POST') {
      const id = randomUUID();
      const base = { order_id: id, status: INCOMPLETE, started_at: now, last_modified_at: now };
      const accepted = accept(base, body);
      if ('refusal' in accepted) return accepted.refusal;
      const order = { ...accepted.order, html_snippet: checkoutSnippet(id) };
      orders.set(id, order);
      const location = `${url}/checkout/v3/orders/${id}`;
      return { status: 201, headers: { location }, body: kcoView(order) };
    }
    const order = orders.get(parts[0] ?? '');
    if (!order || parts.length > 2) return noSuchOrder();
    if (parts.length === 1 && method === 'GET') return { status: 200, body: kcoView(order) };
    if (method !== 'POST' || (parts.length === 2 && parts[1] !== 'abort')) return noSuchOrder();
    // Stand-in assumption: an aborted order is as read only as a completed one.
    if (order.status === COMPLETE || aborted.has(order.order_id)) return readOnly();
    if (parts.length === 2) {
      // Stand-in assumption: what abort changes in the order is not in the reference; the order
      // keeps its status and can no longer be updated or completed.
      aborted.add(order.order_id);
      order.last_modified_at = now;
      return { status: 200, body: kcoView(order) };
    }
    const updated = accept(order, body);
    if ('refusal' in updated) return updated.refusal;
    Object.assign(order, updated.order, { last_modified_at: now });
    return { status: 200, body: kcoView(order) };
  };

  const api = (req: IncomingMessage, pathname: string, raw: string): Answer => {
    const method = req.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    let body: unknown = null;
    let parsed = true;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
        parsed = false;
      }
    }
    requests.push({ method, path: req.url ?? pathname, headers, body });
    if (down > 0) {
      down -= 1;
      return error(503, 'TEMPORARILY_UNAVAILABLE', 'Service temporarily unavailable');
    }
    // K1: a wrong or missing Basic header is a 401; its body is not confirmed, so none.
    if (headers.authorization !== expected) return { status: 401 };
    const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'checkout' && parts[1] === 'v3' && parts[2] === 'orders') {
      // Stand-in assumption: a body that is not JSON is a bad value of the whole order.
      return parsed ? kco(method, parts.slice(3), body) : badValue('order');
    }
    if (parts[0] === 'ordermanagement' && parts[1] === 'v1' && parts[2] === 'orders') {
      const key = method === 'POST' ? headers['klarna-idempotency-key'] : undefined;
      const first = key ? idempotent.get(key) : undefined;
      if (first) return first;
      const order = orders.get(parts[3] ?? '');
      const base = `${url}/ordermanagement/v1/orders/${parts[3] ?? ''}`;
      const answer = parsed
        ? orderManagement(order, method, parts.slice(3), body, base)
        : badValue('body');
      if (key) idempotent.set(key, answer);
      return answer;
    }
    // Stand-in assumption: unknown paths answer 404 without a body.
    return { status: 404 };
  };

  /** POSTs the order to the validation URL; null when it did not answer in time (or at all). */
  const callValidation = async (target: string, order: Order) => {
    const controller = new AbortController();
    inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(), validationTimeoutMs);
    try {
      const res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(order),
        redirect: 'manual',
        signal: controller.signal,
      });
      const text = await res.text();
      return { status: res.status, location: res.headers.get('location'), text };
    } catch {
      // Stand-in assumption: a refused connection counts as no answer (approve).
      return null;
    } finally {
      clearTimeout(timer);
      inFlight.delete(controller);
    }
  };

  const push = async (orderId: string): Promise<number> => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`Kustom stand-in: no checkout order ${orderId}`);
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      // No body at all: fetch then sends Content-Length: 0 and no Content-Type (K3 step 4).
      const res = await fetch(fillId(order.merchant_urls.push, orderId), {
        method: 'POST',
        redirect: 'manual',
        signal: controller.signal,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    } finally {
      inFlight.delete(controller);
    }
  };

  /** K3 step 4: `repeat` pushes `delayMs` apart (the real retry schedule is not confirmed). */
  const schedulePushes = (orderId: string) => {
    if (autoPush === false) return;
    let sent = 0;
    const next = () => {
      if (closed || sent >= autoPush.repeat) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (closed || (!autoPush.replay && orders.get(orderId)?.om?.acknowledged)) return;
        sent += 1;
        // Fire and forget: push() never rejects for a stored order; the next one is chained.
        void push(orderId).then(next, next);
      }, autoPush.delayMs);
      timers.add(timer);
    };
    next();
  };

  const complete = async (
    orderId: string,
    opts: { address?: Record<string, unknown> } = {},
  ): Promise<CompleteResult> => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`Kustom stand-in: no checkout order ${orderId}`);
    if (aborted.has(orderId)) throw new Error(`Kustom stand-in: order ${orderId} was aborted`);
    const confirmation = fillId(order.merchant_urls.confirmation, orderId);
    // Stand-in assumption: a second purchase of a completed order changes nothing.
    if (order.status === COMPLETE) {
      return { outcome: 'completed', location: confirmation, validationStatus: null };
    }
    let validationStatus: number | null = null;
    if (order.merchant_urls.validation) {
      const answer = await callValidation(
        fillId(order.merchant_urls.validation, orderId),
        kcoView(order),
      );
      validationStatus = answer?.status ?? null;
      if (answer && [301, 302, 303, 307].includes(answer.status) && answer.location) {
        return { outcome: 'redirected', location: answer.location, validationStatus };
      }
      if (answer?.status === 400) {
        let errorText: string | undefined;
        try {
          const parsed: unknown = JSON.parse(answer.text);
          if (isObject(parsed) && typeof parsed.error_text === 'string')
            errorText = parsed.error_text;
        } catch {
          // no error_text to show
        }
        return { outcome: 'refused', location: null, validationStatus, errorText };
      }
      // 200 goes on; no answer in time approves (K3). Stand-in assumption: any other status
      // (and a 3xx without Location) is treated like no answer, i.e. approved.
    }
    const now = new Date();
    const billing = { ...DEFAULT_PERSON, ...order.billing_address, ...opts.address };
    Object.assign(order, {
      status: COMPLETE,
      completed_at: now.toISOString(),
      last_modified_at: now.toISOString(),
      billing_address: billing,
      shipping_address: { ...billing, ...order.shipping_address, ...opts.address },
      customer: { type: 'person', ...order.customer },
    });
    order.html_snippet = confirmationSnippet(order);
    order.om = {
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      // Stand-in assumptions: the reference's format, the 28 days and the payment method.
      klarna_reference: randomUUID().slice(0, 8).toUpperCase(),
      expires_at: new Date(now.getTime() + 28 * DAY_MS).toISOString(),
      initial_payment_method: { type: 'INVOICE', description: 'Stand-in' },
      created_at: now.toISOString(),
      original_order_amount: order.order_amount,
      captured_amount: 0,
      refunded_amount: 0,
      remaining_authorized_amount: order.order_amount,
      captures: [],
      refunds: [],
      acknowledged: false,
    };
    schedulePushes(orderId);
    return { outcome: 'completed', location: confirmation, validationStatus };
  };

  /** The iframe's pages (no auth: the shopper's browser loads them). */
  const frame = async (req: IncomingMessage, res: ServerResponse, parts: string[]) => {
    const [, id = '', , action] = parts;
    const order = orders.get(id);
    if (!order) return html(res, 404, 'Kustom Checkout', '<p>Ordern finns inte.</p>');
    if (req.method === 'GET' && !action) {
      const cur = String(order.purchase_currency).toUpperCase();
      const rows = (order.order_lines as Order[])
        .map(
          (l) =>
            `<tr><td>${escapeHtml(String(l.name))}</td><td>${l.quantity} st</td><td>${kronor(l.total_amount, cur)}</td></tr>`,
        )
        .join('');
      const form =
        order.status === COMPLETE
          ? '<p>Köpet är genomfört.</p>'
          : `<form method="post" action="/checkout/${id}/frame/complete"><button type="submit">Slutför köp</button></form>` +
            `<form method="post" action="/checkout/${id}/frame/decline"><button type="submit">Neka köpet</button></form>`;
      return html(
        res,
        200,
        'Kustom Checkout',
        `<h1>Kustom Checkout</h1><table><thead><tr><th>Vara</th><th>Antal</th><th>Summa</th></tr></thead>` +
          `<tbody>${rows}</tbody></table><p>Att betala: <strong>${kronor(order.order_amount, cur)}</strong></p>${form}`,
      );
    }
    if (req.method === 'POST' && action === 'decline') {
      // The reference's fail URL is not among merchant_urls: the stand-in only says so.
      return html(res, 200, 'Köpet nekades', '<p>Köpet nekades.</p>');
    }
    if (req.method === 'POST' && action === 'complete') {
      let result: CompleteResult;
      try {
        result = await complete(id);
      } catch (e) {
        return html(res, 409, 'Kustom Checkout', `<p>${escapeHtml((e as Error).message)}</p>`);
      }
      if (result.outcome === 'refused' || !result.location) {
        const message = escapeHtml(result.errorText ?? 'Köpet kunde inte genomföras.');
        return html(
          res,
          200,
          'Kustom Checkout',
          `<p role="alert">${message}</p><a href="/checkout/${id}/frame">Tillbaka</a>`,
        );
      }
      // A relative Location is relative to the validation URL that answered it.
      const target =
        result.outcome === 'redirected'
          ? new URL(result.location, fillId(order.merchant_urls.validation, id)).href
          : result.location;
      return html(
        res,
        200,
        'Kustom Checkout',
        `<p><a href="${escapeHtml(target)}" target="_top">Fortsätt</a></p>` +
          `<script>window.top.location.href = ${jsString(target)};</script>`,
      );
    }
    return html(res, 404, 'Kustom Checkout', '<p>Sidan finns inte.</p>');
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const pathname = new URL(req.url ?? '/', 'http://stand-in').pathname;
    const parts = pathname.split('/').filter(Boolean);
    if (parts[0] === 'checkout' && parts[2] === 'frame') return frame(req, res, parts);
    send(res, api(req, pathname, raw));
  };

  const server = createServer((req, res) => {
    // Errors of one request end that request only (500), never the stand-in.
    void handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    username,
    password,
    orders,
    requests,
    complete,
    push,
    setDown(n: number) {
      down = n;
    },
    setExpiry(orderId: string, at: Date) {
      const om = orders.get(orderId)?.om;
      if (!om) throw new Error(`Kustom stand-in: no authorised order ${orderId}`);
      om.expires_at = at.toISOString();
      if (at.getTime() <= Date.now() && om.status === 'AUTHORIZED') om.status = 'EXPIRED';
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
