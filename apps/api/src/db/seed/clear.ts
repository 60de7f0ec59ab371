/**
 * Empties every table the seed writes (TRUNCATE ... CASCADE in one statement), so
 * `npm run db:seed` can reseed a database that already has a catalogue. Tables of other
 * modules that reference these (carts, orders, customers' data) are emptied too by CASCADE,
 * so the CLI first asks {@link countShopActivity} and refuses without `--force`.
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
  schema.variantGroups,
  schema.products,
  schema.productCategories,
  schema.productImages,
  schema.imageFiles,
  schema.productParameters,
  schema.skus,
  schema.productRelations,
  schema.stock,
  schema.stores,
  schema.storeStock,
  schema.productPrices,
  schema.priceCampaigns,
  schema.priceCampaignPrices,
  schema.priceLog,
  schema.menus,
  schema.menuLocations,
  schema.menuItems,
  schema.contentPages,
  schema.contentContainers,
  schema.contentWidgets,
] as const;

/** What a reseed would delete besides the catalogue: rows written by shoppers. */
export interface ShopActivity {
  orders: number;
  customers: number;
  carts: number;
}

/** Counts orders, customer accounts and carts (3 statements). */
export async function countShopActivity(db: Database): Promise<ShopActivity> {
  const [orders, customers, carts] = await Promise.all([
    db.$count(schema.orders),
    db.$count(schema.customers),
    db.$count(schema.carts),
  ]);
  return { orders, customers, carts };
}

/** True when a reseed would delete anything a shopper wrote. */
export function hasShopActivity(activity: ShopActivity): boolean {
  return activity.orders + activity.customers + activity.carts > 0;
}

/** Deletes the whole catalogue and its reference data in one transaction. */
export async function clearCatalogue(db: Database): Promise<void> {
  const names = SEEDED_TABLES.map((table) => `"${getTableName(table)}"`).join(', ');
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`TRUNCATE ${names} CASCADE`));
  });
}
