/**
 * Test helpers of the marketing operations of the admin API (issue 26 "Prices"): the admin API on
 * a seeded catalogue with the real clock (so the shop API, which reads the real clock, sees what
 * the back office wrote), a logged-in store manager, and the operations' documents.
 */
import { beforeAll } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { addStaff, adminClient, useAdminApi } from './admin-client.ts';

/** Fields of a campaign in the answers. */
export const CAMPAIGN_FIELDS =
  'id alias name startsAt endsAt status productCount marketIds prices { productId marketId sellingPriceIncVat regularPriceIncVat }';

/** `createCampaign(input)`. */
export const CREATE_CAMPAIGN = `mutation($input: CampaignInput!) { createCampaign(input: $input) { ${CAMPAIGN_FIELDS} } }`;

/** Fields of a promo code in the answers. */
export const PROMO_FIELDS =
  'code name kind percentBasisPoints startsAt endsAt usageLimit timesUsed active status excludeDiscountedItems amounts { currencyCode amountIncVat minOrderIncVat }';

/** `createPromoCode(code, input)`. */
export const CREATE_PROMO = `mutation($code: String!, $input: PromoCodeInput!) { createPromoCode(code: $code, input: $input) { ${PROMO_FIELDS} } }`;

/** `issueGiftCard(input)`. */
export const ISSUE_GIFT_CARD =
  'mutation($input: IssueGiftCardInput!) { issueGiftCard(input: $input) { code card { maskedCode balance currencyCode status } } }';

/** A time `hours` from now (ISO). */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString();
}

/**
 * The admin API of `kind` on a seeded catalogue of 12 products, its clock the real one, with a
 * store manager (butikschef) logged in; `product` is a product with a price in SE|SEK.
 */
export function useMarketingApi(kind: 'pglite' | 'postgres') {
  const state = useAdminApi(kind);
  const extra = Object.assign(state, {
    manager: undefined as unknown as ReturnType<typeof adminClient>,
    product: { id: 0, alias: '', regularPriceIncVat: 0 },
  });
  beforeAll(async () => {
    Object.defineProperty(state.clock, 'now', { get: () => new Date() });
    await seedCatalogue(state.handle.db, { products: 12 });
    // A product of its own prices: no seeded campaign on it.
    await state.handle.db.delete(schema.priceCampaigns);
    const [price] = await state.handle.db
      .select()
      .from(schema.productPrices)
      .where(eq(schema.productPrices.marketId, 'SE|SEK'))
      .orderBy(asc(schema.productPrices.productId))
      .limit(1);
    const [product] = await state.handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.id, price!.productId));
    extra.product = {
      id: price!.productId,
      alias: product!.alias,
      regularPriceIncVat: price!.regularPriceIncVat,
    };
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    extra.manager = adminClient(state.api);
    await extra.manager.login('chef@example.se');
  }, 120_000);
  return extra;
}
