/**
 * Variants (GEINS-API §4.3; issue 25): the products that are one model in several colours form
 * a variant group (`variant_groups`); each product's SKUs are its sizes. Clients get the group
 * as a tree, highest level first: level 1 "product" nodes (one per active product of the group,
 * dimension = the group parameter's label, e.g. "Färg", value = the product's value of it, e.g.
 * "Svart"), each with level 0 "sku" nodes (dimension "Storlek", value = the SKU's size name). A
 * product on its own is a group of one (id 0), so a client always finds its SKU nodes under the
 * current product's node, as ralph does (GEINS-API §4.3 "the simple case").
 *
 * The batch function behind the per-request DataLoader costs one statement whatever the number
 * of products; the nodes' SKUs, images and stock come from the other loaders (no N+1).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import type { ProductRecord, SkuRecord } from './catalog.service.ts';
import { parameters, productParameters, products, variantGroups } from './catalog.tables.ts';
import { PRODUCT_COLOURS } from './colour-palette.ts';

/** The parameter a product on its own is told apart by (its colour, "Färg"). */
export const DEFAULT_VARIANT_PARAMETER = 'Color';

/** The dimension name of the SKU level (the sizes). */
export const SKU_DIMENSION = 'Storlek';

/** A product of a variant group with its value of the group's parameter. */
export interface VariantMember {
  product: ProductRecord;
  /** The product's value of the group's parameter, e.g. "Svart"; null when it has none. */
  value: string | null;
}

/** A variant group as the API shows it (`VariantGroupType`). */
export interface VariantGroupView {
  /** The stored group's id; 0 for a product on its own (a group of one). */
  id: number;
  /** The group's name (the model's name); a product on its own: its name. */
  name: string;
  /** The product that stands for the group: the stored main product when active, else the first. */
  mainProductId: number;
  /** Whether a list shows only the main product of the group. */
  collapseInLists: boolean;
  /** The product level's dimension: the group parameter's label, e.g. "Färg". */
  dimension: string;
  /** The group's active products: the main product first, then by product id. */
  members: VariantMember[];
}

/** A key and value of a variant (`VariantAttributeType`), e.g. `hex` = `#26282b`. */
export interface VariantAttribute {
  key: string;
  value: string;
}

/** A level 1 node: a product of the group (`VariantType`, type "product"). */
export interface ProductVariantNode {
  level: 1;
  type: 'product';
  dimension: string;
  value: string | null;
  product: ProductRecord;
  shop: PricedShopContext;
}

/** A level 0 node: a SKU (size) of a product (`VariantType`, type "sku"). */
export interface SkuVariantNode {
  level: 0;
  type: 'sku';
  dimension: string;
  value: string;
  sku: SkuRecord;
  product: ProductRecord;
  shop: PricedShopContext;
}

/** A node of the variant tree (`VariantType`). */
export type VariantNode = ProductVariantNode | SkuVariantNode;

/** A level of the current product (`VariantDimensionType`). */
export interface VariantDimension {
  level: number;
  dimension: string;
  /** "product": choosing another value leads to another product. */
  type: 'product';
  value: string | null;
  label: string | null;
  attributes: VariantAttribute[];
  /** Every value of the level in the group, in the group's order. */
  group: Array<{ label: string | null; value: string | null }>;
}

const COLOUR_BY_LABEL = new Map<string, string>(
  Object.values(PRODUCT_COLOURS).map((c) => [c.label.toLowerCase(), c.hex]),
);

/**
 * The attributes of a product-level value: `hex` (the swatch colour, e.g. `#26282b`) for a
 * colour of the palette, else none.
 */
export function variantAttributes(value: string | null): VariantAttribute[] {
  const hex = value ? COLOUR_BY_LABEL.get(value.toLowerCase()) : undefined;
  return hex ? [{ key: 'hex', value: hex }] : [];
}

/**
 * The variant groups of products (DataLoader batch, keyed by product id), each with its active
 * products and their values of the group's parameter; a product on its own gets a group of one
 * (id 0, by its `Color`). Unknown ids are missing. One statement.
 */
export async function variantGroupsByProductIds(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, VariantGroupView>> {
  const result = new Map<number, VariantGroupView>();
  if (productIds.length === 0) return result;
  const ids = [...productIds];
  const groupsOfIds = db
    .select({ id: products.variantGroupId })
    .from(products)
    .where(inArray(products.id, ids));
  const defaultParameter = db
    .select({ id: parameters.id })
    .from(parameters)
    .where(eq(parameters.identifier, DEFAULT_VARIANT_PARAMETER));
  const rows = await db
    .select({
      product: products,
      group: variantGroups,
      dimension: parameters.label,
      value: productParameters.value,
    })
    .from(products)
    .leftJoin(variantGroups, eq(variantGroups.id, products.variantGroupId))
    .leftJoin(
      parameters,
      eq(parameters.id, sql`coalesce(${variantGroups.parameterId}, (${defaultParameter}))`),
    )
    .leftJoin(
      productParameters,
      and(
        eq(productParameters.productId, products.id),
        eq(productParameters.parameterId, parameters.id),
      ),
    )
    // The products asked for and the active members of their groups, as a union of index
    // lookups: `id in (…) or (active and group in (…))` could not use the indexes and joined
    // every product's parameters (0.3–0.4 s at 100 000 products on PostgreSQL, issue 23).
    .where(
      sql`${products.id} in (select ${products.id} from ${products} where ${inArray(products.id, ids)}
        union all select ${products.id} from ${products}
        where ${and(eq(products.active, true), inArray(products.variantGroupId, groupsOfIds))})`,
    )
    .orderBy(asc(products.id));

  const membersOf = new Map<number, VariantMember[]>();
  for (const row of rows) {
    if (row.group && row.product.active) {
      const list = membersOf.get(row.group.id) ?? [];
      list.push({ product: row.product, value: row.value });
      membersOf.set(row.group.id, list);
    }
  }
  for (const row of rows) {
    if (!productIds.includes(row.product.id)) continue;
    const dimension = row.dimension ?? 'Färg';
    if (!row.group) {
      result.set(row.product.id, {
        id: 0,
        name: row.product.name,
        mainProductId: row.product.id,
        collapseInLists: false,
        dimension,
        members: [{ product: row.product, value: row.value }],
      });
      continue;
    }
    const group = row.group;
    const members = membersOf.get(group.id) ?? [];
    const main = members.find((m) => m.product.id === group.mainProductId) ?? members[0];
    result.set(row.product.id, {
      id: group.id,
      name: group.name,
      mainProductId: main?.product.id ?? group.mainProductId,
      collapseInLists: group.collapseInLists,
      dimension,
      members: main ? [main, ...members.filter((m) => m !== main)] : members,
    });
  }
  return result;
}

/** The level 1 nodes of a group (`VariantGroupType.variants`), in the group's order. */
export function productVariantNodes(
  group: VariantGroupView,
  shop: PricedShopContext,
): ProductVariantNode[] {
  return group.members.map((m) => ({
    level: 1,
    type: 'product',
    dimension: group.dimension,
    value: m.value,
    product: m.product,
    shop,
  }));
}

/** The node of the current product in its group (`ProductType.currentProductVariant`). */
export function currentProductVariant(
  group: VariantGroupView,
  productId: number,
  shop: PricedShopContext,
): ProductVariantNode | null {
  return productVariantNodes(group, shop).find((n) => n.product.id === productId) ?? null;
}

/** The level 0 nodes of a product's node: its SKUs in size order. */
export function skuVariantNodes(node: ProductVariantNode, skus: SkuRecord[]): SkuVariantNode[] {
  return skus.map((sku) => ({
    level: 0,
    type: 'sku',
    dimension: SKU_DIMENSION,
    value: sku.name,
    sku,
    product: node.product,
    shop: node.shop,
  }));
}

/**
 * The current product's value of each product level (`ProductType.variantDimensions`): level 1,
 * the group parameter (e.g. Färg = Svart) with every value of the group. The SKU level has no
 * single value for a product and is not listed (its nodes are under the product's node).
 */
export function variantDimensions(group: VariantGroupView, productId: number): VariantDimension[] {
  const current = group.members.find((m) => m.product.id === productId);
  if (!current) return [];
  return [
    {
      level: 1,
      dimension: group.dimension,
      type: 'product',
      value: current.value,
      label: current.value,
      attributes: variantAttributes(current.value),
      group: group.members.map((m) => ({ label: m.value, value: m.value })),
    },
  ];
}
