const REFERENCE =
  'K-co/K-cb/K-om: github.com/api-evangelist/klarna@fdadf01d9646f79cf16c9528238e71b076322a8b (docs/payment-stand-ins.md K1–K5)';

/**
 * The Kustom stand-in itself (kustom-stand-in.ts): its KCO v3 and Order Management answers and
 * its callbacks, against a tiny merchant server started here.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startKustomStandIn,
  type KustomStandIn,
  type KustomStandInOptions,
} from './kustom-stand-in.ts';

interface Received {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let merchant: Server;
let merchantUrl = '';
const received: Received[] = [];
/** The stand-in the merchant's push handler acknowledges on (`/push-ack`). */
let acknowledgeOn: KustomStandIn | undefined;
const started: KustomStandIn[] = [];

beforeAll(async () => {
  merchant = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        method: req.method ?? '',
        path,
        headers: req.headers,
        body: '' + Buffer.concat(chunks),
      });
      if (path.startsWith('/validate/hang')) return; // never answers
      if (path.startsWith('/validate/redirect')) {
        res.writeHead(303, { location: '/checkout/klarna-fail?reason=out-of-stock' }).end();
      } else if (path.startsWith('/validate/refuse')) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error_type: 'address_error', error_text: 'Vi levererar inte dit' }),
        );
      } else if (path.startsWith('/push-ack') && acknowledgeOn) {
        const id = path.split('id=')[1] ?? '';
        void om(acknowledgeOn, 'POST', `/${id}/acknowledge`).then(() => res.writeHead(200).end());
      } else {
        res.writeHead(200).end();
      }
    });
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
});

afterAll(async () => {
  merchant.closeAllConnections();
  await new Promise<void>((resolve) => merchant.close(() => resolve()));
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
  received.length = 0;
  acknowledgeOn = undefined;
});

async function start(options: KustomStandInOptions = { autoPush: false }) {
  const standIn = await startKustomStandIn(options);
  started.push(standIn);
  return standIn;
}

const basic = (s: KustomStandIn) =>
  `Basic ${Buffer.from(`${s.username}:${s.password}`).toString('base64')}`;

async function call(
  s: KustomStandIn,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${s.url}${path}`, {
    method,
    headers: {
      authorization: basic(s),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON
  const json: any = text === '' ? null : JSON.parse(text);
  return { status: res.status, headers: res.headers, text, json };
}

const om = (s: KustomStandIn, method: string, path: string, body?: unknown, key?: string) =>
  call(
    s,
    method,
    `/ordermanagement/v1/orders${path}`,
    body,
    key ? { 'klarna-idempotency-key': key } : {},
  );

/** 2 × a 799 kr helmet at 25 %, 49 kr shipping, a −100 kr promo code: 1 547 kr, tax 309,40 kr. */
function validOrder(validation?: string) {
  return {
    purchase_country: 'SE',
    purchase_currency: 'SEK',
    locale: 'sv-SE',
    order_amount: 154700,
    order_tax_amount: 30940,
    merchant_reference1: 'T-1001',
    order_lines: [
      {
        type: 'physical',
        reference: 'HELM-1',
        name: 'Cykelhjälm',
        quantity: 2,
        unit_price: 79900,
        tax_rate: 2500,
        total_amount: 159800,
        total_tax_amount: 31960,
      },
      {
        type: 'shipping_fee',
        name: 'Frakt',
        quantity: 1,
        unit_price: 4900,
        tax_rate: 2500,
        total_amount: 4900,
        total_tax_amount: 980,
      },
      {
        type: 'discount',
        name: 'Rabattkod VÅR',
        quantity: 1,
        unit_price: -10000,
        tax_rate: 2500,
        total_amount: -10000,
        total_tax_amount: -2000,
      },
    ],
    merchant_urls: {
      terms: `${merchantUrl}/terms`,
      checkout: `${merchantUrl}/checkout?order={checkout.order.id}`,
      confirmation: `${merchantUrl}/checkout/confirm?order={checkout.order.id}`,
      push: `${merchantUrl}/push?id={checkout.order.id}`,
      ...(validation ? { validation: `${merchantUrl}${validation}?id={checkout.order.id}` } : {}),
    },
  };
}

async function create(s: KustomStandIn, body: unknown = validOrder()) {
  const res = await call(s, 'POST', '/checkout/v3/orders', body);
  expect(res.status).toBe(201);
  return res.json.order_id as string;
}

async function completedOrder(s: KustomStandIn) {
  const id = await create(s);
  expect((await s.complete(id)).outcome).toBe('completed');
  return id;
}

async function until(check: () => boolean, ms = 3000) {
  const due = Date.now() + ms;
  while (!check() && Date.now() < due) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe(`Kustom stand-in (${REFERENCE})`, () => {
  describe('Checkout API v3', () => {
    it('answers 401 without a body when Basic auth is missing or wrong', async () => {
      const s = await start();
      const none = await fetch(`${s.url}/checkout/v3/orders`, { method: 'POST', body: '{}' });
      expect(none.status).toBe(401);
      expect(await none.text()).toBe('');
      const wrong = await call(s, 'POST', '/checkout/v3/orders', validOrder(), {
        authorization: `Basic ${Buffer.from(`${s.username}:nope`).toString('base64')}`,
      });
      expect(wrong.status).toBe(401);
      expect(s.orders.size).toBe(0);
    });

    it('creates an order: 201, Location, checkout_incomplete, a snippet that frames the checkout', async () => {
      const s = await start();
      const res = await call(s, 'POST', '/checkout/v3/orders', validOrder());
      expect(res.status).toBe(201);
      const id = res.json.order_id as string;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(res.headers.get('location')).toBe(`${s.url}/checkout/v3/orders/${id}`);
      expect(res.json).toMatchObject({
        status: 'checkout_incomplete',
        order_amount: 154700,
        order_tax_amount: 30940,
      });
      expect(res.json.html_snippet).toMatch(
        /^<div id="klarna-checkout-container" style="overflow-x: hidden;"><script/,
      );
      expect(res.json.html_snippet).toContain(`"${s.url}/checkout/${id}/frame"`);
      expect(res.json.html_snippet).toContain('Kustom Checkout');
      expect(res.json).not.toHaveProperty('om');
      const read = await call(s, 'GET', `/checkout/v3/orders/${id}`);
      expect(read.status).toBe(200);
      expect(read.json).toEqual(res.json);
      expect(
        (await call(s, 'GET', '/checkout/v3/orders/00000000-0000-4000-8000-000000000000')).status,
      ).toBe(404);
    });

    it('refuses a line whose total_amount is off by one öre, naming the field', async () => {
      const s = await start();
      const body = validOrder();
      body.order_lines[0]!.total_amount += 1;
      body.order_amount += 1;
      const res = await call(s, 'POST', '/checkout/v3/orders', body);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error_code: 'BAD_VALUE',
        error_messages: ['Bad value: order_lines[0].total_amount'],
      });
      expect(typeof res.json.correlation_id).toBe('string');
      expect(s.orders.size).toBe(0);
    });

    it('allows a line tax off by one öre but not by two (±1 rule), nor a positive discount tax', async () => {
      const s = await start();
      const off = (delta: number, line = 1) => {
        const body = validOrder();
        body.order_lines[line]!.total_tax_amount += delta;
        body.order_tax_amount += delta;
        return call(s, 'POST', '/checkout/v3/orders', body);
      };
      expect((await off(1)).status).toBe(201);
      expect((await off(-1)).status).toBe(201);
      const two = await off(2);
      expect(two.status).toBe(400);
      expect(two.json.error_messages).toEqual(['Bad value: order_lines[1].total_tax_amount']);
      const discount = validOrder();
      discount.order_lines[2]!.total_tax_amount = 2000;
      discount.order_tax_amount += 4000;
      expect((await call(s, 'POST', '/checkout/v3/orders', discount)).json.error_messages).toEqual([
        'Bad value: order_lines[2].total_tax_amount',
      ]);
    });

    it('refuses order_amount or order_tax_amount that is not the sum of the lines', async () => {
      const s = await start();
      const amount = { ...validOrder(), order_amount: 154701 };
      expect((await call(s, 'POST', '/checkout/v3/orders', amount)).json.error_messages).toEqual([
        'Bad value: order_amount',
      ]);
      const tax = { ...validOrder(), order_tax_amount: 30941 };
      const res = await call(s, 'POST', '/checkout/v3/orders', tax);
      expect(res.status).toBe(400);
      expect(res.json.error_messages).toEqual(['Bad value: order_tax_amount']);
    });

    it('refuses missing required fields and values out of range', async () => {
      const s = await start();
      const { purchase_country: _c, ...noCountry } = validOrder();
      expect((await call(s, 'POST', '/checkout/v3/orders', noCountry)).json.error_messages).toEqual(
        ['Bad value: purchase_country'],
      );
      const noPush = validOrder() as { merchant_urls: Record<string, string> };
      delete noPush.merchant_urls.push;
      expect((await call(s, 'POST', '/checkout/v3/orders', noPush)).json.error_messages).toEqual([
        'Bad value: merchant_urls.push',
      ]);
      const rate = validOrder();
      rate.order_lines[1]!.tax_rate = 10001;
      expect((await call(s, 'POST', '/checkout/v3/orders', rate)).json.error_messages).toEqual([
        'Bad value: order_lines[1].tax_rate',
      ]);
      const type = validOrder();
      (type.order_lines[0] as { type: string }).type = 'bicycle';
      expect((await call(s, 'POST', '/checkout/v3/orders', type)).json.error_messages).toEqual([
        'Bad value: order_lines[0].type',
      ]);
      const many = {
        ...validOrder(),
        order_lines: Array.from({ length: 1001 }, () => validOrder().order_lines[1]!),
      };
      many.order_amount = 1001 * 4900;
      many.order_tax_amount = 1001 * 980;
      expect((await call(s, 'POST', '/checkout/v3/orders', many)).json.error_messages).toEqual([
        'Bad value: order_lines',
      ]);
      const insecure = validOrder() as { merchant_urls: Record<string, string> };
      insecure.merchant_urls.validation = 'http://shop.example/validate';
      expect((await call(s, 'POST', '/checkout/v3/orders', insecure)).json.error_messages).toEqual([
        'Bad value: merchant_urls.validation',
      ]);
      expect(s.orders.size).toBe(0);
    });

    it('updates an open order with the same validation; 404 for an unknown order', async () => {
      const s = await start();
      const id = await create(s);
      const body = validOrder();
      body.order_lines[0]!.quantity = 1;
      body.order_lines[0]!.total_amount = 79900;
      body.order_lines[0]!.total_tax_amount = 15980;
      const bad = await call(s, 'POST', `/checkout/v3/orders/${id}`, body);
      expect(bad.status).toBe(400);
      expect(bad.json.error_messages).toEqual(['Bad value: order_amount']);
      Object.assign(body, { order_amount: 74800, order_tax_amount: 14960 });
      const res = await call(s, 'POST', `/checkout/v3/orders/${id}`, body);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        order_id: id,
        order_amount: 74800,
        status: 'checkout_incomplete',
      });
      expect((await call(s, 'GET', `/checkout/v3/orders/${id}`)).json.order_lines[0].quantity).toBe(
        1,
      );
      expect((await call(s, 'POST', '/checkout/v3/orders/nope', body)).status).toBe(404);
    });

    it('aborts an open order (200), which then can no longer be updated', async () => {
      const s = await start();
      const id = await create(s);
      const res = await call(s, 'POST', `/checkout/v3/orders/${id}/abort`);
      expect(res.status).toBe(200);
      expect(res.json.order_id).toBe(id);
      expect((await call(s, 'POST', `/checkout/v3/orders/${id}`, validOrder())).status).toBe(403);
    });

    it('answers 503 TEMPORARILY_UNAVAILABLE for the next n requests after setDown(n)', async () => {
      const s = await start();
      const id = await create(s);
      s.setDown(2);
      const first = await call(s, 'GET', `/checkout/v3/orders/${id}`);
      const second = await call(s, 'GET', `/checkout/v3/orders/${id}`);
      for (const res of [first, second]) {
        expect(res.status).toBe(503);
        expect(res.json).toMatchObject({ error_code: 'TEMPORARILY_UNAVAILABLE' });
        expect(res.json.error_messages).toHaveLength(1);
      }
      expect((await call(s, 'GET', `/checkout/v3/orders/${id}`)).status).toBe(200);
      expect(s.requests.map((r) => r.method)).toEqual(['POST', 'GET', 'GET', 'GET']);
      expect(s.requests[0]!.body).toMatchObject({ merchant_reference1: 'T-1001' });
    });
  });

  describe('purchase (complete) and callbacks', () => {
    it('completes after a 200 validation: confirmation URL, read-only order, OM AUTHORIZED', async () => {
      const s = await start();
      const id = await create(s, validOrder('/validate/ok'));
      const result = await s.complete(id);
      expect(result).toEqual({
        outcome: 'completed',
        location: `${merchantUrl}/checkout/confirm?order=${id}`,
        validationStatus: 200,
      });
      const validation = received.find((r) => r.path.startsWith('/validate/ok'));
      expect(validation?.path).toBe(`/validate/ok?id=${id}`);
      expect(JSON.parse(validation!.body)).toMatchObject({ order_id: id, order_amount: 154700 });
      const order = await call(s, 'GET', `/checkout/v3/orders/${id}`);
      expect(order.json.status).toBe('checkout_complete');
      expect(order.json.html_snippet).toBe(
        '<div id="klarna-checkout-container"><div id="kustom-confirmation">Tack! Order T-1001</div></div>',
      );
      expect(order.json.billing_address.email).toBe('customer@example.se');
      expect((await call(s, 'POST', `/checkout/v3/orders/${id}`, validOrder())).status).toBe(403);
      const managed = await om(s, 'GET', `/${id}`);
      expect(managed.status).toBe(200);
      expect(managed.json).toMatchObject({
        order_id: id,
        status: 'AUTHORIZED',
        fraud_status: 'ACCEPTED',
        order_amount: 154700,
        remaining_authorized_amount: 154700,
        captured_amount: 0,
        refunded_amount: 0,
        captures: [],
        refunds: [],
      });
      const expires = Date.parse(managed.json.expires_at) - Date.now();
      expect(Math.abs(expires - 28 * 24 * 3600 * 1000)).toBeLessThan(60_000);
    });

    it('uses the address passed to complete()', async () => {
      const s = await start();
      const id = await create(s);
      await s.complete(id, { address: { email: 'anna@example.se', city: 'Umeå' } });
      expect(s.orders.get(id)).toMatchObject({
        billing_address: { email: 'anna@example.se', city: 'Umeå' },
        shipping_address: { email: 'anna@example.se', city: 'Umeå' },
      });
    });

    it('redirects on a 303 validation answer and leaves the order incomplete', async () => {
      const s = await start();
      const id = await create(s, validOrder('/validate/redirect'));
      expect(await s.complete(id)).toEqual({
        outcome: 'redirected',
        location: '/checkout/klarna-fail?reason=out-of-stock',
        validationStatus: 303,
      });
      expect(s.orders.get(id)!.status).toBe('checkout_incomplete');
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({ error_code: 'NO_SUCH_ORDER' });
    });

    it('refuses on a 400 validation answer, with its error_text', async () => {
      const s = await start();
      const id = await create(s, validOrder('/validate/refuse'));
      expect(await s.complete(id)).toEqual({
        outcome: 'refused',
        location: null,
        validationStatus: 400,
        errorText: 'Vi levererar inte dit',
      });
      expect(s.orders.get(id)!.status).toBe('checkout_incomplete');
    });

    it('approves when the validation callback does not answer in time', async () => {
      const s = await start({ autoPush: false, validationTimeoutMs: 200 });
      const id = await create(s, validOrder('/validate/hang'));
      const t0 = Date.now();
      const result = await s.complete(id);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
      expect(result).toMatchObject({ outcome: 'completed', validationStatus: null });
      expect(received.some((r) => r.path.startsWith('/validate/hang'))).toBe(true);
      expect(s.orders.get(id)!.status).toBe('checkout_complete');
    });

    it('pushes with an empty body to the push URL, three times with replay', async () => {
      const s = await start({ autoPush: { delayMs: 20, repeat: 3, replay: true } });
      const id = await create(s);
      await s.complete(id);
      await om(s, 'POST', `/${id}/acknowledge`);
      const pushes = () => received.filter((r) => r.path.startsWith('/push'));
      await until(() => pushes().length === 3);
      await new Promise((r) => setTimeout(r, 100));
      expect(pushes()).toHaveLength(3);
      for (const push of pushes()) {
        expect(push).toMatchObject({ method: 'POST', path: `/push?id=${id}`, body: '' });
        expect(push.headers['content-length'] ?? '0').toBe('0');
      }
      expect(await s.push(id)).toBe(200);
      expect(pushes()).toHaveLength(4);
    });

    it('stops pushing once the order is acknowledged (no replay)', async () => {
      const s = await start({ autoPush: { delayMs: 20, repeat: 3 } });
      acknowledgeOn = s;
      const order = validOrder() as { merchant_urls: Record<string, string> };
      order.merchant_urls.push = `${merchantUrl}/push-ack?id={checkout.order.id}`;
      const id = await create(s, order);
      await s.complete(id);
      await until(() => s.orders.get(id)!.om.acknowledged === true);
      await new Promise((r) => setTimeout(r, 150));
      expect(received.filter((r) => r.path.startsWith('/push-ack'))).toHaveLength(1);
    });

    it('push() resolves to 0 when the shop cannot be reached', async () => {
      const s = await start();
      const order = validOrder() as { merchant_urls: Record<string, string> };
      order.merchant_urls.push = 'http://127.0.0.1:1/push';
      expect(await s.push(await create(s, order))).toBe(0);
    });
  });

  describe('the checkout frame', () => {
    it('renders the lines and buttons, and its complete POST answers a page sending top to the confirmation', async () => {
      const s = await start();
      const id = await create(s);
      const page = await fetch(`${s.url}/checkout/${id}/frame`);
      expect(page.status).toBe(200);
      expect(page.headers.get('x-frame-options')).toBeNull();
      const text = await page.text();
      for (const part of [
        'Cykelhjälm',
        'Frakt',
        'Slutför köp',
        'Neka köpet',
        `/checkout/${id}/frame/complete`,
      ]) {
        expect(text).toContain(part);
      }
      expect(text).toMatch(/1\s547,00\s*kr/);
      const done = await fetch(`${s.url}/checkout/${id}/frame/complete`, { method: 'POST' });
      const answer = await done.text();
      expect(answer).toContain('window.top.location.href');
      expect(answer).toContain(JSON.stringify(`${merchantUrl}/checkout/confirm?order=${id}`));
      expect(s.orders.get(id)!.status).toBe('checkout_complete');
      expect(s.requests.filter((r) => r.path.includes('/frame'))).toEqual([]);
    });

    it('declines: "Köpet nekades", the order stays incomplete', async () => {
      const s = await start();
      const id = await create(s);
      const res = await fetch(`${s.url}/checkout/${id}/frame/decline`, { method: 'POST' });
      expect(await res.text()).toContain('Köpet nekades');
      expect(s.orders.get(id)!.status).toBe('checkout_incomplete');
    });
  });

  describe('Order Management', () => {
    it('acknowledges (204); unknown or incomplete orders are 404 NO_SUCH_ORDER', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const res = await om(s, 'POST', `/${id}/acknowledge`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(s.orders.get(id)!.om.acknowledged).toBe(true);
      const open = await create(s);
      const missing = await om(s, 'POST', `/${open}/acknowledge`);
      expect(missing.status).toBe(404);
      expect(missing.json.error_code).toBe('NO_SUCH_ORDER');
    });

    it('updates merchant references (PATCH, 204): either or both, at most 255 characters', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const set = await om(s, 'PATCH', `/${id}/merchant-references`, {
        merchant_reference1: '100042',
      });
      expect(set.status).toBe(204);
      expect(set.text).toBe('');
      const read = await call(s, 'GET', `/checkout/v3/orders/${id}`);
      expect(read.json.merchant_reference1).toBe('100042');
      expect(read.json.html_snippet).toContain('Tack! Order 100042');
      const tooLong = await om(s, 'PATCH', `/${id}/merchant-references`, {
        merchant_reference2: 'x'.repeat(256),
      });
      expect(tooLong.status).toBe(400);
      const open = await create(s);
      expect((await om(s, 'PATCH', `/${open}/merchant-references`, {})).status).toBe(404);
    });

    it('captures part, then the rest: PART_CAPTURED, then CAPTURED', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const first = await om(s, 'POST', `/${id}/captures`, {
        captured_amount: 100000,
        reference: 'C1',
      });
      expect(first.status).toBe(201);
      const captureId = first.headers.get('capture-id');
      expect(captureId).toBeTruthy();
      expect(first.headers.get('location')).toBe(
        `${s.url}/ordermanagement/v1/orders/${id}/captures/${captureId}`,
      );
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({
        status: 'PART_CAPTURED',
        captured_amount: 100000,
        remaining_authorized_amount: 54700,
      });
      expect((await om(s, 'POST', `/${id}/captures`, { captured_amount: 54700 })).status).toBe(201);
      const order = (await om(s, 'GET', `/${id}`)).json;
      expect(order).toMatchObject({
        status: 'CAPTURED',
        captured_amount: 154700,
        remaining_authorized_amount: 0,
      });
      expect(order.captures).toHaveLength(2);
      const one = await om(s, 'GET', `/${id}/captures/${captureId}`);
      expect(one.json).toMatchObject({
        capture_id: captureId,
        captured_amount: 100000,
        reference: 'C1',
      });
      expect((await om(s, 'GET', `/${id}/captures`)).json).toHaveLength(2);
    });

    it('refuses a capture above the remaining authorization (403)', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const res = await om(s, 'POST', `/${id}/captures`, { captured_amount: 154701 });
      expect(res.status).toBe(403);
      expect(res.json.error_code).toBe('CAPTURE_NOT_ALLOWED');
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({
        status: 'AUTHORIZED',
        captured_amount: 0,
      });
    });

    it('refunds up to what was captured, refuses more (403)', async () => {
      const s = await start();
      const id = await completedOrder(s);
      await om(s, 'POST', `/${id}/captures`, { captured_amount: 50000 });
      const tooMuch = await om(s, 'POST', `/${id}/refunds`, { refunded_amount: 50001 });
      expect(tooMuch.status).toBe(403);
      expect(tooMuch.json.error_code).toBe('REFUND_NOT_ALLOWED');
      const ok = await om(s, 'POST', `/${id}/refunds`, {
        refunded_amount: 30000,
        description: 'Retur',
      });
      expect(ok.status).toBe(201);
      const refundId = ok.headers.get('refund-id');
      expect(ok.headers.get('location')).toBe(
        `${s.url}/ordermanagement/v1/orders/${id}/refunds/${refundId}`,
      );
      expect((await om(s, 'GET', `/${id}/refunds/${refundId}`)).json).toMatchObject({
        refunded_amount: 30000,
      });
      expect((await om(s, 'POST', `/${id}/refunds`, { refunded_amount: 20001 })).status).toBe(403);
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({
        captured_amount: 50000,
        refunded_amount: 30000,
      });
    });

    it('answers a repeated Klarna-Idempotency-Key with the first answer, whatever the body', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const first = await om(s, 'POST', `/${id}/captures`, { captured_amount: 10000 }, 'key-1');
      const again = await om(s, 'POST', `/${id}/captures`, { captured_amount: 20000 }, 'key-1');
      expect(again.status).toBe(201);
      expect(again.headers.get('capture-id')).toBe(first.headers.get('capture-id'));
      expect(again.headers.get('location')).toBe(first.headers.get('location'));
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({
        captured_amount: 10000,
        captures: [{ captured_amount: 10000 }],
      });
      expect(
        (await om(s, 'POST', `/${id}/captures`, { captured_amount: 20000 }, 'key-2')).status,
      ).toBe(201);
      expect((await om(s, 'GET', `/${id}`)).json.captured_amount).toBe(30000);
    });

    it('refuses cancel after a capture (403); cancels an uncaptured order, which then cannot be captured', async () => {
      const s = await start();
      const captured = await completedOrder(s);
      await om(s, 'POST', `/${captured}/captures`, { captured_amount: 1000 });
      const refused = await om(s, 'POST', `/${captured}/cancel`);
      expect(refused.status).toBe(403);
      expect(refused.json.error_code).toBe('CANCEL_NOT_ALLOWED');
      const open = await completedOrder(s);
      expect((await om(s, 'POST', `/${open}/cancel`)).status).toBe(204);
      expect((await om(s, 'GET', `/${open}`)).json.status).toBe('CANCELLED');
      expect((await om(s, 'POST', `/${open}/captures`, { captured_amount: 1 })).status).toBe(403);
      expect((await om(s, 'POST', `/${open}/release-remaining-authorization`)).status).toBe(403);
    });

    it('releases the remaining authorization only after a capture', async () => {
      const s = await start();
      const id = await completedOrder(s);
      const refused = await om(s, 'POST', `/${id}/release-remaining-authorization`);
      expect(refused.status).toBe(403);
      expect(refused.json.error_code).toBe('NOT_ALLOWED');
      await om(s, 'POST', `/${id}/captures`, { captured_amount: 1000 });
      expect((await om(s, 'POST', `/${id}/release-remaining-authorization`)).status).toBe(204);
      expect((await om(s, 'GET', `/${id}`)).json).toMatchObject({
        status: 'CAPTURED',
        remaining_authorized_amount: 0,
      });
    });
  });
});
