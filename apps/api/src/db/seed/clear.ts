/**
 * Empties every table the seed writes (TRUNCATE ... CASCADE in one statement), so
 * `npm run db:seed` can reseed a database that already has a catalogue. Tables of other
 * modules that reference these (e.g. cart lines) are emptied too by CASCADE.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import * as schema from '../schema.ts';

/** The tables the seed fills, parents before children. */
export const SEEDED_TABLES = [
  schema.languages,
  schema.currencies,
  schema.countries,
  schema.channels,
  schema.channelLanguages,
  schema.markets,
  schema.marketLanguages,
  schema.categories,
  schema.brands,
  schema.parameterGroups,
  schema.parameters,
  schema.parameterValues,
  schema.products,
  schema.productCategories,
  schema.productImages,
  schema.productParameters,
  schema.skus,
  schema.productRelations,
  schema.stock,
  schema.stores,
  schema.storeStock,
  schema.productPrices,
  schema.priceCampaigns,
  schema.priceCampaignPrices,
] as const;

/** Deletes the whole catalogue and its reference data in one transaction. */
export async function clearCatalogue(db: Database): Promise<void> {
  const names = SEEDED_TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`TRUNCATE ${names} CASCADE`));
  });
}
