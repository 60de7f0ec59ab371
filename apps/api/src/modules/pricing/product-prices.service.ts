/**
 * Writing a product's regular prices per market (issue 26, the back office and imports): the
 * one writer of `product_prices` besides the seed. Amounts are minor units incl. VAT (ADR 002);
 * a caller with an amount excl. VAT converts it with `incVatOf` (price.ts) first. Each write
 * records the changed selling prices in the price log (price-log.ts) in the same transaction.
 */
import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordPriceChanges } from './price-log.ts';
import { productPrices } from './pricing.tables.ts';

/** A regular price of a product in a market, minor units incl. VAT. */
export interface ProductPriceRow {
  marketId: string;
  currencyCode: string;
  regularPriceIncVat: number;
  vatRateBasisPoints: number;
}

/** A product's regular prices, by market id (one statement). */
export async function productPriceRows(
  db: Pick<Database, 'select'>,
  productId: number,
): Promise<ProductPriceRow[]> {
  return db
    .select({
      marketId: productPrices.marketId,
      currencyCode: productPrices.currencyCode,
      regularPriceIncVat: productPrices.regularPriceIncVat,
      vatRateBasisPoints: productPrices.vatRateBasisPoints,
    })
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(asc(productPrices.marketId));
}

/**
 * Sets product `productId`'s prices to `rows` (markets not listed lose theirs) with `db`, the
 * caller's transaction, then logs the changes dated `now`. Markets must be distinct.
 */
export async function replaceProductPrices(
  db: Database,
  productId: number,
  rows: readonly ProductPriceRow[],
  now: Date,
): Promise<void> {
  const marketIds = rows.map((r) => r.marketId);
  await db
    .delete(productPrices)
    .where(
      marketIds.length > 0
        ? and(eq(productPrices.productId, productId), notInArray(productPrices.marketId, marketIds))
        : eq(productPrices.productId, productId),
    );
  for (const row of rows) {
    await db
      .insert(productPrices)
      .values({ productId, ...row })
      .onConflictDoUpdate({
        target: [productPrices.productId, productPrices.marketId],
        set: {
          currencyCode: row.currencyCode,
          regularPriceIncVat: row.regularPriceIncVat,
          vatRateBasisPoints: row.vatRateBasisPoints,
        },
      });
  }
  if (rows.length > 0) await recordPriceChanges(db, now, { productIds: [productId], marketIds });
}
