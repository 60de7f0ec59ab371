/**
 * Planning a catalogue CSV import (issue 26; csv-import.service.ts): the rows grouped into
 * products, checked against the database (brands, categories, article numbers, aliases) and
 * turned into the product editor's input (`productInputSchema`, catalog-admin.input.ts), the
 * file's columns over what an existing product has. Every problem becomes a row error; nothing
 * is written here.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, products, skus } from '../catalog/catalog.tables.ts';
import { getAdminProduct, type AdminProduct } from '../catalog/catalog-admin-read.ts';
import { defaultLanguageId } from '../channel/channel-admin.ts';
import {
  productInputSchema,
  type ParsedProductInput,
  type ProductInput,
} from '../catalog/catalog-admin.input.ts';
import type { CsvRow, CsvRowError } from './csv-rows.ts';

/** How far an import has come (for the progress bar). */
export interface CsvImportProgress {
  /** `validate`: rows read and checked; `write`: products and stock written; `done`: finished. */
  phase: 'validate' | 'write' | 'done';
  done: number;
  total: number;
}

/** Rows of one product, in file order. */
export interface ProductRows {
  articleNumber: string;
  rows: CsvRow[];
}

/** Product columns that must agree on every row of a product, with the row field. */
const AGREE: Array<[column: string, field: keyof CsvRow]> = [
  ['alias', 'alias'],
  ['namn', 'name'],
  ['kort_text', 'shortText'],
  ['beskrivning', 'description'],
  ['varumarke', 'brand'],
  ['kategori', 'category'],
  ['publicerad', 'published'],
];

/** The rows grouped by product; a product column that differs from the first row is an error. */
export function groupProducts(rows: CsvRow[], errors: CsvRowError[]): ProductRows[] {
  const byNumber = new Map<string, ProductRows>();
  const skuRows = new Map<string, number>();
  for (const row of rows) {
    const earlier = skuRows.get(row.skuArticleNumber.toLowerCase());
    if (earlier !== undefined) {
      errors.push({
        row: row.row,
        column: 'sku_artikelnummer',
        message: `SKU-artikelnumret finns redan på rad ${earlier}`,
      });
    }
    skuRows.set(row.skuArticleNumber.toLowerCase(), row.row);
    const group = byNumber.get(row.productArticleNumber);
    if (!group) {
      byNumber.set(row.productArticleNumber, {
        articleNumber: row.productArticleNumber,
        rows: [row],
      });
      continue;
    }
    const first = group.rows[0]!;
    for (const [column, field] of AGREE) {
      if (row[field] !== first[field]) {
        errors.push({
          row: row.row,
          column,
          message: `Värdet skiljer sig från produktens första rad (rad ${first.row})`,
        });
      }
    }
    group.rows.push(row);
  }
  return [...byNumber.values()];
}

/** `select … where column in (values)` in slices (PostgreSQL's parameter limit). */
export async function inSlices<T>(
  values: string[],
  load: (slice: string[]) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += 5000)
    out.push(...(await load(values.slice(i, i + 5000))));
  return out;
}

/** An alias from a name and article number: "Crescent Elda 2026" → "crescent-elda-2026-c123". */
export function aliasFor(name: string, articleNumber: string): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/å|ä/g, 'a')
      .replace(/ö/g, 'o')
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [slug(name), slug(articleNumber)]
    .filter(Boolean)
    .join('-')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** Where a problem of a product's input shows in the file (zod path → row and column). */
export function locate(
  group: ProductRows,
  path: readonly PropertyKey[],
  marketAlias: Map<string, string>,
  input: ProductInput,
): { row: number; column: string } {
  const first = group.rows[0]!.row;
  const [head, index, field] = path.map(String);
  if (head === 'skus') {
    const row = group.rows[Number(index)]?.row ?? first;
    const column =
      {
        articleNumber: 'sku_artikelnummer',
        size: 'storlek',
        ean: 'ean',
        weight: 'vikt_g',
        lengthMm: 'langd_mm',
        widthMm: 'bredd_mm',
        heightMm: 'hojd_mm',
      }[field ?? ''] ?? 'sku_artikelnummer';
    return { row, column };
  }
  if (head === 'prices') {
    const marketId = input.prices?.[Number(index)]?.marketId ?? '';
    const alias = marketAlias.get(marketId) ?? marketId;
    return {
      row: first,
      column: field === 'vatRateBasisPoints' ? `moms_${alias}` : `pris_${alias}`,
    };
  }
  const column: Record<string, string> = {
    texts: 'namn',
    alias: 'alias',
    articleNumber: 'produkt_artikelnummer',
    brandId: 'varumarke',
    primaryCategoryId: 'kategori',
  };
  if (head === 'texts' && path.map(String)[2] === 'shortText')
    return { row: first, column: 'kort_text' };
  if (head === 'texts' && path.map(String)[2] === 'description')
    return { row: first, column: 'beskrivning' };
  return { row: first, column: column[head ?? ''] ?? '' };
}

/** A product's input: the file's columns over what the product has (existing products). */
function productInput(
  group: ProductRows,
  existing: AdminProduct | null,
  refs: { brandId: number; categoryId: number; language: string },
): ProductInput {
  const first = group.rows[0]!;
  const keptTexts = existing?.texts.filter((t) => t.languageId !== refs.language) ?? [];
  const own = existing?.texts.find((t) => t.languageId === refs.language);
  const prices = new Map(
    (existing?.prices ?? []).map((p) => [
      p.marketId,
      {
        marketId: p.marketId,
        amount: p.priceIncVat,
        vatMode: 'incVat' as const,
        vatRateBasisPoints: p.vatRateBasisPoints,
      },
    ]),
  );
  for (const [marketId, price] of first.prices) {
    if (price === null) prices.delete(marketId);
    else
      prices.set(marketId, {
        ...price,
        vatRateBasisPoints: price.vatRateBasisPoints ?? undefined,
      } as never);
  }
  const existingSkus = new Map((existing?.skus ?? []).map((s) => [s.articleNumber, s]));
  return {
    articleNumber: group.articleNumber,
    alias: first.alias || existing?.alias || aliasFor(first.name, group.articleNumber),
    brandId: refs.brandId,
    primaryCategoryId: refs.categoryId,
    categoryIds: existing?.categoryIds.filter((id) => id !== refs.categoryId) ?? [],
    published: first.published ?? existing?.published ?? false,
    leasable: existing?.leasable ?? false,
    weight: existing?.weight ?? 0,
    metaTitle: existing?.metaTitle ?? null,
    metaDescription: existing?.metaDescription ?? null,
    texts: [
      {
        languageId: refs.language,
        name: first.name,
        shortText: first.shortText ?? own?.shortText ?? '',
        description: first.description ?? own?.description ?? '',
        extraText: own?.extraText ?? '',
      },
      ...keptTexts,
    ],
    parameters: existing?.parameters ?? [],
    skus: group.rows.map((row) => {
      const old = existingSkus.get(row.skuArticleNumber);
      return {
        articleNumber: row.skuArticleNumber,
        size: row.size,
        ean: row.ean === undefined ? (old?.ean ?? null) : row.ean,
        weight: row.weight ?? old?.weight ?? 0,
        lengthMm: row.lengthMm ?? old?.lengthMm ?? 0,
        widthMm: row.widthMm ?? old?.widthMm ?? 0,
        heightMm: row.heightMm ?? old?.heightMm ?? 0,
      };
    }),
    prices: [...prices.values()],
  };
}

/** A product the import writes: its rows, its input and the id it has (null: new). */
export interface ProductPlan {
  group: ProductRows;
  existingId: number | null;
  input: ProductInput;
  /** The input as the product editor's schema parsed it. */
  parsed: ParsedProductInput;
  /** An existing product the file does not change (nothing is written for it). */
  unchanged: boolean;
}

/** The input that would leave an existing product as it is (to recognise unchanged rows). */
function unchangedInput(existing: AdminProduct): ProductInput {
  return {
    articleNumber: existing.articleNumber,
    alias: existing.alias,
    brandId: existing.brandId,
    primaryCategoryId: existing.primaryCategoryId,
    categoryIds: existing.categoryIds.filter((id) => id !== existing.primaryCategoryId),
    published: existing.published,
    leasable: existing.leasable,
    weight: existing.weight,
    metaTitle: existing.metaTitle,
    metaDescription: existing.metaDescription,
    texts: existing.texts,
    parameters: existing.parameters,
    skus: existing.skus.map((s) => ({
      articleNumber: s.articleNumber,
      size: s.size,
      ean: s.ean,
      weight: s.weight,
      lengthMm: s.lengthMm,
      widthMm: s.widthMm,
      heightMm: s.heightMm,
    })),
    prices: existing.prices.map((p) => ({
      marketId: p.marketId,
      amount: p.priceIncVat,
      vatMode: 'incVat' as const,
      vatRateBasisPoints: p.vatRateBasisPoints,
    })),
  };
}

/** A parsed input as comparable text (prices in market order). */
function fingerprint(input: ParsedProductInput): string {
  const prices = [...(input.prices ?? [])].sort((a, b) => a.marketId.localeCompare(b.marketId));
  return JSON.stringify({ ...input, prices });
}

/**
 * Checks the file against the database and the product editor's schema.
 * @returns the products to write, or nothing with the problems added to `errors`
 */
export async function planImport(
  db: Database,
  groups: ProductRows[],
  marketAlias: Map<string, string>,
  errors: CsvRowError[],
  onProgress: (progress: CsvImportProgress) => void,
): Promise<ProductPlan[]> {
  const language = await defaultLanguageId(db);
  const brandRows = await db.select({ id: brands.id, alias: brands.alias }).from(brands);
  const brandIds = new Map(brandRows.map((b) => [b.alias.toLowerCase(), b.id]));
  const categoryRows = await db
    .select({ id: categories.id, alias: categories.alias })
    .from(categories);
  const categoryIds = new Map(categoryRows.map((c) => [c.alias.toLowerCase(), c.id]));
  const numbers = groups.map((g) => g.articleNumber);
  const existingProducts = await inSlices(numbers, (slice) =>
    db
      .select({ id: products.id, articleNumber: products.articleNumber })
      .from(products)
      .where(inArray(products.articleNumber, slice)),
  );
  const productIds = new Map(existingProducts.map((p) => [p.articleNumber, p.id]));
  const skuNumbers = groups.flatMap((g) => g.rows.map((r) => r.skuArticleNumber));
  const skuOwners = new Map(
    (
      await inSlices(skuNumbers, (slice) =>
        db
          .select({ articleNumber: skus.articleNumber, productId: skus.productId })
          .from(skus)
          .where(inArray(skus.articleNumber, slice)),
      )
    ).map((s) => [s.articleNumber, s.productId]),
  );
  const plans: ProductPlan[] = [];
  const aliasRows = new Map<string, number>();
  for (const [index, group] of groups.entries()) {
    const first = group.rows[0]!;
    const before = errors.length;
    const brandId = brandIds.get(first.brand.toLowerCase());
    if (brandId === undefined)
      errors.push({
        row: first.row,
        column: 'varumarke',
        message: `Varumärket ${first.brand} finns inte`,
      });
    const categoryId = categoryIds.get(first.category.toLowerCase());
    if (categoryId === undefined)
      errors.push({
        row: first.row,
        column: 'kategori',
        message: `Kategorin ${first.category} finns inte`,
      });
    const existingId = productIds.get(group.articleNumber) ?? null;
    for (const row of group.rows) {
      const owner = skuOwners.get(row.skuArticleNumber);
      if (owner !== undefined && owner !== existingId) {
        errors.push({
          row: row.row,
          column: 'sku_artikelnummer',
          message: 'SKU-artikelnumret hör till en annan produkt',
        });
      }
    }
    if (brandId !== undefined && categoryId !== undefined) {
      const existing = existingId === null ? null : await getAdminProduct(db, existingId);
      const input = productInput(group, existing, { brandId, categoryId, language });
      const parsed = productInputSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          errors.push({ ...locate(group, issue.path, marketAlias, input), message: issue.message });
        }
      } else {
        const earlier = aliasRows.get(parsed.data.alias);
        if (earlier !== undefined) {
          errors.push({
            row: first.row,
            column: 'alias',
            message: `Aliaset används redan på rad ${earlier}`,
          });
        }
        aliasRows.set(parsed.data.alias, first.row);
        const unchanged =
          existing !== null &&
          fingerprint(productInputSchema.parse(unchangedInput(existing))) ===
            fingerprint(parsed.data);
        if (errors.length === before) {
          plans.push({ group, existingId, input, parsed: parsed.data, unchanged });
        }
      }
    }
    if (index % 100 === 99)
      onProgress({ phase: 'validate', done: index + 1, total: groups.length });
  }
  const aliases = [...aliasRows.keys()];
  const taken = await inSlices(aliases, (slice) =>
    db
      .select({ id: products.id, alias: products.alias })
      .from(products)
      .where(inArray(products.alias, slice)),
  );
  const planByAlias = new Map(plans.map((p) => [p.input.alias, p]));
  for (const row of taken) {
    const plan = planByAlias.get(row.alias);
    if (plan && plan.existingId !== row.id) {
      errors.push({
        row: plan.group.rows[0]!.row,
        column: 'alias',
        message: 'Aliaset används redan av en annan produkt',
      });
    }
  }
  onProgress({ phase: 'validate', done: groups.length, total: groups.length });
  return plans;
}
