/**
 * Writing a product's SKUs and prices (issue 26) inside the caller's transaction: SKUs matched by
 * id or article number, prices per market converted with the one VAT rule (pricing/price.ts) and
 * recorded in the price log (pricing/product-prices.service.ts).
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { PricedMarket } from '../channel/channel-admin.ts';
import { incVatOf } from '../pricing/price.ts';
import { replaceProductPrices } from '../pricing/product-prices.service.ts';
import {
  staffInputError,
  type marketPriceInputSchema,
  type ParsedProductInput,
} from './catalog-admin.input.ts';
import { nextCatalogueId, type CatalogueTx } from './catalog-admin-tx.ts';
import { skus } from './catalog.tables.ts';

/**
 * Writes the SKUs: matched by id or article number are updated, new ones inserted, the rest
 * deleted (their stock and cart lines go with them; orders keep their own copies).
 */
export async function writeSkus(
  tx: CatalogueTx,
  productId: number,
  input: ParsedProductInput,
): Promise<void> {
  const existing = await tx
    .select({ id: skus.id, articleNumber: skus.articleNumber })
    .from(skus)
    .where(eq(skus.productId, productId));
  const byId = new Map(existing.map((s) => [s.id, s]));
  const byNumber = new Map(existing.map((s) => [s.articleNumber, s]));
  const kept: number[] = [];
  const matched = input.skus.map((sku) => {
    const match =
      (sku.id !== undefined ? byId.get(sku.id) : undefined) ?? byNumber.get(sku.articleNumber);
    if (sku.id !== undefined && !byId.has(sku.id)) {
      throw staffInputError(`SKU ${sku.id} hör inte till produkten`, 'skus');
    }
    if (match) kept.push(match.id);
    return { sku, id: match?.id ?? null };
  });
  await tx
    .delete(skus)
    .where(
      kept.length > 0
        ? and(eq(skus.productId, productId), notInArray(skus.id, kept))
        : eq(skus.productId, productId),
    );
  // Article numbers are unique: move the kept ones out of the way before renaming (a swap).
  if (kept.length > 0) {
    await tx
      .update(skus)
      .set({ articleNumber: sql`'~' || ${skus.id}::text` })
      .where(inArray(skus.id, kept));
  }
  for (const [sortOrder, { sku, id }] of matched.entries()) {
    const values = {
      articleNumber: sku.articleNumber,
      name: sku.size,
      gtin: sku.ean,
      weight: sku.weight,
      lengthMm: sku.lengthMm,
      widthMm: sku.widthMm,
      heightMm: sku.heightMm,
      sortOrder,
    };
    if (id !== null) await tx.update(skus).set(values).where(eq(skus.id, id));
    else
      await tx.insert(skus).values({ id: await nextCatalogueId(tx, skus), productId, ...values });
  }
}

/**
 * Replaces the product's prices with `prices` (markets not listed lose theirs), each converted
 * to incl. VAT with the one VAT rule, then records the changes in the price log.
 */
export async function writePrices(
  tx: CatalogueTx,
  productId: number,
  prices: ReadonlyArray<z.output<typeof marketPriceInputSchema>>,
  markets: Map<string, PricedMarket>,
  now: Date,
): Promise<void> {
  const marketIds = prices.map((p) => p.marketId);
  if (new Set(marketIds).size !== marketIds.length) {
    throw staffInputError('Samma marknad förekommer två gånger', 'prices');
  }
  const rows = prices.map((price, index) => {
    const market = markets.get(price.marketId);
    if (!market) throw staffInputError(`Marknaden ${price.marketId} finns inte`, `prices.${index}`);
    if (!market.currencyCode) {
      throw staffInputError(`Marknaden ${price.marketId} saknar valuta`, `prices.${index}`);
    }
    const rate = price.vatRateBasisPoints ?? market.vatRateBasisPoints;
    return {
      marketId: market.id,
      currencyCode: market.currencyCode,
      regularPriceIncVat: price.vatMode === 'exVat' ? incVatOf(price.amount, rate) : price.amount,
      vatRateBasisPoints: rate,
    };
  });
  await replaceProductPrices(tx as unknown as Database, productId, rows, now);
}
