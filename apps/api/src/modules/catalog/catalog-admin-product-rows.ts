/**
 * Writing a product's own rows (issue 26): the `products` row, the translations, categories and
 * parameter values, each replaced as a whole from a validated input inside the caller's
 * transaction (catalog-admin.service.ts). `productColumns` is also the CSV import's mapping.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ParsedProductInput } from './catalog-admin.input.ts';
import { nextCatalogueId, type CatalogueTx } from './catalog-admin-tx.ts';
import { productTranslations } from './catalog-admin.tables.ts';
import {
  parameters,
  parameterValues,
  productCategories,
  productParameters,
  products,
} from './catalog.tables.ts';

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
export async function writeProductRow(
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
export async function writeTranslations(
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
export async function writeCategories(
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
export async function writeParameters(
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
