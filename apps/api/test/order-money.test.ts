/**
 * Issue 14 "Money shown to the customer must add up": for orders with a campaign price, a
 * percentage promo code, a fixed-amount code, a gift card and free shipping, the order e-mail and
 * the order as the account pages read it (OrderType: cart.summary, discount, shippingFee,
 * orderTotal) show items − discount + shipping = total, equal to the stored order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orders, priceCampaignPrices, priceCampaigns, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

/** "1 234,50 kr" -> 123450 öre; a leading U+2212 or hyphen gives a negative amount. */
function ore(text: string): number {
  const negative = /^\s*[\u2212-]/.test(text);
  const digits = text.replace(/[^\d,]/g, '').replace(',', '.');
  return Math.round(Number(digits) * 100) * (negative ? -1 : 1);
}

/** The amount after `label:` on a line of the e-mail's text part, or null when there is none. */
function emailAmount(mail: string, label: RegExp): number | null {
  const line = mail.split('\n').find((l) => label.test(l));
  if (!line) return null;
  const value = line.slice(line.indexOf(':') + 1).split('(')[0]!;
  return ore(value);
}

describe.each(testDatabaseKinds())('order money adds up on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let outbox: string;
  let mailConfig: Config;

  const cartWith = async (items: Array<[number, number]>): Promise<string> => {
    const { data } = await client.query(`{ getCart(id: "") { id } }`);
    const id = data!.getCart.id as string;
    for (const [skuId, quantity] of items) {
      const result = await client.query(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id, item: { skuId, quantity } },
      );
      expect(result.errors).toBeUndefined();
    }
    return id;
  };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    await addCartFixture(handle.db);
    await handle.db.update(stock).set({ inStock: 50 }).where(eq(stock.skuId, F.lock.skuId));
    // The lock on campaign: 299 kr -> 249 kr.
    await handle.db.insert(priceCampaigns).values({
      id: 98_001,
      alias: 'test-lock-campaign',
      name: 'Låsrea',
      startsAt: new Date('2020-01-01'),
    });
    await handle.db.insert(priceCampaignPrices).values({
      campaignId: 98_001,
      productId: F.lock.productId,
      marketId: 'SE|SEK',
      sellingPriceIncVat: 24_900,
    });
    outbox = mkdtempSync(join(tmpdir(), 'trampa-outbox-'));
    const base = testConfig();
    mailConfig = { ...base, mail: { ...base.mail, outboxDir: outbox } };
    client = createTestClient(handle, mailConfig);
  });

  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  const cases: Array<{
    name: string;
    items: Array<[number, number]>;
    promo?: string;
    giftCard?: string;
    shippingId: number;
    discount: boolean;
  }> = [
    // Shipping 1: home delivery (99 kr, never free); 2: service point (49 kr, free from 499 kr).
    { name: 'campaign', items: [[F.lock.skuId, 1]], shippingId: 1, discount: true },
    { name: 'promo', items: [[F.tube.skuId, 1]], promo: 'CYKEL10', shippingId: 2, discount: true },
    {
      name: 'fixed',
      items: [
        [F.lock.skuId, 1],
        [F.tube.skuId, 2],
      ],
      promo: 'HUNDRA',
      shippingId: 2,
      discount: true,
    },
    {
      name: 'giftcard',
      items: [[F.lock.skuId, 1]],
      giftCard: 'PRESENT500',
      shippingId: 2,
      discount: true,
    },
    // The bike (4 999 kr) reaches the threshold: service point ships free.
    { name: 'freeshipping', items: [[F.bike.skuId, 1]], shippingId: 2, discount: false },
  ];

  it.each(cases)('$name: e-mail and OrderType add up and equal the stored order', async (c) => {
    const cartId = await cartWith(c.items);
    if (c.promo) {
      const r = await client.query(
        `mutation($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { id } }`,
        { id: cartId, code: c.promo },
      );
      expect(r.errors).toBeUndefined();
    }
    if (c.giftCard) {
      const r = await client.query(
        `mutation($id: String!, $code: String!) { setCartGiftCard(id: $id, giftCardCode: $code) { id } }`,
        { id: cartId, code: c.giftCard },
      );
      expect(r.errors).toBeUndefined();
    }
    const email = `money-${c.name}-${kind}@example.se`;
    const placed = await client.query(
      `mutation($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId } }`,
      { cartId, checkout: personCheckout({ email, shippingId: c.shippingId }) },
    );
    expect(placed.errors).toBeUndefined();
    const [stored] = await handle.db.select().from(orders).where(eq(orders.cartId, cartId));
    expect(stored!.discountIncVat > 0).toBe(c.discount);
    if (c.name === 'freeshipping') expect(stored!.shippingFeeIncVat).toBe(0);
    if (c.giftCard) expect(stored!.fromBalance).toBeGreaterThan(0);

    // The e-mail (sent by the job queue, issue 15).
    await runJobsUntilIdle(handle.db, mailConfig);
    const [mail] = await readOutbox(outbox, email);
    expect(mail).toBeDefined();
    const items = emailAmount(mail!, /^Varor:/);
    const discount = emailAmount(mail!, /^Rabatt/) ?? 0;
    const shipping = emailAmount(mail!, /^Frakt/);
    const total = emailAmount(mail!, /^Totalt:/);
    expect(items, 'Varor').not.toBeNull();
    expect(total).toBe(stored!.orderValueIncVat);
    expect(shipping).toBe(stored!.shippingFeeIncVat);
    // A deduction is written with U+2212.
    expect(discount).toBe(0 - stored!.discountIncVat || 0);
    expect(items! + discount + shipping!).toBe(total);
    if (c.giftCard) {
      expect(emailAmount(mail!, /^Presentkort:/)).toBe(-stored!.fromBalance);
      expect(emailAmount(mail!, /^Att betala:/)).toBe(
        stored!.orderValueIncVat - stored!.fromBalance,
      );
    }
    expect(mail).not.toMatch(/: -\d/);
    // The lines ("2 × name: amount") add up to "Varor" (issue 22 review: a campaign item with a
    // promo code showed its paid amount while "Varor" is at regular prices).
    const textPart = mail!.split('Content-Type: text/html')[0]!;
    const lineAmounts = textPart
      .split('\n')
      .filter((l) => /^\d+ × /.test(l))
      .map((l) => ore(/: ([^:(]+?)(?: \(efter rabatt [^)]*\))?\s*$/.exec(l)![1]!));
    expect(lineAmounts.length).toBeGreaterThan(0);
    expect(lineAmounts.reduce((a, b) => a + b, 0)).toBe(items);

    // The order as the account pages read it.
    const { data, errors } = await client.query(
      `query($id: Guid!) { getOrderPublic(publicOrderId: $id) {
        cart { summary { subTotal { regularPriceIncVat } } }
        discount { sellingPriceIncVat } shippingFee { sellingPriceIncVat }
        orderTotal { sellingPriceIncVat } fromBalance } }`,
      { id: placed.data!.placeOrder.publicId },
    );
    expect(errors).toBeUndefined();
    const order = data!.getOrderPublic;
    const kr = (n: number) => Math.round(n * 100);
    expect(
      kr(order.cart.summary.subTotal.regularPriceIncVat) -
        kr(order.discount.sellingPriceIncVat) +
        kr(order.shippingFee.sellingPriceIncVat),
    ).toBe(kr(order.orderTotal.sellingPriceIncVat));
    expect(kr(order.orderTotal.sellingPriceIncVat)).toBe(stored!.orderValueIncVat);
    expect(kr(order.fromBalance)).toBe(stored!.fromBalance);
  });
});
