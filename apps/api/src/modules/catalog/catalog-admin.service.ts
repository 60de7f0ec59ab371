/**
 * Writing products from the back office and the CSV import (issue 26 "Catalogue and stock"): a
 * product with its texts per language, categories, brand, parameters, SKUs and prices per
 * market, validated with the schemas of catalog-admin.input.ts, written in one transaction with
 * its audit entry (before/after, modules/audit).
 *
 * The storefront learns of a write without a restart through the mechanisms the catalogue
 * already has: the statement triggers of migrations 0003/0007/0014/0016 update the search
 * document, raise `catalogue_state.version` (the list cache, list-cache.ts, drops older results)
 * and record the product in `facet_changes` (the postings scan, postings-scan.ts, rebuilds the
 * postings incrementally within `POSTINGS_SCAN_MS`; lists count from rows meanwhile). Prices go
 * through the price log (pricing/price-log.ts) and the one VAT rule (pricing/price.ts).
 *
 * The steps live in catalog-admin-checks.ts (references and unique codes),
 * catalog-admin-product-rows.ts (product row, texts, categories, parameters),
 * catalog-admin-skus-prices.ts (SKUs, prices) and catalog-admin-tx.ts (ids, aliases, parsing).
 *
 * Callers that write many products in one transaction (the CSV import) call
 * {@link saveProductInTransaction} with their own transaction; everyone else
 * {@link createProduct} / {@link updateProduct}.
 */
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { defaultLanguageId, marketsById } from '../channel/channel-admin.ts';
import { getAdminProduct, type AdminProduct } from './catalog-admin-read.ts';
import { checkReferences } from './catalog-admin-checks.ts';
import {
  staffNotFound,
  marketPriceInputSchema,
  productInputSchema,
  type MarketPriceInput,
  type ProductInput,
} from './catalog-admin.input.ts';
import {
  writeCategories,
  writeParameters,
  writeProductRow,
  writeTranslations,
} from './catalog-admin-product-rows.ts';
import { writePrices, writeSkus } from './catalog-admin-skus-prices.ts';
import {
  lockCatalogueIds,
  parseCatalogueInput,
  rememberAlias,
  type CatalogueTx,
} from './catalog-admin-tx.ts';

/** Options of the product writes. */
export interface ProductWriteOptions {
  /** The audit actor (who, request id, IP). */
  actor: AuditActor;
  /** The moment of the write (price log, first publication); default now. */
  now?: Date | undefined;
}

/**
 * Creates (`productId` null) or replaces product `productId` inside the caller's transaction,
 * with an audit entry `catalogue.product.create` / `catalogue.product.update` (before/after as
 * {@link AdminProduct}). For the CSV import: many products in one transaction, all or nothing.
 * @throws ShopError BAD_USER_INPUT (Swedish message, `argument` the field) for invalid input;
 *   NOT_FOUND for an unknown `productId`
 */
export async function saveProductInTransaction(
  tx: CatalogueTx,
  productId: number | null,
  input: ProductInput,
  options: ProductWriteOptions,
): Promise<AdminProduct> {
  const parsed = parseCatalogueInput(productInputSchema, input);
  const now = options.now ?? new Date();
  const db = tx as unknown as Database;
  const language = await defaultLanguageId(db);
  const before = productId === null ? null : await getAdminProduct(db, productId);
  if (productId !== null && !before) throw staffNotFound('Produkten finns inte');
  await checkReferences(tx, productId, parsed, language);
  await lockCatalogueIds(tx);
  const id = await writeProductRow(tx, productId, parsed, language, now);
  await writeTranslations(tx, id, parsed, language);
  await writeCategories(tx, id, parsed);
  await writeParameters(tx, id, parsed);
  await writeSkus(tx, id, parsed);
  if (parsed.prices) await writePrices(tx, id, parsed.prices, await marketsById(db), now);
  await rememberAlias(tx, 'product', id, before?.alias ?? null, parsed.alias);
  const after = (await getAdminProduct(db, id))!;
  await recordAudit(tx, {
    actor: options.actor,
    action: productId === null ? 'catalogue.product.create' : 'catalogue.product.update',
    entityType: 'product',
    entityId: id,
    before: before ? auditView(before) : null,
    after: auditView(after),
    at: now,
  });
  return after;
}

/** A product as an audit entry's before/after (plain JSON). */
function auditView(product: AdminProduct): Record<string, unknown> {
  return JSON.parse(JSON.stringify(product)) as Record<string, unknown>;
}

/**
 * Creates a product in one transaction with its audit entry.
 * @throws ShopError BAD_USER_INPUT for invalid input
 */
export function createProduct(
  db: Database,
  input: ProductInput,
  options: ProductWriteOptions,
): Promise<AdminProduct> {
  return db.transaction((tx) => saveProductInTransaction(tx, null, input, options));
}

/**
 * Replaces product `productId` (texts, categories, parameters, SKUs; prices when given) in one
 * transaction with its audit entry.
 * @throws ShopError BAD_USER_INPUT for invalid input, NOT_FOUND for an unknown product
 */
export function updateProduct(
  db: Database,
  productId: number,
  input: ProductInput,
  options: ProductWriteOptions,
): Promise<AdminProduct> {
  return db.transaction((tx) => saveProductInTransaction(tx, productId, input, options));
}

/**
 * Sets product `productId`'s prices (every market listed; the others lose theirs) inside the
 * caller's transaction, with the audit entry `catalogue.product.prices`.
 * @throws ShopError BAD_USER_INPUT for invalid prices, NOT_FOUND for an unknown product
 */
export async function setProductPricesInTransaction(
  tx: CatalogueTx,
  productId: number,
  prices: readonly MarketPriceInput[],
  options: ProductWriteOptions,
): Promise<AdminProduct> {
  const parsed = parseCatalogueInput(z.array(marketPriceInputSchema).max(50), prices);
  const now = options.now ?? new Date();
  const db = tx as unknown as Database;
  const before = await getAdminProduct(db, productId);
  if (!before) throw staffNotFound('Produkten finns inte');
  await writePrices(tx, productId, parsed, await marketsById(db), now);
  const after = (await getAdminProduct(db, productId))!;
  await recordAudit(tx, {
    actor: options.actor,
    action: 'catalogue.product.prices',
    entityType: 'product',
    entityId: productId,
    before: { prices: before.prices },
    after: { prices: after.prices },
    at: now,
  });
  return after;
}

/** {@link setProductPricesInTransaction} in a transaction of its own. */
export function setProductPrices(
  db: Database,
  productId: number,
  prices: readonly MarketPriceInput[],
  options: ProductWriteOptions,
): Promise<AdminProduct> {
  return db.transaction((tx) => setProductPricesInTransaction(tx, productId, prices, options));
}
