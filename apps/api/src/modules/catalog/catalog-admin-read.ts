/**
 * The back office's view of a product (issue 26): everything the edit form shows and the audit
 * log records as before/after: texts per language, categories, parameters, SKUs, prices per
 * market (incl. and excl. VAT, from pricing/price.ts) and images. Read with the caller's
 * executor, so a write reads its before and after inside its own transaction.
 */
import { asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { defaultLanguageId } from '../channel/channel-admin.ts';
import { computePrice } from '../pricing/price.ts';
import { productPriceRows } from '../pricing/product-prices.service.ts';
import { productTranslations } from './catalog-admin.tables.ts';
import {
  parameters,
  productCategories,
  productImages,
  productParameters,
  products,
  skus,
} from './catalog.tables.ts';

/** A product's texts in one language. */
export interface AdminProductText {
  languageId: string;
  name: string;
  shortText: string;
  description: string;
  extraText: string;
}

/**
 * One SKU: `size` is the size label, `ean` its GTIN or null, `weight` grams, `lengthMm`,
 * `widthMm`, `heightMm` the packed size in millimetres (0: unknown).
 */
export interface AdminSku {
  id: number;
  articleNumber: string;
  size: string;
  ean: string | null;
  weight: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** A regular price in a market, minor units, with the VAT it holds (ADR 002). */
export interface AdminMarketPrice {
  marketId: string;
  currencyCode: string;
  priceIncVat: number;
  priceExVat: number;
  vat: number;
  vatRateBasisPoints: number;
}

/** The back office's product (see the module comment). */
export interface AdminProduct {
  id: number;
  articleNumber: string;
  alias: string;
  brandId: number;
  primaryCategoryId: number;
  /** Every category, the primary one first. */
  categoryIds: number[];
  published: boolean;
  leasable: boolean;
  weight: number;
  metaTitle: string | null;
  metaDescription: string | null;
  /** The default language first. */
  texts: AdminProductText[];
  parameters: Array<{ parameterId: number; value: string }>;
  skus: AdminSku[];
  prices: AdminMarketPrice[];
  /** Image file names in display order. */
  images: string[];
  createdAt: Date;
}

/** The VAT split of a regular price incl. VAT, by the one VAT rule (pricing/price.ts). */
export function marketPriceOf(
  marketId: string,
  currencyCode: string,
  priceIncVat: number,
  vatRateBasisPoints: number,
): AdminMarketPrice {
  const amounts = computePrice({ regularPriceIncVat: priceIncVat, vatRateBasisPoints });
  return {
    marketId,
    currencyCode,
    priceIncVat,
    priceExVat: amounts.regularPriceExVat,
    vat: priceIncVat - amounts.regularPriceExVat,
    vatRateBasisPoints,
  };
}

/**
 * The product `id` as the back office shows it, or null when there is none (about a dozen
 * short statements, one after another).
 */
export async function getAdminProduct(db: Database, id: number): Promise<AdminProduct | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  // One statement after another: inside a transaction they share one connection.
  const language = await defaultLanguageId(db);
  const translations = await db
    .select()
    .from(productTranslations)
    .where(eq(productTranslations.productId, id))
    .orderBy(asc(productTranslations.languageId));
  const categoryRows = await db
    .select({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.categoryId));
  const parameterRows = await db
    .select({ parameterId: productParameters.parameterId, value: productParameters.value })
    .from(productParameters)
    .where(eq(productParameters.productId, id))
    .orderBy(asc(productParameters.parameterId));
  const skuRows = await db
    .select()
    .from(skus)
    .where(eq(skus.productId, id))
    .orderBy(asc(skus.sortOrder), asc(skus.id));
  const priceRows = await productPriceRows(db, id);
  const imageRows = await db
    .select({ fileName: productImages.fileName })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sortOrder), asc(productImages.fileName));
  const others = new Set(categoryRows.map((c) => c.categoryId));
  others.delete(row.primaryCategoryId);
  return {
    id: row.id,
    articleNumber: row.articleNumber,
    alias: row.alias,
    brandId: row.brandId,
    primaryCategoryId: row.primaryCategoryId,
    categoryIds: [row.primaryCategoryId, ...others],
    published: row.active,
    leasable: row.leasable,
    weight: row.weight,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    texts: [
      {
        languageId: language,
        name: row.name,
        shortText: row.text2,
        description: row.text1,
        extraText: row.text3,
      },
      ...translations
        .filter((t) => t.languageId !== language)
        .map((t) => ({
          languageId: t.languageId,
          name: t.name,
          shortText: t.text2,
          description: t.text1,
          extraText: t.text3,
        })),
    ],
    parameters: parameterRows,
    skus: skuRows.map((s) => ({
      id: s.id,
      articleNumber: s.articleNumber,
      size: s.name,
      ean: s.gtin,
      weight: s.weight,
      lengthMm: s.lengthMm,
      widthMm: s.widthMm,
      heightMm: s.heightMm,
    })),
    prices: priceRows.map((p) =>
      marketPriceOf(p.marketId, p.currencyCode, p.regularPriceIncVat, p.vatRateBasisPoints),
    ),
    images: imageRows.map((i) => i.fileName),
    createdAt: row.createdAt,
  };
}

/** A row of the back office's product list. */
export interface AdminProductSummary {
  id: number;
  articleNumber: string;
  alias: string;
  name: string;
  published: boolean;
}

/**
 * Products whose name, article number or alias contains `search` (case-insensitive; every
 * product without it), newest first, `take` after `skip`, and how many match (two statements).
 */
export async function listAdminProducts(
  db: Database,
  options: { search?: string | undefined; skip: number; take: number },
): Promise<{ items: AdminProductSummary[]; total: number }> {
  const term = options.search?.trim();
  let where: SQL | undefined;
  if (term) {
    const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where = or(
      ilike(products.name, pattern),
      ilike(products.articleNumber, pattern),
      ilike(products.alias, pattern),
    );
  }
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        articleNumber: products.articleNumber,
        alias: products.alias,
        name: products.name,
        published: products.active,
      })
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .offset(options.skip)
      .limit(options.take),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** The parameters a product can have a value of (the specification rows), by label. */
export async function listAdminParameters(
  db: Database,
): Promise<Array<{ id: string; name: string }>> {
  const rows = await db
    .select({ id: parameters.id, label: parameters.label })
    .from(parameters)
    .orderBy(asc(parameters.label), asc(parameters.id));
  return rows.map((r) => ({ id: String(r.id), name: r.label }));
}
