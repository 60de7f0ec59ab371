/**
 * Campaigns, promo codes and gift cards in the back office (issue 26 "Prices", "What must show"):
 * a store manager's campaign is the shop API's price at once (lists included: the list cache
 * learns of it), ends early, and every change is in the audit log with before/after; a promo
 * code created there works in a cart and stops when deactivated; a gift card is issued with a
 * code shown once, looked up with its history and voided; bad input (end before start, negative
 * amounts, a taken code) is BAD_USER_INPUT with a Swedish message.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestClient } from './api-client.ts';
import { codeOf, type AdminResponse } from './admin-client.ts';
import {
  CAMPAIGN_FIELDS,
  CREATE_CAMPAIGN,
  CREATE_PROMO,
  hoursFromNow,
  ISSUE_GIFT_CARD,
  PROMO_FIELDS,
  useMarketingApi,
} from './admin-marketing-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

/** Answers are read loosely (the schema test checks their shapes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

/** The data of an answer that must have no errors. */
function dataOf(answer: AdminResponse): Loose {
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data as Loose;
}

/** The first error, which must be BAD_USER_INPUT with a Swedish message. */
function swedishError(answer: AdminResponse): string {
  expect(codeOf(answer)).toBe('BAD_USER_INPUT');
  const error = answer.body.errors![0]!;
  expect(error.extensions?.locale).toBe('sv');
  return error.message;
}

describe.each(testDatabaseKinds())('marketing in the back office on %s', (kind) => {
  const state = useMarketingApi(kind);

  async function auditOf(action: string) {
    const answer = await state.manager.send(
      `{ auditLog(filter: { action: "${action}" }) { entries { staffEmail entityId before after } } }`,
    );
    return dataOf(answer).auditLog.entries as Loose[];
  }

  async function shopPrice() {
    const shop = createTestClient(state.handle);
    const { data, errors } = await shop.query(
      `{ product(alias: "${state.product.alias}", marketId: "se") { discountType unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted } } }`,
    );
    expect(errors).toBeUndefined();
    return data!.product;
  }

  it('a campaign shows in the shop at once, ends early, and both are audited', async () => {
    const regular = state.product.regularPriceIncVat;
    const before = await shopPrice();
    expect(before.discountType).toBe('NONE');
    const created = dataOf(
      await state.manager.send(CREATE_CAMPAIGN, {
        input: {
          name: 'Vinterrea 2026',
          startsAt: hoursFromNow(-0.01),
          endsAt: hoursFromNow(48),
          percentOff: 20,
          productIds: [state.product.id],
          marketIds: ['SE|SEK'],
        },
      }),
    ).createCampaign;
    const expected = Math.round((regular * 0.8) / 100) * 100;
    expect(created).toMatchObject({
      alias: 'vinterrea-2026',
      status: 'active',
      productCount: 1,
      marketIds: ['SE|SEK'],
      prices: [{ productId: state.product.id, marketId: 'SE|SEK', sellingPriceIncVat: expected }],
    });
    const during = await shopPrice();
    expect(during.discountType).toBe('PRICE_CAMPAIGN');
    expect(during.unitPrice.sellingPriceIncVat * 100).toBeCloseTo(expected, 0);
    // The campaign's list (/dc/<alias>) has the product.
    const shop = createTestClient(state.handle);
    const list = await shop.query(
      `{ products(discountCampaignAlias: "vinterrea-2026", marketId: "se") { count products { productId } } }`,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.products.products.map((p: { productId: number }) => p.productId)).toEqual([
      state.product.id,
    ]);
    // The price log has the campaign price (7 a §).
    const logged = (await state.handle.db.execute(
      sql`select selling_price_inc_vat as s from price_log where product_id = ${state.product.id} and market_id = 'SE|SEK' order by changed_at desc limit 1`,
    )) as unknown as { rows: Array<{ s: number }> };
    expect(logged.rows[0]?.s).toBe(expected);

    const ended = dataOf(
      await state.manager.send(
        `mutation($id: Int!) { endCampaign(id: $id) { ${CAMPAIGN_FIELDS} } }`,
        {
          id: created.id,
        },
      ),
    ).endCampaign;
    expect(ended.status).toBe('ended');
    expect((await shopPrice()).discountType).toBe('NONE');

    const [create] = await auditOf('campaign.create');
    expect(create).toMatchObject({
      staffEmail: 'chef@example.se',
      entityId: String(created.id),
      before: null,
      after: {
        name: 'Vinterrea 2026',
        endsAt: created.endsAt,
        prices: [{ sellingPriceIncVat: expected }],
      },
    });
    const [end] = await auditOf('campaign.end');
    expect(end!.before.endsAt).toBe(created.endsAt);
    expect(end!.after.endsAt).toBe(ended.endsAt);
  });

  it('a campaign is edited (name, dates, a category scope) with before/after in the log', async () => {
    const created = dataOf(
      await state.manager.send(CREATE_CAMPAIGN, {
        input: {
          name: 'Planerad',
          startsAt: hoursFromNow(24),
          prices: [
            {
              productId: state.product.id,
              marketId: 'SE|SEK',
              sellingPriceIncVat: state.product.regularPriceIncVat - 10_000,
            },
          ],
        },
      }),
    ).createCampaign;
    expect(created.status).toBe('planned');
    const [category] = (
      (await state.handle.db.execute(
        sql`select category_id as id from product_categories where product_id = ${state.product.id} limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows;
    const updated = dataOf(
      await state.manager.send(
        `mutation($id: Int!, $input: CampaignInput!) { updateCampaign(id: $id, input: $input) { ${CAMPAIGN_FIELDS} } }`,
        {
          id: created.id,
          input: {
            name: 'Planerad kategori',
            startsAt: hoursFromNow(24),
            endsAt: hoursFromNow(72),
            percentOff: 15,
            categoryId: category!.id,
            marketIds: ['SE|SEK', 'FI|EUR'],
          },
        },
      ),
    ).updateCampaign;
    expect(updated.name).toBe('Planerad kategori');
    expect(updated.productCount).toBeGreaterThanOrEqual(1);
    expect(
      updated.prices.some((p: { productId: number }) => p.productId === state.product.id),
    ).toBe(true);
    const [entry] = await auditOf('campaign.update');
    expect(entry!.before).toMatchObject({ name: 'Planerad', endsAt: null });
    expect(entry!.after).toMatchObject({ name: 'Planerad kategori', endsAt: updated.endsAt });
    expect(entry!.after.prices.length).toBe(updated.prices.length);
    // The price stamp runs at the campaign's start (the price log follows then).
    const job = (await state.handle.db.execute(
      sql`select run_at from jobs where key = 'price-stamp'`,
    )) as unknown as { rows: Array<{ run_at: Date | string }> };
    expect(new Date(job.rows[0]!.run_at).getTime()).toBeLessThanOrEqual(
      new Date(updated.startsAt).getTime(),
    );
  });

  it('refuses bad campaigns with Swedish messages and writes nothing', async () => {
    const base = {
      name: 'Fel',
      startsAt: hoursFromNow(1),
      percentOff: 10,
      productIds: [state.product.id],
      marketIds: ['SE|SEK'],
    };
    const count = async () =>
      (
        (await state.handle.db.execute(
          sql`select count(*)::int as n from price_campaigns`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const before = await count();
    const endBeforeStart = await state.manager.send(CREATE_CAMPAIGN, {
      input: { ...base, endsAt: hoursFromNow(0.5) },
    });
    expect(swedishError(endBeforeStart)).toBe('Slutdatumet måste vara efter startdatumet.');
    expect(endBeforeStart.body.errors![0]!.extensions?.argument).toBe('input.endsAt');
    const negative = await state.manager.send(CREATE_CAMPAIGN, {
      input: {
        name: 'Negativ',
        startsAt: hoursFromNow(1),
        prices: [{ productId: state.product.id, marketId: 'SE|SEK', sellingPriceIncVat: -100 }],
      },
    });
    expect(swedishError(negative)).toBe('Beloppet får inte vara negativt.');
    const tooMuch = await state.manager.send(CREATE_CAMPAIGN, {
      input: { ...base, percentOff: 120 },
    });
    expect(swedishError(tooMuch)).toBe('Rabatten får vara högst 99 %.');
    const both = await state.manager.send(CREATE_CAMPAIGN, {
      input: {
        ...base,
        prices: [{ productId: state.product.id, marketId: 'SE|SEK', sellingPriceIncVat: 100 }],
      },
    });
    expect(swedishError(both)).toMatch(/antingen egna priser eller en procentsats/);
    const nothing = await state.manager.send(CREATE_CAMPAIGN, {
      input: { ...base, productIds: [999_999] },
    });
    expect(swedishError(nothing)).toMatch(/ingen produkt med ordinarie pris/);
    expect(await count()).toBe(before);
  });

  it('a promo code from the back office works in a cart, then stops when deactivated', async () => {
    const created = dataOf(
      await state.manager.send(CREATE_PROMO, {
        code: 'vår25',
        input: {
          name: 'Vår 25 %',
          kind: 'percent',
          percentBasisPoints: 2500,
          startsAt: hoursFromNow(-1),
          endsAt: hoursFromNow(240),
          usageLimit: 100,
          amounts: [{ currencyCode: 'SEK', minOrderIncVat: 0 }],
        },
      }),
    ).createPromoCode;
    expect(created).toMatchObject({ code: 'VÅR25', active: true, timesUsed: 0 });
    const shop = createTestClient(state.handle);
    const sku = (
      (await state.handle.db.execute(
        sql`select s.id from skus s join product_prices p on p.product_id = s.product_id and p.market_id = 'SE|SEK' limit 1`,
      )) as unknown as { rows: Array<{ id: number }> }
    ).rows[0]!.id;
    const cart = (await shop.query('{ getCart(id: "") { id } }')).data!.getCart.id as string;
    await shop.query(
      'mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }',
      { id: cart, item: { skuId: sku, quantity: 1 } },
    );
    const applied = await shop.query(
      'mutation($id: String!) { setCartPromoCode(id: $id, promoCode: "vår25") { promoCode summary { total { discountIncVat } } } }',
      { id: cart },
    );
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.setCartPromoCode.promoCode).toBe('VÅR25');
    expect(applied.data!.setCartPromoCode.summary.total.discountIncVat).toBeGreaterThan(0);

    const deactivated = dataOf(
      await state.manager.send(
        `mutation { deactivatePromoCode(code: "VÅR25") { ${PROMO_FIELDS} } }`,
      ),
    ).deactivatePromoCode;
    expect(deactivated.active).toBe(false);
    const refused = await shop.query(
      'mutation($id: String!) { setCartPromoCode(id: $id, promoCode: "VÅR25") { promoCode } }',
      { id: (await shop.query('{ getCart(id: "") { id } }')).data!.getCart.id },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('INVALID_PROMO_CODE');

    const [entry] = await auditOf('promo.deactivate');
    expect(entry).toMatchObject({
      entityId: 'VÅR25',
      before: { active: true, percentBasisPoints: 2500 },
      after: { active: false },
    });
    expect((await auditOf('promo.create'))[0]!.after).toMatchObject({
      code: 'VÅR25',
      usageLimit: 100,
    });
  });

  it('edits a promo code with before/after; refuses a taken code, negative amounts, end before start', async () => {
    const input = {
      name: 'Hundra av',
      kind: 'fixed',
      startsAt: hoursFromNow(0),
      amounts: [{ currencyCode: 'SEK', amountIncVat: 10_000, minOrderIncVat: 50_000 }],
    };
    dataOf(await state.manager.send(CREATE_PROMO, { code: 'KRONOR100', input }));
    const updated = dataOf(
      await state.manager.send(
        `mutation($input: PromoCodeInput!) { updatePromoCode(code: "kronor100", input: $input) { ${PROMO_FIELDS} } }`,
        {
          input: {
            ...input,
            amounts: [{ currencyCode: 'SEK', amountIncVat: 15_000, minOrderIncVat: 60_000 }],
          },
        },
      ),
    ).updatePromoCode;
    expect(updated.amounts).toEqual([
      { currencyCode: 'SEK', amountIncVat: 15_000, minOrderIncVat: 60_000 },
    ]);
    const [entry] = await auditOf('promo.update');
    expect(entry!.before.amounts[0].amountIncVat).toBe(10_000);
    expect(entry!.after.amounts[0].amountIncVat).toBe(15_000);

    const taken = await state.manager.send(CREATE_PROMO, { code: 'Kronor100', input });
    expect(swedishError(taken)).toBe('Rabattkoden KRONOR100 finns redan.');
    const negative = await state.manager.send(CREATE_PROMO, {
      code: 'MINUS',
      input: { ...input, amounts: [{ currencyCode: 'SEK', amountIncVat: -500 }] },
    });
    expect(swedishError(negative)).toBe('Beloppet får inte vara negativt.');
    const dates = await state.manager.send(CREATE_PROMO, {
      code: 'BAKLANGES',
      input: { ...input, startsAt: hoursFromNow(5), endsAt: hoursFromNow(1) },
    });
    expect(swedishError(dates)).toBe('Slutdatumet måste vara efter startdatumet.');
    const currency = await state.manager.send(CREATE_PROMO, {
      code: 'YEN',
      input: { ...input, amounts: [{ currencyCode: 'JPY', amountIncVat: 500 }] },
    });
    expect(swedishError(currency)).toBe('Valutan JPY används inte i någon marknad.');
    expect(
      dataOf(await state.manager.send('{ promoCode(code: "MINUS") { code } }')).promoCode,
    ).toBeNull();
  });

  it('issues a gift card with a code shown once, looks up its balance and history, voids it', async () => {
    const issued = dataOf(
      await state.manager.send(ISSUE_GIFT_CARD, { input: { currencyCode: 'SEK', amount: 50_000 } }),
    ).issueGiftCard;
    expect(issued.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(issued.card).toMatchObject({ balance: 50_000, currencyCode: 'SEK', status: 'active' });
    expect(issued.card.maskedCode).toBe(`•••• ${issued.code.slice(-4)}`);
    const lookUp = `query($code: String!) { giftCard(code: $code) { maskedCode balance status history { kind amount orderId } } }`;
    const card = dataOf(
      await state.manager.send(lookUp, { code: issued.code.toLowerCase() }),
    ).giftCard;
    expect(card.history).toEqual([{ kind: 'issue', amount: 50_000, orderId: null }]);
    // The shop accepts it for a SEK cart.
    const voided = dataOf(
      await state.manager.send(
        `mutation($code: String!) { voidGiftCard(code: $code) { balance status history { kind amount } } }`,
        {
          code: issued.code,
        },
      ),
    ).voidGiftCard;
    expect(voided).toMatchObject({
      balance: 0,
      status: 'voided',
      history: [
        { kind: 'issue', amount: 50_000 },
        { kind: 'void', amount: 50_000 },
      ],
    });
    const again = await state.manager.send(
      `mutation($code: String!) { voidGiftCard(code: $code) { status } }`,
      {
        code: issued.code,
      },
    );
    expect(swedishError(again)).toBe('Presentkortet är redan makulerat.');
    const [issue] = await auditOf('giftcard.issue');
    const [voidEntry] = await auditOf('giftcard.void');
    expect(issue).toMatchObject({
      before: null,
      after: { balance: 50_000, code: issued.card.maskedCode },
    });
    expect(voidEntry).toMatchObject({
      before: { balance: 50_000, voidedAt: null },
      after: { balance: 0 },
    });
    // The whole code is nowhere in the log.
    const raw = issued.code.replace(/-/g, '');
    const leaked = (await state.handle.db.execute(
      sql`select count(*)::int as n from audit_log where before::text like ${`%${raw}%`} or after::text like ${`%${raw}%`} or entity_id like ${`%${raw}%`}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(leaked.rows[0]!.n).toBe(0);
    const negative = await state.manager.send(ISSUE_GIFT_CARD, {
      input: { currencyCode: 'SEK', amount: -1 },
    });
    expect(swedishError(negative)).toBe('Beloppet får inte vara negativt.');
    const zero = await state.manager.send(ISSUE_GIFT_CARD, {
      input: { currencyCode: 'SEK', amount: 0 },
    });
    expect(swedishError(zero)).toBe('Beloppet måste vara mer än 0.');
  });
});
