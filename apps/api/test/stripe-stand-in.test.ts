/**
 * The Stripe stand-in itself (stripe-stand-in.ts), driven by the real `stripe` client: intents,
 * captures, refunds, declines, idempotency, errors, webhooks signed and verified with the
 * client's own Webhooks, the schema validator, and the Stripe.js stub.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.ts';
import { checkBody, checkParams, loadStripeSchemas } from './stripe-stand-in-schemas.ts';
import { REFERENCE as SCHEMAS } from './stripe-stand-in-schemas.ts';
import { stripeJsStub } from './stripe-js-stub.ts';

/** The reference the validation was generated from, read from the installed package. */
const REFERENCE = `${SCHEMAS} (docs/payment-stand-ins.md S8)`;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/payments/stripe/webhook`;
  standIn = await startStripeStandIn({ webhookUrl: receiverUrl, webhookDelayMs: 5 });
  stripe = client(standIn.secretKey);
});

afterAll(async () => {
  await standIn.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

afterEach(() => {
  // A body that failed its own schema is a stand-in bug.
  expect(standIn.validationErrors).toEqual([]);
});

function client(key: string) {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: new URL(standIn.url).port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

const cardIntent = (amount = 10_000, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({
    amount,
    currency: 'sek',
    allowed_payment_method_types: ['card', 'swish'],
    payment_method_options: { card: { capture_method: 'manual' }, swish: { reference: 'order-1' } },
    metadata: { sessionId: 'session-1' },
    ...extra,
  });

/** The error a rejected call threw. */
async function failure(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (e) {
    return e as Stripe.errors.StripeError;
  }
  throw new Error('expected the call to fail');
}

/** What Stripe.js does: GET/POST with the publishable key and the client secret. */
async function asBrowser(path: string, params: Record<string, string>, method = 'GET') {
  const form = new URLSearchParams({ ...params, key: standIn.publishableKey }).toString();
  const res = await fetch(`${standIn.url}${path}${method === 'GET' ? `?${form}` : ''}`, {
    method,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: method === 'GET' ? undefined : form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, never> };
}

async function until<T>(probe: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('Stripe stand-in: payment intents', () => {
  it('card, manual capture: create, retrieve, update, confirm, partial capture, refunds up to the captured amount', async () => {
    const created = await cardIntent();
    expect(created).toMatchObject({
      object: 'payment_intent',
      status: 'requires_payment_method',
      livemode: false,
      payment_method_types: ['card', 'swish'],
      metadata: { sessionId: 'session-1' },
      latest_charge: null,
    });
    expect(created.client_secret).toMatch(new RegExp(`^${created.id}_secret_`));
    expect(checkBody('PaymentIntent', created)).toBeNull();

    const updated = await stripe.paymentIntents.update(created.id, { amount: 12_000 });
    expect((await stripe.paymentIntents.retrieve(created.id)).amount).toBe(12_000);
    expect(updated.amount).toBe(12_000);

    // The browser's read with the publishable key needs the matching client secret.
    const read = async (secret: string) =>
      (await asBrowser(`/v1/payment_intents/${created.id}`, { client_secret: secret })).status;
    expect([await read(created.client_secret ?? ''), await read('x')]).toEqual([200, 404]);
    const pk = await failure(
      client(standIn.publishableKey).paymentIntents.create({ amount: 1, currency: 'sek' }),
    );
    expect(pk).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);

    const authorised = await standIn.confirm(created.id, { method: 'card' });
    expect(authorised).toMatchObject({ status: 'requires_capture', amount_capturable: 12_000 });
    expect(authorised.latest_charge).toMatch(/^ch_/);
    const changed = await failure(stripe.paymentIntents.update(created.id, { amount: 1000 }));
    expect(changed.code).toBe('payment_intent_unexpected_state');
    const tooMuch = await failure(
      stripe.paymentIntents.capture(created.id, { amount_to_capture: 12_001 }),
    );
    expect(tooMuch).toMatchObject({ code: 'amount_too_large', param: 'amount_to_capture' });

    const captured = await stripe.paymentIntents.capture(created.id, { amount_to_capture: 9000 });
    expect(captured).toMatchObject({ status: 'succeeded', amount_received: 9000 });
    const again = await failure(stripe.paymentIntents.capture(created.id));
    expect(again.code).toBe('payment_intent_unexpected_state');
    const charge = await stripe.charges.retrieve(String(captured.latest_charge));
    expect(charge).toMatchObject({ captured: true, amount_captured: 9000, amount_refunded: 0 });

    const pi = created.id;
    const first = await stripe.refunds.create({
      payment_intent: pi,
      amount: 2500,
      metadata: { n: '1' },
    });
    expect(first).toMatchObject({ amount: 2500, status: 'succeeded', charge: charge.id });
    const over = await failure(stripe.refunds.create({ payment_intent: pi, amount: 6501 }));
    expect(over).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(over).toMatchObject({ statusCode: 400, code: 'amount_too_large' });
    const rest = await stripe.refunds.create({ payment_intent: pi });
    expect(rest.amount).toBe(6500);
    const third = await failure(stripe.refunds.create({ payment_intent: pi, amount: 1 }));
    expect(third).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

    expect(standIn.refunds(created.id).map((r) => r.amount)).toEqual([2500, 6500]);
    expect((await stripe.refunds.retrieve(first.id)).metadata).toEqual({ n: '1' });
    const refunded = await stripe.charges.retrieve(charge.id);
    expect(refunded).toMatchObject({ amount_refunded: 9000, refunded: true });
  });

  it('Swish: SEK only; confirmed with the publishable key it succeeds at once and is undone by a refund', async () => {
    const swish = { amount: 49_900, allowed_payment_method_types: ['swish' as const] };
    const eur = await failure(stripe.paymentIntents.create({ ...swish, currency: 'eur' }));
    expect(eur).toMatchObject({ statusCode: 400, param: 'currency' });
    const intent = await stripe.paymentIntents.create({ ...swish, currency: 'sek' });
    const confirm = await asBrowser(
      `/v1/payment_intents/${intent.id}/confirm`,
      {
        client_secret: intent.client_secret ?? '',
        'payment_method_data[type]': 'swish',
        return_url: 'https://shop.example/k',
      },
      'POST',
    );
    expect(confirm.body).toMatchObject({ status: 'succeeded', amount_received: 49_900 });
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ amount: 49_900, status: 'succeeded' });
    expect(standIn.intent(intent.id)?.status).toBe('succeeded');
  });

  it('declined card: 402 card_error, the intent asks for another payment method and can then be paid', async () => {
    const intent = await cardIntent(3000);
    const declined = await failure(
      stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    );
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined' });
    expect(declined.decline_code).toBe('generic_decline');
    expect(standIn.intent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined' },
    });
    const paid = await stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect(paid).toMatchObject({ status: 'requires_capture', last_payment_error: null });
  });

  it('cancel: an authorised intent is canceled once; then nothing can be captured', async () => {
    const intent = await cardIntent(2000);
    await standIn.confirm(intent.id, { method: 'card' });
    const reason = { cancellation_reason: 'abandoned' as const };
    const canceled = await stripe.paymentIntents.cancel(intent.id, reason);
    expect(canceled).toMatchObject({ status: 'canceled', ...reason, amount_capturable: 0 });
    const twice = await failure(stripe.paymentIntents.cancel(intent.id));
    expect(twice.code).toBe('payment_intent_unexpected_state');
    expect((await failure(stripe.paymentIntents.capture(intent.id))).statusCode).toBe(400);
  });
});

describe('Stripe stand-in: requests', () => {
  it('idempotency: the same key and parameters replay the first answer, other parameters are refused', async () => {
    const key = { idempotencyKey: 'intent:s-1' };
    const first = await stripe.paymentIntents.create({ amount: 1500, currency: 'sek' }, key);
    const replay = await stripe.paymentIntents.create({ amount: 1500, currency: 'sek' }, key);
    expect(replay.id).toBe(first.id);
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
    const conflict = await failure(
      stripe.paymentIntents.create({ amount: 1600, currency: 'sek' }, key),
    );
    expect(conflict).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(conflict.statusCode).toBe(400);
    const keys = standIn.requests.filter((r) => r.method === 'POST').map((r) => r.idempotencyKey);
    expect(keys).toContain('intent:s-1');
    // stripe-node keys every POST itself when the caller gives no key (RequestSender).
    expect(keys.some((k) => k?.startsWith('stripe-node-retry-'))).toBe(true);
  });

  it('parameters the types do not have are a 400 parameter_unknown, naming the parameter', async () => {
    const create = (params: object) =>
      failure(stripe.paymentIntents.create({ amount: 100, currency: 'sek', ...params } as never));
    // stripe@23 (API endive) removed payment_method_types from the create parameters.
    const top = await create({ payment_method_types: ['card'] });
    expect(top).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(top).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    expect(top.param).toBe('payment_method_types');
    const nested = await create({ payment_method_options: { card: { foo: 1 } } });
    expect(nested.param).toBe('payment_method_options[card][foo]');
    const missing = await create({ amount: undefined });
    expect(missing).toMatchObject({ code: 'parameter_missing', param: 'amount' });
    // Valid for Stripe, but not simulated: refused rather than ignored.
    const unsimulated = await create({ statement_descriptor_suffix: 'X' });
    expect(unsimulated).toMatchObject({ statusCode: 400, param: 'statement_descriptor_suffix' });
  });

  it('a wrong key is a 401, an unknown id a 404, failNext(2) two 503s', async () => {
    const auth = await failure(client('sk_test_wrong').paymentIntents.retrieve('pi_1'));
    expect(auth).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(auth.statusCode).toBe(401);
    const unknown = await failure(stripe.paymentIntents.retrieve('pi_unknown'));
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(unknown).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    standIn.failNext(2);
    for (let i = 0; i < 2; i += 1) {
      const down = await failure(stripe.paymentIntents.create({ amount: 100, currency: 'sek' }));
      expect(down).toBeInstanceOf(Stripe.errors.StripeAPIError);
      expect(down.statusCode).toBe(503);
    }
    const up = await stripe.paymentIntents.create({ amount: 100, currency: 'sek' });
    expect(up.status).toBe('requires_payment_method');
  });
});

describe('Stripe stand-in: webhooks', () => {
  const verify = (r: Received) => {
    const signature = String(r.headers['stripe-signature'] ?? '');
    return stripe.webhooks.constructEvent(r.body, signature, standIn.webhookSecret);
  };

  it('sends signed events after confirm, capture, refund and cancel', async () => {
    const intent = await cardIntent(4000);
    await standIn.confirm(intent.id, { method: 'card' });
    await stripe.paymentIntents.capture(intent.id);
    await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    const other = await cardIntent(100);
    await stripe.paymentIntents.cancel(other.id);
    // Only this test's events (an earlier test's may still arrive).
    const about = (e: Stripe.Event) => {
      const o = e.data.object as { object: string; id: string; payment_intent?: string };
      return o.object === 'charge' ? o.payment_intent : o.id;
    };
    const mine = () =>
      received.map(verify).filter((e) => [intent.id, other.id].includes(String(about(e))));
    const events = await until(() => (mine().length >= 4 ? mine() : undefined));
    expect(events.map((e) => e.type).sort()).toEqual([
      'charge.refunded',
      'payment_intent.amount_capturable_updated',
      'payment_intent.canceled',
      'payment_intent.succeeded',
    ]);
    for (const e of events) {
      expect(e).toMatchObject({
        object: 'event',
        livemode: false,
        api_version: Stripe.API_VERSION,
      });
      expect(e.id).toMatch(/^evt_/);
    }
    const refunded = events.find((e) => e.type === 'charge.refunded');
    expect(refunded?.data.object).toMatchObject({
      amount_refunded: 1000,
      payment_intent: intent.id,
    });
    const capturable = events.find((e) => e.type === 'payment_intent.amount_capturable_updated');
    expect(capturable?.data.object).toMatchObject({ id: intent.id, amount_capturable: 4000 });
    expect(standIn.events.every((e) => e.delivered === 200)).toBe(true);
  });

  it('deliver(): the same event id repeated; no, wrong and tampered signatures fail constructEvent', async () => {
    // A stand-in without automatic events: only deliver() sends.
    const quiet = await startStripeStandIn({ webhookUrl: receiverUrl, autoWebhooks: false });
    try {
      const { port } = quiet;
      const own = new Stripe(quiet.secretKey, { host: '127.0.0.1', port, protocol: 'http' });
      const intent = await own.paymentIntents.create({ amount: 700, currency: 'sek' });
      await quiet.confirm(intent.id, { method: 'card' });
      const check = (r: Received) => {
        const signature = String(r.headers['stripe-signature'] ?? '');
        return own.webhooks.constructEvent(r.body, signature, quiet.webhookSecret);
      };
      received.length = 0;
      const statuses = await quiet.deliver('payment_intent.succeeded', intent.id, { times: 3 });
      expect(statuses).toEqual([200, 200, 200]);
      expect(new Set(received.map((r) => check(r).id)).size).toBe(1);
      expect(check(received[0] as Received).data.object).toMatchObject({ status: 'succeeded' });
      for (const signature of ['none', 'wrong-secret', 'tampered-body'] as const) {
        received.length = 0;
        await quiet.deliver('payment_intent.succeeded', intent.id, { signature });
        const error = Stripe.errors.StripeSignatureVerificationError;
        expect(() => check(received[0] as Received)).toThrow(error);
      }
      quiet.setWebhookUrl('http://127.0.0.1:1/closed');
      expect(await quiet.deliver('payment_intent.succeeded', intent.id)).toEqual([0]);
      expect(quiet.events.map((e) => e.delivered)).toEqual([200, 200, 200, 200, 200, 200, 0]);
      expect(quiet.validationErrors).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('Stripe stand-in: schemas and the Stripe.js stub', () => {
  it('validates against schemas generated from the stripe package types', async () => {
    const schemas = loadStripeSchemas();
    expect(existsSync(schemas.file)).toBe(true);
    expect(REFERENCE).toMatch(/^stripe@\d+\.\d+\.\d+ types \(API \d{4}-\d{2}-\d{2}\.\w+\)/);
    const intent = await cardIntent(100);
    expect(checkBody('PaymentIntent', intent)).toBeNull();
    expect(checkBody('PaymentIntent', { ...intent, amount: 'ten' })).toMatch(/amount/);
    expect(checkBody('PaymentIntent', { ...intent, status: undefined })).toMatch(/status/);
    const error = { type: 'card_error', message: 'x', code: 'card_declined' };
    expect(checkBody('StripeErrorBody', { error })).toBeNull();
    expect(checkBody('StripeErrorBody', { error: { ...error, type: 'oops' } })).toMatch(/type/);
    expect(checkBody('StripeErrorBody', { error: { ...error, extra: 1 } })).not.toBeNull();
    const form = { amount_to_capture: '5', final_capture: 'true' };
    expect(checkParams('PaymentIntentCaptureParams', form)).toEqual({
      params: { amount_to_capture: 5, final_capture: true },
    });
    expect(checkParams('RefundCreateParams', { amount: '5', bogus: 'x' })).toMatchObject({
      problem: { code: 'parameter_unknown', param: 'bogus' },
    });
  });

  it('serves the stub with CORS; it parses, renders Swedish labels and confirms like Stripe.js', async () => {
    const res = await fetch(`${standIn.url}/endive/stripe.js`);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const source = await res.text();
    expect(source).toContain(standIn.url);
    expect((await fetch(`${standIn.url}/v3/`)).status).toBe(200);
    const options = await fetch(`${standIn.url}/v1/payment_intents`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-headers')).toMatch(/Authorization/);

    const intent = await cardIntent(2500);
    const page = fakePage(`https://shop.example/kassan?steg=3`);
    const run = new Function('window', 'document', 'fetch', stripeJsStub(standIn.url));
    run(page.window, page.document, fetch);
    const stripeJs = page.window.Stripe(standIn.publishableKey, { locale: 'sv' });
    const elements = stripeJs.elements({ clientSecret: intent.client_secret });
    const element = elements.create('payment');
    const ready = new Promise((resolve) => element.on('ready', resolve));
    element.mount('#betalning');
    await ready;
    expect(page.text()).toContain('Betalsätt');
    expect(page.text()).toMatch(/Kort.*Swish.*Kortnummer/);
    expect(await elements.submit()).toMatchObject({ error: { type: 'validation_error' } });
    const input = page.find((n) => n.attrs.autocomplete === 'cc-number');
    input.value = '4000 0000 0000 0002';
    const confirm = { elements, confirmParams: { return_url: '/tack?x=1' } };
    const declined = await stripeJs.confirmPayment(confirm);
    expect(declined.error).toMatchObject({ type: 'card_error', code: 'card_declined' });
    expect(declined.error.message).toBe('Your card was declined.');
    input.value = '4242 4242 4242 4242';
    void stripeJs.confirmPayment(confirm);
    const href = await until(() =>
      page.window.location.href.includes('/tack') ? page.window.location.href : undefined,
    );
    const target = new URL(href);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      x: '1',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    expect(standIn.intent(intent.id)?.status).toBe('requires_capture');
  });
});

interface FakeNode {
  tag: string;
  attrs: Record<string, string>;
  children: FakeNode[];
  textContent: string;
  value: string;
  checked: boolean;
  hidden: boolean;
  parentNode: FakeNode | null;
  [k: string]: unknown;
}

/** Just enough DOM for the stub (no DOM library in this workspace). */
function fakePage(href: string) {
  const node = (tag: string, text = ''): FakeNode => {
    let own = text;
    const fields = { tag, attrs: {}, children: [], value: '', checked: false, hidden: false };
    const n = { ...fields, parentNode: null } as unknown as FakeNode;
    Object.defineProperty(n, 'textContent', {
      get: () => own,
      set: (t: string) => ((own = t), (n.children = [])),
    });
    return Object.assign(n, {
      setAttribute: (k: string, v: string) => void (n.attrs[k] = v),
      removeAttribute: (k: string) => void delete n.attrs[k],
      addEventListener: () => undefined,
      appendChild: (c: FakeNode) => (n.children.push(c), (c.parentNode = n), c),
      removeChild: (c: FakeNode) => void n.children.splice(n.children.indexOf(c), 1),
    });
  };
  const root = node('div');
  const all = (n: FakeNode): FakeNode[] => [n, ...n.children.flatMap(all)];
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stub's untyped global
    window: { location: { href } } as { location: { href: string }; Stripe: any },
    document: {
      createElement: node,
      createTextNode: (t: string) => node('#text', t),
      querySelector: () => root,
    },
    text: () =>
      all(root)
        .map((n) => `${n.textContent}`)
        .join(' '),
    find: (test: (n: FakeNode) => boolean) => all(root).find(test) as FakeNode,
  };
}
