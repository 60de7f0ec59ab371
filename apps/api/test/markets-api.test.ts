/**
 * API integration tests of markets (issue 4; GEINS-API §1 context ids, §4.1 MarketType; SPEC §3,
 * §8): the seeded markets, and every price in the currency, VAT rate and culture of the request's
 * market, on every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { priceCampaignPrices, productPrices } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { formatMoney, minorToDecimal } from '../src/modules/pricing/money.ts';
import { exVat } from '../src/modules/pricing/price.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

const PRODUCT = `query($alias: String, $m: String, $l: String) {
  product(alias: $alias, marketId: $m, languageId: $l) {
    productId
    unitPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat vat
      sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted
      vatFormatted currency { code } }
  }
}`;

describe.each(testDatabaseKinds())('markets API on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  let alias: string;
  let productId: number;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 60, now: NOW });
    client = createTestClient(handle);
    const { data } = await client.query(`{ products(take: 1) { products { productId alias } } }`);
    ({ alias, productId } = data!.products.products[0]);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('lists the markets with Geins field names, groups, languages and currencies', async () => {
    const { data, errors } = await client.query(`{
      channel { defaultMarketId markets { id alias virtual onlyDisplayInCheckout groupKey
        defaultLanguageId allowedLanguages { id code } currency { code } country { code } } }
    }`);
    expect(errors).toBeUndefined();
    const markets = data!.channel.markets as Array<Record<string, unknown>>;
    expect(markets.map((m) => [m.id, m.alias, m.groupKey, m.defaultLanguageId])).toEqual([
      ['SE|SEK', 'se', 'Norden', 'sv-SE'],
      ['NO|NOK', 'no', 'Norden', 'nb-NO'],
      ['DK|DKK', 'dk', 'Norden', 'da-DK'],
      ['FI|EUR', 'fi', 'Norden', 'fi-FI'],
      ['EU|EUR', 'eu', 'Europa', 'en-US'],
    ]);
    expect(markets[3]).toMatchObject({
      currency: { code: 'EUR' },
      allowedLanguages: [
        { id: 'fi-FI', code: 'fi' },
        { id: 'sv-FI', code: 'sv' },
      ],
    });
    expect(markets[4]).toMatchObject({ virtual: false, onlyDisplayInCheckout: true });
    expect(markets.slice(0, 4).every((m) => !m.onlyDisplayInCheckout && !m.virtual)).toBe(true);
  });

  it.each([
    ['no', 'NO|NOK', 'NOK', 'nb-NO', 2500, /\u00a0kr$/],
    ['dk', 'DK|DKK', 'DKK', 'da-DK', 2500, /\u00a0kr\.$/],
    ['fi', 'FI|EUR', 'EUR', 'fi-FI', 2550, /\u00a0€$/],
    ['FI|EUR', 'FI|EUR', 'EUR', 'fi-FI', 2550, /\u00a0€$/],
    ['se', 'SE|SEK', 'SEK', 'sv-SE', 2500, /\u00a0kr$/],
  ])(
    'prices a product in market %s from its own price list (%s, %s, %s, VAT %i)',
    async (marketId, id, currency, culture, vat, suffix) => {
      const [row] = await handle.db
        .select()
        .from(productPrices)
        .where(and(eq(productPrices.productId, productId), eq(productPrices.marketId, id)));
      const campaigns = await handle.db
        .select()
        .from(priceCampaignPrices)
        .where(
          and(eq(priceCampaignPrices.productId, productId), eq(priceCampaignPrices.marketId, id)),
        );
      expect(row).toMatchObject({ currencyCode: currency, vatRateBasisPoints: vat });
      const { data, errors } = await client.query(PRODUCT, { alias, m: marketId });
      expect(errors).toBeUndefined();
      const price = data!.product.unitPrice;
      expect(price.currency.code).toBe(currency);
      expect(price.regularPriceIncVat).toBe(minorToDecimal(row!.regularPriceIncVat, currency));
      expect(price.regularPriceIncVatFormatted).toBe(
        formatMoney(row!.regularPriceIncVat, currency, culture),
      );
      expect(price.regularPriceIncVatFormatted).toMatch(suffix);
      const selling = Math.round(price.sellingPriceIncVat * 100);
      if (campaigns.length === 0) expect(selling).toBe(row!.regularPriceIncVat);
      expect(Math.round(price.sellingPriceExVat * 100)).toBe(exVat(selling, vat));
      expect(Math.round(price.vat * 100)).toBe(selling - exVat(selling, vat));
      expect(price.sellingPriceExVatFormatted).toBe(
        formatMoney(exVat(selling, vat), currency, culture),
      );
    },
  );

  it('formats in the market culture whatever the language: sv-FI in Finland keeps "129,90 €"', async () => {
    const fi = await client.query(PRODUCT, { alias, m: 'fi', l: 'fi-FI' });
    const svFi = await client.query(PRODUCT, { alias, m: 'fi', l: 'sv-FI' });
    expect(svFi.errors).toBeUndefined();
    expect(svFi.data).toEqual(fi.data);
  });

  it('formats Norwegian, Danish and Finnish amounts the way those shoppers read them', () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatMoney(129_900, 'NOK', 'nb-NO'))).toBe('1 299 kr');
    expect(plain(formatMoney(129_900, 'DKK', 'da-DK'))).toBe('1.299 kr.');
    expect(plain(formatMoney(12_990, 'EUR', 'fi-FI'))).toBe('129,90 €');
  });

  it('falls back to Sweden for an unknown market and logs it', async () => {
    client.logged.length = 0;
    const se = await client.query(PRODUCT, { alias, m: 'se' });
    const unknown = await client.query(PRODUCT, { alias, m: 'zz' });
    expect(unknown.data).toEqual(se.data);
    expect(client.logged.some((line) => line.includes('"zz"'))).toBe(true);
  });
});
