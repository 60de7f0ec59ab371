/**
 * Product names and texts in the shop's other languages (issue 26 "names and texts per
 * language"; GEINS-API §1 `languageId`): the back office stores them in `product_translations`;
 * the shop API serves them when a request's language is not the channel's default one. A
 * translation replaces the name and each non-empty text; an empty text falls back to the
 * default language's, so a page never loses its description. Search and list sorting stay on
 * the default language's names.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { productTranslations } from './catalog-admin.tables.ts';
import type { ProductNode } from './catalog.service.ts';

/** A product's name and texts in one language. */
export interface ProductTranslation {
  name: string;
  text1: string;
  text2: string;
  text3: string;
}

/** The translations into `languageId` of the given products, by product id. One statement. */
export async function translationsByProductIds(
  db: Database,
  languageId: string,
  productIds: readonly number[],
): Promise<Map<number, ProductTranslation>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productTranslations.productId,
      name: productTranslations.name,
      text1: productTranslations.text1,
      text2: productTranslations.text2,
      text3: productTranslations.text3,
    })
    .from(productTranslations)
    .where(
      and(
        eq(productTranslations.languageId, languageId),
        inArray(productTranslations.productId, [...productIds]),
      ),
    );
  return new Map(rows.map(({ productId, ...texts }) => [productId, texts]));
}

/** The language a product node is read in when it is not the channel's default, else null. */
export function translatedLanguageOf(product: ProductNode): string | null {
  const { language, channel } = product.shop;
  return language.id === channel.defaultLanguageId ? null : language.id;
}

/**
 * The product with the translation's name and non-empty texts (the default language's texts
 * where the translation has none); the product itself without a translation. Meta title and
 * description are the default language's: with a translation they are dropped, so page
 * metadata follows the translated name and short text.
 */
export function localisedProduct<T extends ProductNode>(
  product: T,
  translation: ProductTranslation | null,
): T {
  if (!translation) return product;
  return {
    ...product,
    name: translation.name,
    text1: translation.text1 || product.text1,
    text2: translation.text2 || product.text2,
    text3: translation.text3 || product.text3,
    metaTitle: null,
    metaDescription: null,
  };
}
