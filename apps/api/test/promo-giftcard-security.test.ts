/**
 * API tests of issue 13 §4-§6 (promo codes and gift cards), on every database kind:
 * - §4 a fixed-amount promo code gives its amount in the cart's currency; a code is refused
 *   ("Koden är ej giltig") in a currency it has no amount for.
 * - §5 two concurrent orders each showing 388 kr of one 500 kr gift card: one draws 388 kr, the
 *   other is refused with a clear error instead of drawing 112 kr and invoicing 276 kr more.
 * - §6 gift-card code guessing is limited per cart, per client address, per logged-in shopper
 *   and for the whole shop per time window (counted in the database), and the client address
 *   comes from the socket or TRUST_PROXY hops of X-Forwarded-For.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { giftCards, orderPayments, orders, productPrices, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { customerSession } from './auth-client.ts';
import { createApi, type Api } from '../src/app.ts';
import { TEST_API_KEY, testConfig } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

type Answer = {
  data?: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

/** Who sends a request: the client's address (as the storefront passes it) and a Bearer token. */
interface Sender {
  ip?: string;
  token?: string;
}

const SUMMARY = `summary {
  total { sellingPriceIncVat currency { code } }
  fixedAmountDiscountIncVat
  balance { pending remaining totalSellingPriceExBalanceIncVat } }`;

const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

describe.each(testDatabaseKinds())('promo codes and gift cards (issue 13) on %s', (kind) => {
  let handle: DbHandle;
  let api: Api;
  const config = testConfig();

  /** A GraphQL request through `api.fetch`, with the sender's address passed in-process. */
  const gql = async (query: string, variables: Record<string, unknown>, from: Sender = {}) => {
    const request = new Request('http://in-process.local/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-apikey': TEST_API_KEY,
        ...(from.token ? { authorization: `Bearer ${from.token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const fetch = api.fetch as (r: Request, info?: { clientIp?: string }) => Promise<Response>;
    const response = await fetch(request, from.ip ? { clientIp: from.ip } : undefined);
    return (await response.json()) as Answer;
  };
  const cartWith = async (market: string, items: Array<[number, number]>): Promise<string> => {
    const { data } = await gql(`query($m: String) { getCart(id: "", marketId: $m) { id } }`, {
      m: market,
    });
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const result = await gql(
        `mutation($id: String!, $item: CartItemInputType!, $m: String) {
          addToCart(id: $id, item: $item, marketId: $m) { id } }`,
        { id, item: { skuId, quantity }, m: market },
      );
      expect(result.errors).toBeUndefined();
    }
    return id;
  };
  const promo = (id: string, code: string, market: string) =>
    gql(
      `mutation($id: String!, $code: String!, $m: String) {
        setCartPromoCode(id: $id, promoCode: $code, marketId: $m) { promoCode ${SUMMARY} } }`,
      { id, code, m: market },
    );
  const getCart = async (id: string, market: string) => {
    const result = await gql(
      `query($id: String!, $m: String) { getCart(id: $id, marketId: $m) { ${SUMMARY} } }`,
      { id, m: market },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.getCart as { summary: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const applyCard = (id: string, code: string, from: Sender = {}) =>
    gql(
      `mutation($id: String!, $code: String!) {
        setCartGiftCard(id: $id, giftCardCode: $code) { ${SUMMARY} } }`,
      { id, code },
      from,
    );
  const place = (cartId: string) => gql(PLACE, { cartId, checkout: personCheckout() });
  const balanceOf = async (code: string) => {
    const [card] = await handle.db.select().from(giftCards).where(eq(giftCards.code, code));
    return card!.balance;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    await handle.db.insert(productPrices).values([
      {
        productId: F.bike.productId,
        marketId: 'FI|EUR',
        currencyCode: 'EUR',
        regularPriceIncVat: 44_990,
        vatRateBasisPoints: 2550,
      },
      {
        productId: F.bike.productId,
        marketId: 'NO|NOK',
        currencyCode: 'NOK',
        regularPriceIncVat: 549_900,
        vatRateBasisPoints: 2500,
      },
    ]);
    api = createApi({ db: handle.db, config, log: { error: () => {} } });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('§4 HUNDRA (100 kr off) gives 10 € off in Finland, not 100 €, and 100 NOK in Norway', async () => {
    const sweden = await cartWith('se', [[F.bike.skuId, 1]]);
    let result = await promo(sweden, 'HUNDRA', 'se');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartPromoCode.summary).toMatchObject({
      fixedAmountDiscountIncVat: 100,
      total: { sellingPriceIncVat: 4899, currency: { code: 'SEK' } },
    });

    // Two bikes cost 899,80 € in Finland: the euro amount of the code, 10 €, comes off.
    const finland = await cartWith('fi', [[F.bike.skuId, 2]]);
    result = await promo(finland, 'HUNDRA', 'fi');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartPromoCode.summary).toMatchObject({
      fixedAmountDiscountIncVat: 10,
      total: { sellingPriceIncVat: 889.8, currency: { code: 'EUR' } },
    });

    const norway = await cartWith('no', [[F.bike.skuId, 1]]);
    result = await promo(norway, 'HUNDRA', 'no');
    expect(result.errors).toBeUndefined();
    expect(result.data!.setCartPromoCode.summary.fixedAmountDiscountIncVat).toBe(100);
  });

  it('§4 a code without an amount in the cart currency is refused: "Koden är ej giltig"', async () => {
    // Only a kronor amount: 50 kr off; and a percentage with a minimum order in kronor only.
    await handle.db
      .execute(sql`insert into promo_codes (code, name, kind, percent_basis_points, starts_at)
      values ('KRONOR50', '50 kr rabatt', 'fixed', 0, now() - interval '1 day'),
             ('TIOMINST500', '10 % från 500 kr', 'percent', 1000, now() - interval '1 day')`);
    await handle.db
      .execute(sql`insert into promo_code_amounts (code, currency_code, amount_inc_vat, min_order_inc_vat)
      values ('KRONOR50', 'SEK', 5000, 0), ('TIOMINST500', 'SEK', 0, 50000)`);

    const finland = await cartWith('fi', [[F.bike.skuId, 1]]);
    for (const code of ['KRONOR50', 'TIOMINST500']) {
      const result = await promo(finland, code, 'fi');
      expect(result.errors![0]).toMatchObject({
        message: 'The promo code is not valid',
        extensions: { code: 'INVALID_PROMO_CODE', argument: 'promoCode' },
      });
    }
    // A percentage code without amounts is valid in every currency.
    expect((await promo(finland, 'VÅR10', 'fi')).errors).toBeUndefined();

    // Set in Sweden, the kronor code gives nothing when the cart is read in euros.
    const sweden = await cartWith('se', [[F.bike.skuId, 1]]);
    const set = await promo(sweden, 'KRONOR50', 'se');
    expect(set.errors).toBeUndefined();
    expect(set.data!.setCartPromoCode.summary.fixedAmountDiscountIncVat).toBe(50);
    expect((await getCart(sweden, 'fi')).summary).toMatchObject({
      fixedAmountDiscountIncVat: 0,
      total: { sellingPriceIncVat: 449.9, currency: { code: 'EUR' } },
    });
  });

  it('§5 two concurrent orders each showing 388 kr of one 500 kr card: one draws 388 kr, the other is refused', async () => {
    await handle.db
      .insert(giftCards)
      .values({ code: 'DUBBEL500', currencyCode: 'SEK', balance: 50_000 });
    // The lock at 339 kr + 49 kr shipping to a service point = 388 kr.
    await handle.db
      .update(productPrices)
      .set({ regularPriceIncVat: 33_900 })
      .where(eq(productPrices.productId, F.lock.productId));
    await handle.db.update(stock).set({ inStock: 10 }).where(eq(stock.skuId, F.lock.skuId));
    const carts = [
      await cartWith('se', [[F.lock.skuId, 1]]),
      await cartWith('se', [[F.lock.skuId, 1]]),
    ];
    for (const id of carts) {
      const result = await applyCard(id, 'DUBBEL500');
      expect(result.errors).toBeUndefined();
      expect(result.data!.setCartGiftCard.summary.balance).toEqual({
        pending: 388,
        remaining: 112,
        totalSellingPriceExBalanceIncVat: 0,
      });
    }

    const answers = await Promise.all(carts.map((id) => place(id)));
    const placed = answers.filter((a) => !a.errors);
    const refused = answers.filter((a) => a.errors);
    expect(placed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.errors![0]).toMatchObject({
      message: expect.stringMatching(/^The gift card balance changed/),
      extensions: { code: 'GIFT_CARD_BALANCE_CHANGED', argument: 'giftCardCode' },
    });
    expect(await balanceOf('DUBBEL500')).toBe(11_200);
    const refusedCart = carts[answers.indexOf(refused[0]!)]!;
    expect(await handle.db.select().from(orders).where(eq(orders.cartId, refusedCart))).toEqual([]);
    const [first] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(placed[0]!.data!.placeOrder.orderId)));
    expect(first!.fromBalance).toBe(38_800);

    // The refused cart now shows what the card pays; placing it again draws exactly that.
    expect((await getCart(refusedCart, 'se')).summary.balance).toEqual({
      pending: 112,
      remaining: 0,
      totalSellingPriceExBalanceIncVat: 276,
    });
    const again = await place(refusedCart);
    expect(again.errors).toBeUndefined();
    const orderId = Number(again.data!.placeOrder.orderId);
    const [second] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    expect(second!.fromBalance).toBe(11_200);
    const payments = await handle.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(payments.map((p) => p.amount)).toEqual([27_600]);
    expect(await balanceOf('DUBBEL500')).toBe(0);
  });

  it('§5 a card used by another order after it was applied is refused once, not silently drawn', async () => {
    await handle.db
      .insert(giftCards)
      .values({ code: 'SEKVENS500', currencyCode: 'SEK', balance: 50_000 });
    const mine = await cartWith('se', [[F.lock.skuId, 1]]);
    const other = await cartWith('se', [[F.lock.skuId, 1]]);
    expect((await applyCard(mine, 'SEKVENS500')).errors).toBeUndefined();
    expect((await applyCard(other, 'SEKVENS500')).errors).toBeUndefined();
    expect((await place(other)).errors).toBeUndefined();
    const refused = await place(mine);
    expect(refused.errors![0]!.extensions!.code).toBe('GIFT_CARD_BALANCE_CHANGED');
    expect(await balanceOf('SEKVENS500')).toBe(11_200);
    expect((await place(mine)).errors).toBeUndefined();
    expect(await balanceOf('SEKVENS500')).toBe(0);
  });

  /** Sends wrong codes to fresh carts (5 per cart) and counts the answers. */
  const guess = async (count: number, from: Sender) => {
    const answers = { wrong: 0, limited: 0 };
    let cartId = '';
    for (let i = 0; i < count; i += 1) {
      if (i % 5 === 0) cartId = await cartWith('se', [[F.tube.skuId, 1]]);
      const result = await applyCard(cartId, `GISSNING${i}${from.ip ?? ''}`, from);
      const code = result.errors?.[0]?.extensions?.code;
      if (code === 'BAD_USER_INPUT') answers.wrong += 1;
      else if (code === 'RATE_LIMITED') answers.limited += 1;
      else throw new Error(`unexpected answer ${JSON.stringify(result)}`);
    }
    return answers;
  };

  it('§6 100 guesses across 20 fresh carts from one address: 20 are checked, 80 refused', async () => {
    await handle.db
      .insert(giftCards)
      .values({ code: 'RATTKOD300', currencyCode: 'SEK', balance: 30_000 });
    expect(await guess(100, { ip: '203.0.113.7' })).toEqual({ wrong: 20, limited: 80 });
    // The right code from that address is refused too (nothing to learn from it) …
    const cart = await cartWith('se', [[F.tube.skuId, 1]]);
    const limited = await applyCard(cart, 'RATTKOD300', { ip: '203.0.113.7' });
    expect(limited.errors![0]).toMatchObject({
      message: 'Too many attempts; try again later',
      extensions: { code: 'RATE_LIMITED', argument: 'giftCardCode' },
    });
    // … while another shopper's address is not affected, and a right code does not count.
    for (let i = 0; i < 3; i += 1) {
      const other = await cartWith('se', [[F.tube.skuId, 1]]);
      expect((await applyCard(other, 'RATTKOD300', { ip: '198.51.100.9' })).errors).toBeUndefined();
    }
    expect(await guess(5, { ip: '198.51.100.9' })).toEqual({ wrong: 5, limited: 0 });
  });

  it('§6 parallel guesses cannot slip past a limit', async () => {
    const cart = await cartWith('se', [[F.tube.skuId, 1]]);
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => applyCard(cart, `PARALLELL${i}`, { ip: '192.0.2.99' })),
    );
    const codes = answers.map((a) => a.errors?.[0]?.extensions?.code);
    expect(codes.filter((c) => c === 'BAD_USER_INPUT').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c !== 'BAD_USER_INPUT' && c !== 'RATE_LIMITED')).toEqual([]);
  });

  it('§6 a logged-in shopper is limited across addresses and carts', async () => {
    const { token } = await customerSession(handle.db, config, 'gissare@example.se');
    let wrong = 0;
    let limited = 0;
    for (let i = 0; i < 4; i += 1) {
      const answers = await guess(5, { ip: `192.0.2.${10 + i}`, token });
      wrong += answers.wrong;
      limited += answers.limited;
    }
    expect({ wrong, limited }).toEqual({ wrong: 10, limited: 10 });
  });

  it('§6 the whole shop is limited per time window, whatever the addresses', async () => {
    await handle.db.execute(sql`delete from rate_limit_events`);
    let wrong = 0;
    for (let i = 0; i < 10; i += 1) {
      const answers = await guess(20, { ip: `100.64.0.${i + 1}` });
      expect(answers.limited).toBe(0);
      wrong += answers.wrong;
    }
    expect(wrong).toBe(200);
    const cart = await cartWith('se', [[F.tube.skuId, 1]]);
    const result = await applyCard(cart, 'GISSNING-NY', { ip: '100.64.1.1' });
    expect(result.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
    await handle.db.execute(sql`delete from rate_limit_events`);
  });

  it('§6 the address is the socket, or TRUST_PROXY hops of X-Forwarded-For (spoofing does not help)', async () => {
    await handle.db.execute(sql`delete from rate_limit_events`);
    const serve = async (hops: number) => {
      const own = createApi({
        db: handle.db,
        config: { ...config, trustProxyHops: hops },
        log: { error: () => {} },
      });
      // Yoga answers its own failures; it does not reject.
      const server: Server = createServer((req, res) => void own.yoga(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        server,
        apply: async (cartId: string, code: string, forwardedFor: string) => {
          const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-apikey': TEST_API_KEY,
              'x-forwarded-for': forwardedFor,
            },
            body: JSON.stringify({
              query: `mutation($id: String!, $code: String!) { setCartGiftCard(id: $id, giftCardCode: $code) { id } }`,
              variables: { id: cartId, code },
            }),
          });
          const body = (await response.json()) as Answer;
          return body.errors?.[0]?.extensions?.code;
        },
      };
    };
    const direct = await serve(0);
    const behindProxy = await serve(1);
    try {
      // Without trusted proxies a made-up X-Forwarded-For changes nothing: one address, 20 checks.
      const counts: Record<string, number> = {};
      let cartId = '';
      for (let i = 0; i < 25; i += 1) {
        if (i % 5 === 0) cartId = await cartWith('se', [[F.tube.skuId, 1]]);
        const code = String(await direct.apply(cartId, `FEL${i}`, `10.9.${i}.1`));
        counts[code] = (counts[code] ?? 0) + 1;
      }
      expect(counts).toEqual({ BAD_USER_INPUT: 20, RATE_LIMITED: 5 });
      // Behind one trusted proxy the forwarded address counts: another shopper is not limited.
      const fresh = await cartWith('se', [[F.tube.skuId, 1]]);
      expect(await behindProxy.apply(fresh, 'FEL-PROXY', '10.9.200.1')).toBe('BAD_USER_INPUT');
    } finally {
      direct.server.closeAllConnections();
      behindProxy.server.closeAllConnections();
      direct.server.close();
      behindProxy.server.close();
      await handle.db.execute(sql`delete from rate_limit_events`);
    }
  });
});
