/**
 * Förmånscykel fields through the API (issue 21; our own additions, not Geins): the
 * `leasingSettings` query gives SPEC §9's periods, fees and packages, and `ProductType.leasable`
 * is the seed's flag: true for adult bikes and e-bikes, false for children's bikes and accessories.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { CATEGORIES } from '../src/db/seed/categories.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const SETTINGS = `{
  leasingSettings {
    periods defaultPeriod defaultPackageId setupFee setupFeeSpread yearlyInterestPercent
    benefitReductionPerMonth employerFeePercent minPrice maxPrice
    defaultMarginalTaxPercent minMarginalTaxPercent maxMarginalTaxPercent
    packages { id name pricePerYear standardPricePerYear }
  }
}`;

describe.each(testDatabaseKinds())('leasing fields on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 40 });
    client = createTestClient(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('leasingSettings gives SPEC §9: periods 12 and 36, 200 kr setup, 250 kr reduction, packages', async () => {
    const result = await client.query<{ leasingSettings: Record<string, unknown> }>(SETTINGS);
    expect(result.errors).toBeUndefined();
    expect(result.data!.leasingSettings).toEqual({
      periods: [12, 36],
      defaultPeriod: 36,
      defaultPackageId: 'none',
      setupFee: 200,
      setupFeeSpread: true,
      yearlyInterestPercent: 0,
      benefitReductionPerMonth: 250,
      employerFeePercent: 31.42,
      minPrice: 5000,
      maxPrice: 60000,
      defaultMarginalTaxPercent: 32,
      minMarginalTaxPercent: 0,
      maxMarginalTaxPercent: 60,
      packages: [
        { id: 'none', name: 'Inget servicepaket', pricePerYear: 0, standardPricePerYear: null },
        { id: 'bas', name: 'Bas', pricePerYear: 660, standardPricePerYear: 700 },
        { id: 'trygg', name: 'Trygg', pricePerYear: 1020, standardPricePerYear: 1200 },
        {
          id: 'bekymmersfri',
          name: 'Bekymmersfri',
          pricePerYear: 1620,
          standardPricePerYear: 2000,
        },
      ],
    });
  });

  it('ProductType.leasable is true for e-bikes and adult bikes, false for the rest', async () => {
    const rows = await handle.db
      .select({ alias: schema.products.alias, categoryId: schema.products.primaryCategoryId })
      .from(schema.products);
    const categoryAlias = new Map(CATEGORIES.map((c) => [c.id, c.alias]));
    const pick = (alias: string) => rows.find((r) => categoryAlias.get(r.categoryId) === alias);
    const cases: Array<[string, boolean]> = [
      ['elcyklar', true],
      ['hybridcyklar', true],
      ['barncyklar', false],
      ['hjalmar', false],
    ];
    for (const [category, expected] of cases) {
      const product = pick(category);
      if (!product) throw new Error(`the seed has no product in ${category}`);
      const result = await client.query<{ product: { leasable: boolean } }>(
        'query($alias: String!) { product(alias: $alias) { leasable } }',
        { alias: product.alias },
      );
      expect(result.errors).toBeUndefined();
      expect([category, result.data!.product.leasable]).toEqual([category, expected]);
    }
  });

  it('follows the stored flag', async () => {
    const [helmet] = await handle.db
      .select({ id: schema.products.id, alias: schema.products.alias })
      .from(schema.products)
      .where(eq(schema.products.primaryCategoryId, 21))
      .limit(1);
    await handle.db
      .update(schema.products)
      .set({ leasable: true })
      .where(eq(schema.products.id, helmet!.id));
    const result = await client.query<{ product: { leasable: boolean } }>(
      'query($alias: String!) { product(alias: $alias) { leasable } }',
      { alias: helmet!.alias },
    );
    expect(result.data!.product.leasable).toBe(true);
  });
});
