/**
 * The references of a sample catalogue CSV (csv-sample.ts) in a seeded database: a brand, a
 * visible sub-category, the markets with a currency and the stores.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { brands, categories, stores } from '../src/db/schema.ts';
import { csvMarkets } from '../src/modules/catalog-csv/csv-export.service.ts';
import type { SampleRefs } from './csv-sample.ts';

/** A brand, a leaf category, the markets and stores of a seeded database. */
export async function sampleRefs(db: Database): Promise<SampleRefs> {
  const [brand] = await db
    .select({ alias: brands.alias })
    .from(brands)
    .orderBy(asc(brands.id))
    .limit(1);
  const [category] = await db
    .select({ alias: categories.alias })
    .from(categories)
    .where(and(isNotNull(categories.parentId), eq(categories.isHidden, false)))
    .orderBy(asc(categories.id))
    .limit(1);
  const storeRows = await db.select({ alias: stores.alias }).from(stores).orderBy(asc(stores.id));
  return {
    brand: brand!.alias,
    category: category!.alias,
    markets: (await csvMarkets(db)).map((m) => m.alias),
    stores: storeRows.map((s) => s.alias),
  };
}
