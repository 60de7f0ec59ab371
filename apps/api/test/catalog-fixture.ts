/**
 * Known rows added on top of the seed catalogue, so that API tests can assert exact prices,
 * formats and stock: a campaign product (12 999 kr -> 9 999 kr), a product priced with öre
 * (1 234,50 kr) and a market without a currency. Ids are far above the seed's.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import {
  brands,
  markets,
  priceCampaignPrices,
  priceCampaigns,
  productCategories,
  productPrices,
  products,
  skus,
  stock,
} from '../src/db/schema.ts';

const DAY = 86_400_000;

/** What the fixture added. */
export const FIXTURE = {
  campaignProduct: {
    id: 990001,
    alias: 'testcykel-kampanj',
    articleNumber: 'TEST-990001',
    regular: 1_299_900,
    campaign: 999_900,
    skuIds: [9_900_011, 9_900_012],
  },
  oreProduct: { id: 990002, alias: 'testpump-ore', articleNumber: 'TEST-990002', regular: 123_450 },
  campaign: { id: 901, alias: 'testrea', name: 'Testrea' },
  currencylessMarket: { id: 'XX|XXX', alias: 'xx' },
} as const;

/** Inserts the fixture rows into a seeded database. */
export async function addCatalogFixture(db: Database, now = new Date()): Promise<void> {
  const [brand] = await db.select().from(brands).orderBy(asc(brands.id)).limit(1);
  if (!brand) throw new Error('seed the catalogue first');
  const { campaignProduct: cp, oreProduct: op, campaign } = FIXTURE;
  await db.insert(priceCampaigns).values([
    {
      id: campaign.id,
      alias: campaign.alias,
      name: campaign.name,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + DAY),
    },
    {
      id: 902,
      alias: 'testrea-slut',
      name: 'Avslutad testrea',
      startsAt: new Date(now.getTime() - 10 * DAY),
      endsAt: new Date(now.getTime() - 5 * DAY),
    },
    {
      id: 903,
      alias: 'testrea-snart',
      name: 'Kommande testrea',
      startsAt: new Date(now.getTime() + 5 * DAY),
      endsAt: null,
    },
  ]);
  await db.insert(products).values([
    {
      id: cp.id,
      articleNumber: cp.articleNumber,
      alias: cp.alias,
      name: 'Testcykel Kampanj',
      brandId: brand.id,
      primaryCategoryId: 11,
      text1: 'En cykel för tester.',
      text2: 'Kort text.',
      firstAvailableOn: '2001-01-01',
      weight: 21000,
    },
    {
      id: op.id,
      articleNumber: op.articleNumber,
      alias: op.alias,
      name: 'Testpump Öre',
      brandId: brand.id,
      primaryCategoryId: 25,
      firstAvailableOn: '2000-01-01',
      weight: 300,
    },
  ]);
  await db.insert(productCategories).values([
    { productId: cp.id, categoryId: 11, sortOrder: 0 },
    { productId: cp.id, categoryId: 1, sortOrder: 1 },
    { productId: op.id, categoryId: 25, sortOrder: 0 },
    { productId: op.id, categoryId: 2, sortOrder: 1 },
  ]);
  await db.insert(skus).values([
    {
      id: cp.skuIds[0],
      productId: cp.id,
      articleNumber: 'TEST-990001-M',
      name: 'M',
      weight: 21000,
    },
    {
      id: cp.skuIds[1],
      productId: cp.id,
      articleNumber: 'TEST-990001-L',
      name: 'L',
      weight: 21500,
    },
    {
      id: 9_900_021,
      productId: op.id,
      articleNumber: 'TEST-990002-1',
      name: 'One size',
      weight: 300,
    },
  ]);
  await db.insert(stock).values([
    { skuId: cp.skuIds[0], inStock: 3, oversellable: 2, static: 0, incoming: null },
    { skuId: cp.skuIds[1], inStock: 0, oversellable: 0, static: 4, incoming: '2030-05-01' },
  ]);
  await db.insert(productPrices).values([
    {
      productId: cp.id,
      marketId: 'SE|SEK',
      currencyCode: 'SEK',
      regularPriceIncVat: cp.regular,
      vatRateBasisPoints: 2500,
    },
    {
      productId: op.id,
      marketId: 'SE|SEK',
      currencyCode: 'SEK',
      regularPriceIncVat: op.regular,
      vatRateBasisPoints: 2500,
    },
  ]);
  await db.insert(priceCampaignPrices).values([
    {
      campaignId: campaign.id,
      productId: cp.id,
      marketId: 'SE|SEK',
      sellingPriceIncVat: cp.campaign,
    },
    // Lower, but outside their periods: must not apply.
    { campaignId: 902, productId: cp.id, marketId: 'SE|SEK', sellingPriceIncVat: 500_000 },
    { campaignId: 903, productId: cp.id, marketId: 'SE|SEK', sellingPriceIncVat: 400_000 },
  ]);
  await db.insert(markets).values({
    id: FIXTURE.currencylessMarket.id,
    alias: FIXTURE.currencylessMarket.alias,
    channelId: 1,
    countryCode: 'DE',
    currencyCode: null,
    vatRateBasisPoints: 1900,
    defaultLanguageId: 'sv-SE',
    groupKey: 'Test',
    sortOrder: 99,
  });
}
