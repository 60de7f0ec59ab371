/**
 * Catalogue reads (GEINS-API §3.1 product, products, relatedProducts, categories, brands,
 * §4.2): categories and their URLs, brands, products and the batch look-ups behind the per-request DataLoaders (no N+1: every function here costs a fixed
 * number of SQL statements whatever the number of ids).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { aliasHistory } from './catalog-admin.tables.ts';
import {
  brands,
  categories,
  parameterGroups,
  parameters,
  productCategories,
  productImages,
  productParameters,
  productRelations,
  products,
  skus,
} from './catalog.tables.ts';

/** A category row. `parentId` null is a root category (API parentCategoryId 0). */
export type CategoryRecord = typeof categories.$inferSelect;
/** A brand row. */
export type BrandRecord = typeof brands.$inferSelect;
/** A product row. */
export type ProductRecord = typeof products.$inferSelect;
/** A SKU row (stock lives in the inventory module). */
export type SkuRecord = typeof skus.$inferSelect;
/** A product image: bare file name and tags. */
export type ProductImageRecord = typeof productImages.$inferSelect;

/** A product with the shop context it was read in (prices and URLs depend on it). */
export type ProductNode = ProductRecord & { shop: PricedShopContext };

/** A related product (`RelatedProductType`): the product plus its relation type. */
export type RelatedProductNode = ProductNode & { relationType: string };

// ---------------------------------------------------------------------------------------------
// Categories

/** The whole category tree in memory (tens of rows), with path helpers. */
export interface CategoryTree {
  /** Every category ordered by sort order, then id. */
  all: CategoryRecord[];
  byId: Map<number, CategoryRecord>;
  /** By lower-case alias; an alias a category had before finds it too (`alias_history`). */
  byAlias: Map<string, CategoryRecord>;
  /** Children of a category (null: the roots), in order. */
  childrenOf(parentId: number | null): CategoryRecord[];
  /** The path from the root down to the category itself; empty for an unknown id. */
  pathOf(categoryId: number): CategoryRecord[];
  /** The category and all its descendants. */
  descendantIds(categoryId: number): number[];
}

/** Reads every category: one statement. */
export async function loadCategoryTree(db: Database): Promise<CategoryTree> {
  const rows = await db
    .select({
      category: categories,
      // Aliases the category had before (issue 26): found too, so the old URL answers 301.
      oldAliases: sql<string[] | null>`(select array_agg(${aliasHistory.alias}) from ${aliasHistory}
        where ${aliasHistory.kind} = 'category' and ${aliasHistory.entityId} = ${categories.id})`,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  const all = rows.map((row) => row.category);
  const byId = new Map(all.map((c) => [c.id, c]));
  const byAlias = new Map<string, CategoryRecord>();
  for (const { category, oldAliases } of rows) {
    for (const alias of oldAliases ?? []) byAlias.set(alias.toLowerCase(), category);
  }
  for (const category of all) byAlias.set(category.alias.toLowerCase(), category);
  const children = new Map<number | null, CategoryRecord[]>();
  for (const category of all) {
    const list = children.get(category.parentId) ?? [];
    list.push(category);
    children.set(category.parentId, list);
  }
  const childrenOf = (parentId: number | null) => children.get(parentId) ?? [];
  return {
    all,
    byId,
    byAlias,
    childrenOf,
    pathOf(categoryId) {
      const path: CategoryRecord[] = [];
      const seen = new Set<number>();
      let current = byId.get(categoryId);
      while (current && !seen.has(current.id)) {
        seen.add(current.id);
        path.unshift(current);
        current = current.parentId === null ? undefined : byId.get(current.parentId);
      }
      return path;
    },
    descendantIds(categoryId) {
      const ids: number[] = [];
      const queue = byId.has(categoryId) ? [categoryId] : [];
      while (queue.length > 0) {
        const id = queue.shift()!;
        if (ids.includes(id)) continue;
        ids.push(id);
        for (const child of childrenOf(id)) queue.push(child.id);
      }
      return ids;
    },
  };
}

/** `/c/{root}/{…}/{leaf}`: the category path of aliases (GEINS-API §0.7 canonicalUrl). */
export function categoryCanonicalUrl(tree: CategoryTree, categoryId: number): string {
  return `/c/${tree
    .pathOf(categoryId)
    .map((c) => encodeURIComponent(c.alias))
    .join('/')}`;
}

/** `/b/{alias}`: the brand list page. */
export function brandCanonicalUrl(brand: Pick<BrandRecord, 'alias'>): string {
  return `/b/${encodeURIComponent(brand.alias)}`;
}

/** `/p/{root}/{leaf}/{productAlias}`: the product page, under its primary category path. */
export function productCanonicalUrl(
  tree: CategoryTree,
  product: Pick<ProductRecord, 'alias' | 'primaryCategoryId'>,
): string {
  const path = tree.pathOf(product.primaryCategoryId).map((c) => encodeURIComponent(c.alias));
  return `/p/${[...path, encodeURIComponent(product.alias)].join('/')}`;
}

/** One breadcrumb (`BreadcrumbType`). `parentCategoryId` 0 for a root. */
export interface Breadcrumb {
  categoryId: number;
  parentCategoryId: number;
  name: string;
  url: string;
}

/** Breadcrumbs from the root down to the category (a product passes its primary category). */
export function breadcrumbsOf(tree: CategoryTree, categoryId: number): Breadcrumb[] {
  return tree.pathOf(categoryId).map((c) => ({
    categoryId: c.id,
    parentCategoryId: c.parentId ?? 0,
    name: c.name,
    url: categoryCanonicalUrl(tree, c.id),
  }));
}

/** Arguments of `categories` (GEINS-API §3.1). */
export interface CategoryListArgs {
  /** Include hidden categories (default false). */
  includeHidden?: boolean | null;
  /** Only children of this category; 0 = the root level; absent = every category. */
  parentCategoryId?: number | null;
}

/**
 * The categories as a flat list in tree order (parents before children); clients build the
 * tree from `parentCategoryId`. Hidden categories, and everything below them, are left out
 * unless `includeHidden`.
 */
export function listCategories(tree: CategoryTree, args: CategoryListArgs): CategoryRecord[] {
  const includeHidden = args.includeHidden ?? false;
  const visible = (c: CategoryRecord) =>
    includeHidden || tree.pathOf(c.id).every((ancestor) => !ancestor.isHidden);
  if (args.parentCategoryId != null) {
    const parent = args.parentCategoryId === 0 ? null : args.parentCategoryId;
    return tree.childrenOf(parent).filter(visible);
  }
  const ordered: CategoryRecord[] = [];
  const walk = (parentId: number | null) => {
    for (const child of tree.childrenOf(parentId)) {
      ordered.push(child);
      walk(child.id);
    }
  };
  walk(null);
  return ordered.filter(visible);
}

// ---------------------------------------------------------------------------------------------
// Brands

/** Every brand, by name: one statement. */
export async function listBrands(db: Database): Promise<BrandRecord[]> {
  return db.select().from(brands).orderBy(asc(brands.name), asc(brands.id));
}

/** Brands by id (DataLoader batch): one statement. */
export async function brandsByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, BrandRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(brands)
    .where(inArray(brands.id, [...ids]));
  return new Map(rows.map((b) => [b.id, b]));
}

// ---------------------------------------------------------------------------------------------
// Products

/** Arguments of `product` (GEINS-API §3.1): productId wins over alias. */
export interface ProductLookup {
  alias?: string | null;
  productId?: number | null;
}

/**
 * The forms an alias is looked up in: as given and lower-cased (aliases are stored lower-case),
 * so that the unique index on `alias` is used.
 */
function aliasForms(alias: string): string[] {
  const given = alias.trim();
  return [...new Set([given, given.toLowerCase()])];
}

/**
 * One active product by id or alias (as given or lower-cased). Unknown -> null (GEINS-API §0.7:
 * the client shows a 404). One statement.
 */
export async function getProduct(
  db: Database,
  shop: PricedShopContext,
  lookup: ProductLookup,
): Promise<ProductNode | null> {
  let condition: SQL | undefined;
  // A current alias wins over an old one another product had.
  let order: SQL = sql`${products.id}`;
  if (lookup.productId != null) condition = eq(products.id, lookup.productId);
  else if (lookup.alias?.trim()) {
    const forms = aliasForms(lookup.alias);
    order = sql`case when ${inArray(products.alias, forms)} then 0 else 1 end`;
    // An alias the product had before finds it too (issue 26): its canonicalUrl then differs
    // from the path asked for, and the storefront answers 301. The candidate ids come from a
    // union of the two index lookups: `alias in (…) or id in (history)` cannot use the alias
    // index and scanned every product (40 ms at 100 000 products on PostgreSQL, issue 23).
    condition = sql`${products.id} in (select ${products.id} from ${products}
      where ${inArray(products.alias, forms)}
      union all select ${aliasHistory.entityId} from ${aliasHistory}
      where ${aliasHistory.kind} = 'product' and ${inArray(aliasHistory.alias, forms)})`;
  }
  if (!condition) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(condition, eq(products.active, true)))
    .orderBy(order)
    .limit(1);
  return row ? { ...row, shop } : null;
}

/**
 * Related products of a product (`relatedProducts(alias)`), in the relation's order. Unknown
 * alias -> empty list. One statement.
 */
export async function getRelatedProducts(
  db: Database,
  shop: PricedShopContext,
  alias: string,
): Promise<RelatedProductNode[]> {
  const source = db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.alias, aliasForms(alias)));
  const rows = await db
    .select({ product: products, relationType: productRelations.relationType })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(and(inArray(productRelations.productId, source), eq(products.active, true)))
    .orderBy(asc(productRelations.sortOrder), asc(products.id));
  return rows.map((r) => ({ ...r.product, relationType: r.relationType, shop }));
}

/** Category ids of products (DataLoader batch), ordered by the link's sort order: one statement. */
export async function categoryIdsByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select()
    .from(productCategories)
    .where(inArray(productCategories.productId, [...productIds]))
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.categoryId));
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push(row.categoryId);
    result.set(row.productId, list);
  }
  return result;
}

/** Images of products (DataLoader batch), in display order: one statement. */
export async function imagesByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, ProductImageRecord[]>> {
  const result = new Map<number, ProductImageRecord[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, [...productIds]))
    .orderBy(asc(productImages.sortOrder), asc(productImages.fileName));
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push(row);
    result.set(row.productId, list);
  }
  return result;
}

/** SKUs of products (DataLoader batch), in size order: one statement. */
export async function skusByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, SkuRecord[]>> {
  const result = new Map<number, SkuRecord[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select()
    .from(skus)
    .where(inArray(skus.productId, [...productIds]))
    .orderBy(asc(skus.sortOrder), asc(skus.id));
  for (const row of rows) {
    const list = result.get(row.productId) ?? [];
    list.push(row);
    result.set(row.productId, list);
  }
  return result;
}

/** A product parameter (`ParameterType`). */
export interface ProductParameter {
  parameterId: number;
  parameterGroupId: number;
  order: number;
  type: string;
  /** The identifier, e.g. `Color` (Geins sends the identifier as the name). */
  name: string;
  /** The display name, e.g. `Färg`. */
  label: string;
  value: string;
  show: boolean;
  showFilter: boolean;
  identifier: string;
  parameterValueId: number | null;
  /** Opaque facet id of a filterable value (`p_{parameterId}_{parameterValueId}`), else null. */
  facetId: string | null;
}

/** A product's parameter group (`ParameterGroupType`). */
export interface ProductParameterGroup {
  parameterGroupId: number;
  productId: number;
  name: string;
  order: number;
  parameters: ProductParameter[];
}

/** Parameter groups of products (DataLoader batch), groups and parameters in order: one statement. */
export async function parameterGroupsByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, ProductParameterGroup[]>> {
  const result = new Map<number, ProductParameterGroup[]>();
  if (productIds.length === 0) return result;
  const rows = await db
    .select({
      productId: productParameters.productId,
      value: productParameters.value,
      parameterValueId: productParameters.parameterValueId,
      parameter: parameters,
      group: parameterGroups,
    })
    .from(productParameters)
    .innerJoin(parameters, eq(parameters.id, productParameters.parameterId))
    .innerJoin(parameterGroups, eq(parameterGroups.id, parameters.groupId))
    .where(inArray(productParameters.productId, [...productIds]))
    .orderBy(
      asc(parameterGroups.sortOrder),
      asc(parameterGroups.id),
      asc(parameters.sortOrder),
      asc(parameters.id),
    );
  for (const row of rows) {
    const groups = result.get(row.productId) ?? [];
    let group = groups.find((g) => g.parameterGroupId === row.group.id);
    if (!group) {
      group = {
        parameterGroupId: row.group.id,
        productId: row.productId,
        name: row.group.name,
        order: row.group.sortOrder,
        parameters: [],
      };
      groups.push(group);
    }
    group.parameters.push({
      parameterId: row.parameter.id,
      parameterGroupId: row.group.id,
      order: row.parameter.sortOrder,
      type: row.parameter.type,
      name: row.parameter.identifier,
      label: row.parameter.label,
      value: row.value,
      show: row.parameter.show,
      showFilter: row.parameter.showFilter,
      identifier: row.parameter.identifier,
      parameterValueId: row.parameterValueId,
      facetId:
        row.parameterValueId != null ? `p_${row.parameter.id}_${row.parameterValueId}` : null,
    });
    result.set(row.productId, groups);
  }
  return result;
}
