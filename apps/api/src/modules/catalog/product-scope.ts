/**
 * Which products a back-office rule covers (issue 26 "Prices": a campaign on products, a
 * category or a brand): product ids by id list, by category (with its subcategories, through
 * every category a product is in) or by brand, and product names for the back office's lists.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories, productCategories, products } from './catalog.tables.ts';

/** A set of products: exactly one of the four. */
export type ProductScope =
  | { productIds: number[] }
  | { articleNumbers: string[] }
  | { categoryId: number }
  | { brandId: number };

/**
 * The ids of the existing products in `scope`, ascending (one statement). A category covers its
 * subcategories; an unknown category or brand covers nothing.
 */
export async function productIdsInScope(db: Database, scope: ProductScope): Promise<number[]> {
  let rows: Array<{ id: number }>;
  if ('articleNumbers' in scope) {
    return [...(await productIdsByArticleNumber(db, scope.articleNumbers)).values()].sort(
      (a, b) => a - b,
    );
  }
  if ('productIds' in scope) {
    if (scope.productIds.length === 0) return [];
    rows = await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, scope.productIds));
  } else if ('categoryId' in scope) {
    const result = (await db.execute(sql`with recursive tree(id) as (
        select ${categories.id} from ${categories} where ${categories.id} = ${scope.categoryId}
        union select c.id from ${categories} c join tree on c.parent_id = tree.id)
      select distinct pc.product_id as id from ${productCategories} pc
      join tree on tree.id = pc.category_id`)) as unknown as { rows: Array<{ id: number }> };
    rows = result.rows.map((row) => ({ id: Number(row.id) }));
  } else {
    rows = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.brandId} = ${scope.brandId}`);
  }
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** Product ids by article number (exact), for the numbers that exist (one statement). */
export async function productIdsByArticleNumber(
  db: Database,
  articleNumbers: readonly string[],
): Promise<Map<string, number>> {
  if (articleNumbers.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, articleNumber: products.articleNumber })
    .from(products)
    .where(inArray(products.articleNumber, [...articleNumbers]));
  return new Map(rows.map((row) => [row.articleNumber, row.id]));
}

/** Product names and article numbers by id (one statement). */
export async function productLabels(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, { name: string; articleNumber: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, articleNumber: products.articleNumber })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every category and brand by name (the back office's scope choices). Two statements. */
export async function scopeChoices(db: Database): Promise<{
  categories: Array<{ id: number; name: string }>;
  brands: Array<{ id: number; name: string }>;
}> {
  const [categoryRows, brandRows] = [
    await db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(categories.name),
    await db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.name),
  ];
  return { categories: categoryRows, brands: brandRows };
}
