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
 * Callers that write many products in one transaction (the CSV import) call
 * {@link saveProductInTransaction} with their own transaction; everyone else
 * {@link createProduct} / {@link updateProduct}.
 */
import { staffInputError, staffNotFound } from './catalog-admin.input.ts';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  defaultLanguageId,
  knownLanguageIds,
  marketsById,
  type PricedMarket,
} from '../channel/channel-admin.ts';
import { incVatOf } from '../pricing/price.ts';
import { replaceProductPrices } from '../pricing/product-prices.service.ts';
import { getAdminProduct, type AdminProduct } from './catalog-admin-read.ts';
import {
  marketPriceInputSchema,
  productInputSchema,
  type MarketPriceInput,
  type ParsedProductInput,
  type ProductInput,
} from './catalog-admin.input.ts';
import { aliasHistory, productTranslations } from './catalog-admin.tables.ts';
import {
  brands,
  categories,
  parameters,
  parameterValues,
  productCategories,
  productParameters,
  products,
  skus,
} from './catalog.tables.ts';
import { z } from 'zod';

/** A transaction of the shop's database. */
export type CatalogueTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `pg_advisory_xact_lock` key of id allocation in the catalogue ('cata'). */
const ID_LOCK = 0x63617461;

/**
 * `value` parsed with `schema`, or BAD_USER_INPUT with the first problem in Swedish and the path
 * of the bad field as `argument` (e.g. `skus.1.ean`).
 * @throws ShopError BAD_USER_INPUT
 */
export function parseCatalogueInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw staffInputError(path ? `${path}: ${issue.message}` : issue.message, path || undefined);
}

/**
 * The next free id of `table` (catalogue ids are the Geins integers, not a sequence): max + 1.
 * Call {@link lockCatalogueIds} first in the same transaction.
 */
export async function nextCatalogueId(
  tx: CatalogueTx,
  table: typeof products | typeof skus | typeof parameterValues | typeof categories | typeof brands,
): Promise<number> {
  const [row] = await tx
    .select({ id: sql<number>`coalesce(max(${table.id}), 0)::int + 1` })
    .from(table);
  return row!.id;
}

/** Serialises id allocation in the catalogue until the transaction ends (an advisory lock). */
export async function lockCatalogueIds(tx: CatalogueTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ID_LOCK})`);
}

/** Validates what the input refers to: brand, categories, languages, parameters, unique codes. */
async function checkReferences(
  tx: CatalogueTx,
  productId: number | null,
  input: ParsedProductInput,
  defaultLanguage: string,
): Promise<void> {
  const [brand] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.id, input.brandId));
  if (!brand) throw staffInputError('Varumärket finns inte', 'brandId');
  const categoryIds = [...new Set([input.primaryCategoryId, ...input.categoryIds])];
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, categoryIds));
  if (found.length !== categoryIds.length) {
    throw staffInputError('En av kategorierna finns inte', 'categoryIds');
  }
  const languageIds = input.texts.map((t) => t.languageId);
  if (new Set(languageIds).size !== languageIds.length) {
    throw staffInputError('Samma språk förekommer två gånger', 'texts');
  }
  if (!languageIds.includes(defaultLanguage)) {
    throw staffInputError(`Ange namnet på butikens huvudspråk (${defaultLanguage})`, 'texts');
  }
  const knownLanguages = await knownLanguageIds(tx, languageIds);
  if (knownLanguages.length !== languageIds.length) {
    throw staffInputError('Ett av språken finns inte i butiken', 'texts');
  }
  const parameterIds = input.parameters.map((p) => p.parameterId);
  if (new Set(parameterIds).size !== parameterIds.length) {
    throw staffInputError('Samma parameter förekommer två gånger', 'parameters');
  }
  if (parameterIds.length > 0) {
    const known = await tx
      .select({ id: parameters.id })
      .from(parameters)
      .where(inArray(parameters.id, parameterIds));
    if (known.length !== parameterIds.length) {
      throw staffInputError('En av parametrarna finns inte', 'parameters');
    }
  }
  const others = productId === null ? sql`true` : ne(products.id, productId);
  const [taken] = await tx
    .select({ articleNumber: products.articleNumber, alias: products.alias })
    .from(products)
    .where(
      and(
        others,
        sql`(${products.articleNumber} = ${input.articleNumber} or ${products.alias} = ${input.alias})`,
      ),
    )
    .limit(1);
  if (taken?.alias === input.alias) {
    throw staffInputError('Aliaset används redan av en annan produkt', 'alias');
  }
  if (taken) throw staffInputError('Artikelnumret används redan', 'articleNumber');
  const skuNumbers = input.skus.map((s) => s.articleNumber);
  if (new Set(skuNumbers).size !== skuNumbers.length) {
    throw staffInputError('Två storlekar har samma artikelnummer', 'skus');
  }
  const sizes = input.skus.map((s) => s.size.toLowerCase());
  if (new Set(sizes).size !== sizes.length) {
    throw staffInputError('Två SKU:er har samma storlek', 'skus');
  }
  const skuOwner = productId === null ? sql`true` : ne(skus.productId, productId);
  const [skuTaken] = await tx
    .select({ articleNumber: skus.articleNumber })
    .from(skus)
    .where(and(skuOwner, inArray(skus.articleNumber, skuNumbers)))
    .limit(1);
  if (skuTaken) {
    throw staffInputError(`SKU-artikelnumret ${skuTaken.articleNumber} används redan`, 'skus');
  }
}

/**
 * The `products` row's columns of a validated product input (issue 26): name and texts 1–3 in
 * the shop's default language (the input's first text when it has none in it), the rest as
 * given; `active` is `published`. The one mapping for the product editor and the CSV import.
 */
export function productColumns(input: ParsedProductInput, defaultLanguage: string) {
  const text = input.texts.find((t) => t.languageId === defaultLanguage) ?? input.texts[0]!;
  return {
    articleNumber: input.articleNumber,
    alias: input.alias,
    name: text.name,
    brandId: input.brandId,
    primaryCategoryId: input.primaryCategoryId,
    text1: text.description,
    text2: text.shortText,
    text3: text.extraText,
    metaTitle: input.metaTitle ?? null,
    metaDescription: input.metaDescription ?? null,
    weight: input.weight,
    active: input.published,
    leasable: input.leasable,
  };
}

/** Writes the product row; returns its id (new or given). */
async function writeProductRow(
  tx: CatalogueTx,
  productId: number | null,
  input: ParsedProductInput,
  defaultLanguage: string,
  now: Date,
): Promise<number> {
  const values = productColumns(input, defaultLanguage);
  const today = now.toISOString().slice(0, 10);
  if (productId === null) {
    const id = await nextCatalogueId(tx, products);
    await tx.insert(products).values({
      id,
      ...values,
      firstAvailableOn: input.published ? today : null,
      createdAt: now,
    });
    return id;
  }
  await tx
    .update(products)
    .set({
      ...values,
      // The first publication dates the product (the "Nyheter" list and the LATEST sort).
      firstAvailableOn: input.published
        ? sql`coalesce(${products.firstAvailableOn}, ${today}::date)`
        : products.firstAvailableOn,
    })
    .where(eq(products.id, productId));
  return productId;
}

/** Replaces the translations (every language but the default one). */
async function writeTranslations(
  tx: CatalogueTx,
  productId: number,
  input: ParsedProductInput,
  defaultLanguage: string,
): Promise<void> {
  await tx.delete(productTranslations).where(eq(productTranslations.productId, productId));
  const rows = input.texts
    .filter((t) => t.languageId !== defaultLanguage)
    .map((t) => ({
      productId,
      languageId: t.languageId,
      name: t.name,
      text1: t.description,
      text2: t.shortText,
      text3: t.extraText,
    }));
  if (rows.length > 0) await tx.insert(productTranslations).values(rows);
}

/** Replaces the product's categories (the primary one first). */
async function writeCategories(
  tx: CatalogueTx,
  productId: number,
  input: ParsedProductInput,
): Promise<void> {
  const ids = [...new Set([input.primaryCategoryId, ...input.categoryIds])];
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx
    .insert(productCategories)
    .values(ids.map((categoryId, sortOrder) => ({ productId, categoryId, sortOrder })));
}

/**
 * Replaces the product's parameter values. A value of a filterable parameter (`showFilter`)
 * gets its `parameter_values` row (created when new), so it becomes a list facet.
 */
async function writeParameters(
  tx: CatalogueTx,
  productId: number,
  input: ParsedProductInput,
): Promise<void> {
  await tx.delete(productParameters).where(eq(productParameters.productId, productId));
  if (input.parameters.length === 0) return;
  const defs = await tx
    .select({ id: parameters.id, showFilter: parameters.showFilter })
    .from(parameters)
    .where(
      inArray(
        parameters.id,
        input.parameters.map((p) => p.parameterId),
      ),
    );
  const filterable = new Set(defs.filter((d) => d.showFilter).map((d) => d.id));
  const rows = [];
  for (const parameter of input.parameters) {
    let parameterValueId: number | null = null;
    if (filterable.has(parameter.parameterId)) {
      const [existing] = await tx
        .select({ id: parameterValues.id })
        .from(parameterValues)
        .where(
          and(
            eq(parameterValues.parameterId, parameter.parameterId),
            sql`lower(${parameterValues.value}) = lower(${parameter.value})`,
          ),
        )
        .limit(1);
      parameterValueId = existing?.id ?? null;
      if (parameterValueId === null) {
        parameterValueId = await nextCatalogueId(tx, parameterValues);
        await tx.insert(parameterValues).values({
          id: parameterValueId,
          parameterId: parameter.parameterId,
          value: parameter.value,
        });
      }
    }
    rows.push({
      productId,
      parameterId: parameter.parameterId,
      parameterValueId,
      value: parameter.value,
    });
  }
  await tx.insert(productParameters).values(rows);
}

/**
 * Writes the SKUs: matched by id or article number are updated, new ones inserted, the rest
 * deleted (their stock and cart lines go with them; orders keep their own copies).
 */
async function writeSkus(
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
async function writePrices(
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

/** Keeps an old alias answering (301) and frees a re-used one (see `alias_history`). */
export async function rememberAlias(
  tx: CatalogueTx,
  kind: 'product' | 'category' | 'brand',
  entityId: number,
  oldAlias: string | null,
  newAlias: string,
): Promise<void> {
  await tx
    .delete(aliasHistory)
    .where(and(eq(aliasHistory.kind, kind), eq(aliasHistory.alias, newAlias)));
  if (oldAlias === null || oldAlias === newAlias) return;
  await tx
    .insert(aliasHistory)
    .values({ kind, alias: oldAlias, entityId })
    .onConflictDoUpdate({
      target: [aliasHistory.kind, aliasHistory.alias],
      set: { entityId, changedAt: sql`now()` },
    });
}

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
