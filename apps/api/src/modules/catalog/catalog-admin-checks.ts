/**
 * The checks of a product input against the database before it is written (issue 26): brand,
 * categories, languages and parameters exist; article numbers, alias and sizes are unique. Each
 * refusal is a Swedish BAD_USER_INPUT with the field as `argument`.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { knownLanguageIds } from '../channel/channel-admin.ts';
import { staffInputError, type ParsedProductInput } from './catalog-admin.input.ts';
import type { CatalogueTx } from './catalog-admin-tx.ts';
import { brands, categories, parameters, products, skus } from './catalog.tables.ts';

/**
 * Validates what the input refers to: brand, categories, languages, parameters, unique codes
 * (`productId` null for a new product; `defaultLanguage` must have a text).
 * @throws ShopError BAD_USER_INPUT
 */
export async function checkReferences(
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
