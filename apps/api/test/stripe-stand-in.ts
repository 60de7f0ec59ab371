/**
 * A local stand-in for Stripe's v1 Payment Intents, Refunds and Charges API and its webhooks
 * (issue 42's tests; docs/payment-stand-ins.md S3–S5, as built in S8). The real `stripe` client
 * talks to it over HTTP; every request's parameters and every body it sends are validated
 * against JSON Schema generated from that client's own types (stripe-stand-in-schemas.ts).
 * Listens on 127.0.0.1 only. "Stand-in assumption" marks what the reference leaves open.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import {
  REFERENCE as SCHEMA_REFERENCE,
  checkBody,
  eventShape,
  checkParams,
  unsimulatedParam,
  type RequestType,
  type ResponseType,
} from './stripe-stand-in-schemas.ts';
import {
  copy,
  fail,
  invalid,
  noSuch,
  notSimulated,
  paymentIntentRules,
  redirectOutcome,
  rid,
  token,
  type Answer,
  type Get,
  type Op,
  type Params,
} from './stripe-stand-in-rules.ts';
import { stripeJsStub } from './stripe-js-stub.ts';
import {
  ageAuthorisation,
  expireAuthorisation,
  failRefund,
  listRefunds,
  type ListOp,
} from './stripe-stand-in-outside.ts';

const REFERENCE = `${SCHEMA_REFERENCE}; docs/payment-stand-ins.md S3–S5, S8`;

/** Options of {@link startStripeStandIn}. */
export interface StripeStandInOptions {
  /** Where events are POSTed (also settable later with setWebhookUrl). */
  webhookUrl?: string;
  /** Send the events of S4 after confirm, capture, refund and cancel (default true). */
  autoWebhooks?: boolean;
  /** Delay before an automatic event is sent (default 50 ms). */
  webhookDelayMs?: number;
}
/** One API request the stand-in answered. */
export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
  status: number;
}
/** How {@link StripeStandIn.deliver} signs: properly, not at all, with another secret, or signs and then alters the body. */
export type SignatureMode = 'valid' | 'none' | 'wrong-secret' | 'tampered-body';
/** The running stand-in. */
export interface StripeStandIn {
  /** `http://127.0.0.1:PORT` (stripe-node: host 127.0.0.1, port, protocol 'http'). */
  url: string;
  port: number;
  /** `sk_test_standin_…`, accepted as Bearer; any other key is a 401. */
  secretKey: string;
  /** `pk_test_standin_…`: only GET of an intent and its confirm, with the intent's client_secret (Stripe.js). */
  publishableKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string | null): void;
  /** The intent's current state (a copy). */
  intent(id: string): Stripe.PaymentIntent | undefined;
  /** The refunds of an intent, oldest first (copies). */
  refunds(intentId: string): Stripe.Refund[];
  requests: StandInRequest[];
  /** Bodies that failed their own schema (a stand-in bug: answered 500), and internal errors. */
  validationErrors: string[];
  /** Webhook deliveries: HTTP status, or 0 when the URL was unreachable or none was set. */
  events: Array<{ id: string; type: string; delivered: number }>;
  /** The next n API calls answer 503 (type api_error): "provider down". */
  failNext(n: number): void;
  /**
   * Confirms as the browser would: card → requires_capture (manual) or succeeded, 'decline' →
   * requires_payment_method + last_payment_error; swish → succeeded; klarna (with `returnUrl`) →
   * requires_action, `next_action.redirect_to_url.url` the stand-in's Klarna page, whose
   * "Godkänn"/"Neka" (POST …/authorize, …/fail) send the shopper back to `returnUrl`.
   */
  confirm(
    intentId: string,
    how: {
      method: 'card' | 'swish' | 'klarna';
      outcome?: 'succeed' | 'decline';
      returnUrl?: string;
    },
  ): Promise<Stripe.PaymentIntent>;
  /** Outside the shop (stripe-stand-in-outside.ts): the refund fails later (`refund.updated`). */
  failRefund(refundId: string, reason?: string): Stripe.Refund;
  /** Outside the shop: `seconds` pass for an uncaptured authorisation (`created`, `capture_before`). */
  ageAuthorisation(intentId: string, seconds: number): void;
  /** Outside the shop: Stripe cancels the uncaptured authorisation as expired (`automatic`). */
  expireAuthorisation(intentId: string): void;
  /** Sends an event for the intent (charge.*: its charge; refund.*: `refundId`, else its last refund) now, signed per `signature`; `times` repeats the same event id. Resolves to the HTTP statuses. */
  deliver(
    type: string,
    intentId: string,
    opts?: { times?: number; signature?: SignatureMode; refundId?: string },
  ): Promise<number[]>;
  close(): Promise<void>;
}

type Intent = Stripe.PaymentIntent;
/** [method, path (`:id` = the id), request type (none: no parameters), response type]. */
const ROUTES: Record<Op | Get | ListOp, [string, string, RequestType | null, ResponseType]> = {
  create: ['POST', 'payment_intents', 'PaymentIntentCreateParams', 'PaymentIntent'],
  retrieve: ['GET', 'payment_intents/:id', 'PaymentIntentRetrieveParams', 'PaymentIntent'],
  update: ['POST', 'payment_intents/:id', 'PaymentIntentUpdateParams', 'PaymentIntent'],
  confirm: ['POST', 'payment_intents/:id/confirm', 'PaymentIntentConfirmParams', 'PaymentIntent'],
  capture: ['POST', 'payment_intents/:id/capture', 'PaymentIntentCaptureParams', 'PaymentIntent'],
  cancel: ['POST', 'payment_intents/:id/cancel', 'PaymentIntentCancelParams', 'PaymentIntent'],
  refund: ['POST', 'refunds', 'RefundCreateParams', 'Refund'],
  getRefund: ['GET', 'refunds/:id', null, 'Refund'],
  getCharge: ['GET', 'charges/:id', null, 'Charge'],
  listRefunds: ['GET', 'refunds', 'RefundListParams', 'RefundList'],
};
const MATCHERS = Object.entries(ROUTES).map(([op, [method, path]]) => ({
  op: op as Op | Get | ListOp,
  method,
  re: new RegExp(`^/v1/${path.replace(':id', '([^/]+)')}$`),
}));
/** The event types sent, with their generated schemas [S4; Events.d.ts]. */
const EVENTS: Record<string, ResponseType> = {
  'payment_intent.amount_capturable_updated': 'PaymentIntentAmountCapturableUpdatedEvent',
  'payment_intent.succeeded': 'PaymentIntentSucceededEvent',
  'payment_intent.payment_failed': 'PaymentIntentPaymentFailedEvent',
  'payment_intent.canceled': 'PaymentIntentCanceledEvent',
  'charge.refunded': 'ChargeRefundedEvent',
  'refund.updated': 'RefundUpdatedEvent',
};
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Version',
  'access-control-expose-headers': 'Request-Id, Idempotent-Replayed',
};

const unrecognized = (method = 'GET', path: string) =>
  fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts the stand-in on 127.0.0.1 and a free port. */
export async function startStripeStandIn(
  options: StripeStandInOptions = {},
): Promise<StripeStandIn> {
  const secretKey = `sk_test_standin_${token()}`;
  const publishableKey = `pk_test_standin_${token()}`;
  // Stand-in assumption: the `whsec_` prefix as secondary sources show it (S4: not confirmed).
  const webhookSecret = `whsec_${token(16)}`;
  const autoWebhooks = options.autoWebhooks ?? true;
  const webhookDelayMs = options.webhookDelayMs ?? 50;
  let webhookUrl = options.webhookUrl ?? null;
  let down = 0;
  let closed = false;
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Stripe.Charge>();
  const refunds = new Map<string, Stripe.Refund>();
  /** intent id → its succeeded charge (the one refunds go to). */
  const paidCharge = new Map<string, string>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const requests: StandInRequest[] = [];
  const validationErrors: string[] = [];
  const events: StripeStandIn['events'] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const inFlight = new Set<AbortController>();
  /** Events the current operation created; made and sent once it has answered. */
  let pending: Array<{ type: string; object: unknown }> = [];
  const emit = (type: string, object: unknown) => pending.push({ type, object: copy(object) });

  const redirectUrl = (id: string) => `${standInUrl}/redirect/klarna/${encodeURIComponent(id)}`;
  const state = { intents, charges, refunds, paidCharge, emit, redirectUrl };
  /** One operation on validated parameters (the HTTP API and the helpers both come here). */
  const rules = paymentIntentRules(state);
  const operate = (op: Op | Get | ListOp, id: string, params: Params) =>
    op === 'listRefunds' ? listRefunds(state, params) : rules(op, id, params);
  /** A helper acting outside the shop: its events are made as an operation's are. */
  const outside = <T>(act: () => T): T => {
    pending = [];
    const result = act();
    flush(null);
    return result;
  };

  /** A webhook event [S4; Events.d.ts EventBase], checked against its generated schema. */
  const newEvent = (type: string, object: unknown, request: Stripe.Event.Request | null) => {
    const event = eventShape(rid('evt'), type, object, request);
    const problem = checkBody(EVENTS[type] as ResponseType, event);
    if (problem) validationErrors.push(`event ${type}: ${problem}`);
    return event;
  };

  /** POSTs one event as JSON; the HTTP status, or 0 when not reachable. Never throws. */
  const send = async (event: { id: string; type: string }, mode: SignatureMode) => {
    let delivered = 0;
    if (webhookUrl && !closed) {
      const payload = JSON.stringify(event, null, 2);
      const secret = mode === 'wrong-secret' ? `whsec_${token(16)}` : webhookSecret;
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const body =
        mode === 'tampered-body'
          ? payload.replace(/"amount": (\d+)/, (_, n: string) => `"amount": ${Number(n) + 1}`)
          : payload;
      const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
      if (mode !== 'none') headers['stripe-signature'] = signature;
      const controller = new AbortController();
      inFlight.add(controller);
      const timer = setTimeout(() => controller.abort(), 10_000);
      try {
        const res = await fetch(webhookUrl, {
          method: 'POST',
          headers,
          body,
          signal: controller.signal,
        });
        await res.arrayBuffer();
        delivered = res.status;
      } catch {
        delivered = 0;
      } finally {
        clearTimeout(timer);
        inFlight.delete(controller);
      }
    }
    events.push({ id: event.id, type: event.type, delivered });
    return delivered;
  };

  /** Makes the events of the operation that just answered and sends them after webhookDelayMs. */
  const flush = (request: Stripe.Event.Request | null) => {
    const created = pending.map(({ type, object }) => newEvent(type, object, request));
    pending = [];
    for (const event of autoWebhooks ? created : []) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void send(event, 'valid');
      }, webhookDelayMs);
      timers.add(timer);
    }
  };

  /** Runs an operation and checks its body: a failure is a stand-in bug, answered 500 (S2). */
  const run = (
    op: Op | Get | ListOp,
    id: string,
    params: Params,
    request: Stripe.Event.Request | null,
  ) => {
    pending = [];
    const answer = copy(operate(op, id, params));
    const type = answer.status < 300 ? ROUTES[op][3] : 'StripeErrorBody';
    const problem = checkBody(type, answer.body);
    flush(request);
    if (!problem) return answer;
    validationErrors.push(`${op} ${id}: ${problem}`);
    return fail(500, 'api_error', 'Stripe stand-in: its answer failed its own schema.');
  };

  const api = (req: IncomingMessage, pathname: string, params: Params, key: string | null) => {
    if (down > 0) {
      down -= 1;
      return fail(503, 'api_error', 'Stripe stand-in: the provider is down (failNext).');
    }
    const formKey = typeof params.key === 'string' ? params.key : null;
    delete params.key;
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? formKey;
    if (auth !== secretKey && auth !== publishableKey) {
      const message = auth ? 'Invalid API Key provided.' : 'You did not provide an API key.';
      return fail(401, 'authentication_error', message);
    }
    const method = req.method ?? 'GET';
    const match = MATCHERS.find((m) => m.method === method && m.re.test(pathname));
    if (!match) return unrecognized(method, pathname);
    const id = decodeURIComponent(match.re.exec(pathname)?.[1] ?? '');
    if (auth === publishableKey) {
      // Stripe.js's two calls; client_secret is a Stripe.js parameter of confirm, not in the types.
      if (match.op !== 'retrieve' && match.op !== 'confirm') {
        const message = 'This API call cannot be made with a publishable API key.';
        return fail(401, 'authentication_error', message, { code: 'secret_key_required' });
      }
      // Stand-in assumption: a wrong client_secret answers like an unknown intent.
      const secret = intents.get(id)?.client_secret;
      if (params.client_secret !== secret) return noSuch(404, 'payment_intent', id, 'intent');
      if (match.op === 'confirm') delete params.client_secret;
    }
    const fingerprint = JSON.stringify([method, pathname, params]);
    const first = key ? idempotent.get(key) : undefined;
    if (first && first.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return fail(400, 'idempotency_error', message);
    }
    if (first) return { ...first.answer, headers: { 'idempotent-replayed': 'true' } };
    const requestType = ROUTES[match.op][2];
    if (!requestType && Object.keys(params).length > 0) {
      return notSimulated(`parameters of ${method} ${pathname}`, Object.keys(params)[0] ?? '');
    }
    const checked = requestType ? checkParams(requestType, params) : { params: {} };
    if ('problem' in checked) {
      const { code, param, message } = checked.problem;
      return invalid(message, { code, param });
    }
    const unsimulated = requestType && unsimulatedParam(requestType, checked.params);
    if (unsimulated) return notSimulated(`the parameter ${unsimulated}`, unsimulated);
    const answer = run(match.op, id, checked.params, { id: rid('req'), idempotency_key: key });
    // Kept once the operation ran (not for refused parameters, keys or "down").
    if (key) idempotent.set(key, { fingerprint, answer });
    return answer;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (req.method === 'OPTIONS') {
      return void res.writeHead(204, { ...CORS, 'access-control-max-age': '600' }).end();
    }
    if (req.method === 'GET' && /^\/(v3\/?|[a-z0-9]+\/stripe\.js)$/.test(url.pathname)) {
      const headers = {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      };
      res.writeHead(200, { ...CORS, ...headers });
      return void res.end(`/* Stripe.js stub (${REFERENCE}) */\n${stripeJsStub(standInUrl)}`);
    }
    if (url.pathname.startsWith('/redirect/klarna/')) return klarnaPage(req, res, url.pathname);
    const header = req.headers['idempotency-key'];
    const key = req.method === 'POST' && typeof header === 'string' ? header : null;
    const form = req.method === 'GET' ? url.search.slice(1) : raw;
    const params = qs.parse(form, { arrayLimit: 100, depth: 10, parameterLimit: 5000 }) as Params;
    const answer = url.pathname.startsWith('/v1/')
      ? api(req, url.pathname, params, key)
      : unrecognized(req.method, url.pathname);
    const { method = 'GET' } = req;
    const { status } = answer;
    requests.push({ method, path: url.pathname, idempotencyKey: key, params, status });
    res.writeHead(answer.status, {
      ...CORS,
      ...answer.headers,
      ...(key ? { 'idempotency-key': key } : {}),
      'content-type': 'application/json',
      'request-id': rid('req'),
      'stripe-version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
    });
    res.end(JSON.stringify(answer.body));
  };

  /**
   * The stand-in's Klarna page (a redirect method's `next_action.redirect_to_url.url`, S6): GET
   * shows the amount with "Godkänn" and "Neka"; their POST decides (redirectOutcome) and sends
   * the shopper back to the intent's `return_url` (303), as Klarna and Stripe do.
   */
  const klarnaPage = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    const [id = '', action] = pathname.slice('/redirect/klarna/'.length).split('/');
    const intentId = decodeURIComponent(id);
    const intent = intents.get(intentId);
    const page = (status: number, body: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(
        `<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Klarna (stand-in)</title></head><body><main><h1>Klarna (stand-in)</h1>${body}</main></body></html>`,
      );
    };
    if (!intent) return page(404, '<p>Betalningen finns inte.</p>');
    if (req.method === 'GET' && !action) {
      const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
      const base = `/redirect/klarna/${encodeURIComponent(intentId)}`;
      return page(
        200,
        `<p>Betala ${amount} med Klarna.</p>` +
          `<form method="post" action="${base}/authorize"><button type="submit">Godkänn</button></form>` +
          `<form method="post" action="${base}/fail"><button type="submit">Neka</button></form>`,
      );
    }
    if (req.method !== 'POST' || (action !== 'authorize' && action !== 'fail')) {
      return page(404, '<p>Sidan finns inte.</p>');
    }
    pending = [];
    const result = redirectOutcome(state, intentId, action);
    for (const [type, body] of [
      ['PaymentIntent', intents.get(intentId)],
      ['Charge', charges.get(String(intents.get(intentId)?.latest_charge))],
    ] as const) {
      const problem = body === undefined ? null : checkBody(type, body);
      if (problem) validationErrors.push(`klarna ${action} ${intentId}: ${problem}`);
    }
    flush(noRequest);
    if (!('location' in result)) return page(409, '<p>Betalningen väntar inte på Klarna.</p>');
    res.writeHead(303, { location: result.location, 'cache-control': 'no-store' });
    res.end();
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((e: unknown) => {
      validationErrors.push(`stand-in error: ${String(e)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(e) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const standInUrl = `http://127.0.0.1:${port}`;
  const noRequest = { id: null, idempotency_key: null };

  return {
    ...{ url: standInUrl, port, secretKey, publishableKey, webhookSecret },
    ...{ requests, validationErrors, events },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    intent: (id) => (intents.has(id) ? copy(intents.get(id)) : undefined),
    refunds: (id) => [...refunds.values()].filter((r) => r.payment_intent === id).map(copy),
    failNext(n) {
      down = n;
    },
    async confirm(intentId, how) {
      if (how.method !== 'card' && how.outcome === 'decline') {
        throw new Error(`Stripe stand-in: a declined ${how.method} confirm is not simulated`);
      }
      const card = how.outcome === 'decline' ? 'pm_card_chargeDeclined' : 'pm_card_visa';
      const params: Params =
        how.method === 'klarna'
          ? { payment_method_data: { type: 'klarna' }, return_url: how.returnUrl }
          : how.method === 'swish'
            ? { payment_method_data: { type: 'swish' } }
            : { payment_method: card };
      const answer = run('confirm', intentId, params, noRequest);
      if (answer.status !== 200 && answer.status !== 402) {
        throw new Error(`Stripe stand-in: confirm refused: ${JSON.stringify(answer.body)}`);
      }
      return copy(intents.get(intentId) as Intent);
    },
    async deliver(type, intentId, opts = {}) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`Stripe stand-in: no intent ${intentId}`);
      if (!EVENTS[type]) throw new Error(`Stripe stand-in: event type ${type} is not simulated`);
      const charge = charges.get(paidCharge.get(intentId) ?? String(intent.latest_charge));
      const ofIntent = [...refunds.values()].filter((r) => r.payment_intent === intentId);
      const refund = opts.refundId ? refunds.get(opts.refundId) : ofIntent[ofIntent.length - 1];
      const object = type.startsWith('charge.')
        ? charge
        : type.startsWith('refund.')
          ? refund
          : intent;
      if (!object) throw new Error(`Stripe stand-in: intent ${intentId} has no charge`);
      const event = newEvent(type, copy(object), noRequest);
      const statuses: number[] = [];
      for (let i = 0; i < (opts.times ?? 1); i += 1) {
        statuses.push(await send(event, opts.signature ?? 'valid'));
      }
      return statuses;
    },
    failRefund(refundId, reason) {
      const answer = outside(() => failRefund(state, refundId, reason));
      if (answer.status !== 200) throw new Error(`Stripe stand-in: ${JSON.stringify(answer.body)}`);
      return copy(answer.body as Stripe.Refund);
    },
    ageAuthorisation: (intentId, seconds) => ageAuthorisation(state, intentId, seconds),
    expireAuthorisation: (intentId) => outside(() => expireAuthorisation(state, intentId)),
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
