/**
 * GraphQL of variants (GEINS-API §4.3; issue 25): `VariantGroupType`, `VariantType`,
 * `VariantDimensionType`, `VariantAttributeType`, `VariantValueType` and the ProductType fields
 * `variantGroup`, `variantDimensions` and `currentProductVariant`. The tree is built in
 * variants.service.ts; a node's stock and restock date are added by the inventory module.
 */
import { builder } from '../../graphql/builder.ts';
import { ProductRef } from './catalog-types.graphql.ts';
import { productCanonicalUrl } from './catalog.service.ts';
import {
  currentProductVariant,
  productVariantNodes,
  skuVariantNodes,
  variantAttributes,
  variantDimensions,
  type VariantAttribute,
  type VariantDimension,
  type VariantGroupView,
  type VariantNode,
} from './variants.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';

/** `VariantAttributeType`. */
export const VariantAttributeRef = builder
  .objectRef<VariantAttribute>('VariantAttributeType')
  .implement({
    description:
      'A key and value of a variant (GEINS-API §4.3), e.g. key "hex", value "#26282b": the swatch colour of a colour.',
    fields: (t) => ({
      key: t.exposeString('key', { description: 'Attribute key, e.g. "hex".' }),
      value: t.exposeString('value', { description: 'Attribute value, e.g. "#26282b".' }),
    }),
  });

/** `VariantValueType`. */
export const VariantValueRef = builder
  .objectRef<{ label: string | null; value: string | null }>('VariantValueType')
  .implement({
    description: 'One value of a variant dimension (GEINS-API §4.3), e.g. "Svart".',
    fields: (t) => ({
      label: t.exposeString('label', { description: 'Display text, e.g. "Svart".' }),
      value: t.exposeString('value', { description: 'The value, e.g. "Svart".' }),
    }),
  });

/** `VariantType` (stock and incoming: inventory.graphql.ts). */
export const VariantRef = builder.objectRef<VariantNode>('VariantType');

VariantRef.implement({
  description:
    'A node of a variant tree (GEINS-API §4.3): level 1 is a product of the group (type "product", e.g. Färg = Svart: alias, canonicalUrl and primaryImage lead to it), level 0 a SKU of it (type "sku", dimension "Storlek", with skuId and stock). Children in `variants`.',
  fields: (t) => ({
    level: t.exposeInt('level', {
      nullable: false,
      description: 'Level in the tree: 1 product, 0 SKU.',
    }),
    dimension: t.exposeString('dimension', {
      nullable: false,
      description: 'The dimension: "Färg" (the group parameter\'s label) or "Storlek".',
    }),
    type: t.exposeString('type', {
      nullable: false,
      description:
        '"product" when choosing it leads to another product (level 1), "sku" for a SKU (level 0).',
    }),
    value: t.exposeString('value', { description: 'The value, e.g. "Svart" or "M".' }),
    label: t.string({ description: 'Display text of the value.', resolve: (n) => n.value }),
    skuId: t.int({
      description: 'SKU id (level 0 only): add this to the cart.',
      resolve: (n) => (n.level === 0 ? n.sku.id : null),
    }),
    shelf: t.string({ description: 'Shelf location (not used: null).', resolve: () => null }),
    productId: t.int({
      nullable: false,
      description: 'The product of the node.',
      resolve: (n) => n.product.id,
    }),
    name: t.string({ description: 'Name of the product.', resolve: (n) => n.product.name }),
    alias: t.string({
      description: 'Alias of the product to show for this node (navigate to it).',
      resolve: (n) => n.product.alias,
    }),
    canonicalUrl: t.string({
      description:
        'Router path of the product page (level 1 only; GEINS-API §0.7), with `/{market}/{language}` under MARKET_IN_PATH.',
      resolve: async (n, _args, ctx, info) =>
        n.level === 1
          ? ctx.pagePath(info, productCanonicalUrl(await ctx.categoryTree(), n.product))
          : null,
    }),
    primaryImage: t.string({
      description: "File name of the product's first image (level 1 only).",
      resolve: async (n, _args, ctx) =>
        n.level === 1 ? ((await ctx.loaders.images.load(n.product.id))[0]?.fileName ?? null) : null,
    }),
    attributes: t.field({
      type: [VariantAttributeRef],
      description: 'Attributes of the value: `hex`, the swatch colour of a colour (level 1).',
      resolve: (n) => (n.level === 1 ? variantAttributes(n.value) : []),
    }),
    variants: t.field({
      type: [VariantRef],
      description: 'The children: the SKUs of a product node; empty for a SKU.',
      resolve: async (n, _args, ctx) =>
        n.level === 1 ? skuVariantNodes(n, await ctx.loaders.skus.load(n.product.id)) : [],
    }),
  }),
});

/** A group with the shop context its nodes are read in. */
type VariantGroupNode = VariantGroupView & { shop: PricedShopContext };

/** `VariantGroupType`. */
export const VariantGroupRef = builder.objectRef<VariantGroupNode>('VariantGroupType').implement({
  description:
    'The products that are one model in several variants, e.g. colours (GEINS-API §4.3). A product on its own is a group of one (variantGroupId 0).',
  fields: (t) => ({
    variantGroupId: t.int({
      nullable: false,
      description: 'Group id; 0 for a product on its own.',
      resolve: (g) => g.id,
    }),
    name: t.exposeString('name', { nullable: false, description: "The model's name." }),
    mainProductId: t.exposeInt('mainProductId', {
      nullable: false,
      description: 'The product that stands for the group (shown in lists when collapsed).',
    }),
    collapseInLists: t.exposeBoolean('collapseInLists', {
      nullable: false,
      description: 'Whether lists show only the main product of the group.',
    }),
    activeProducts: t.int({
      nullable: false,
      description: 'Number of active products in the group.',
      resolve: (g) => g.members.length,
    }),
    variants: t.field({
      type: [VariantRef],
      description:
        'The tree, highest level first: one level 1 node per product (main product first), each with its SKUs (level 0).',
      resolve: (g) => productVariantNodes(g, g.shop),
    }),
  }),
});

/** `VariantDimensionType`. */
export const VariantDimensionRef = builder
  .objectRef<VariantDimension>('VariantDimensionType')
  .implement({
    description:
      "The current product's value of a level of its variant tree (GEINS-API §4.3): the client picks the node of that level whose value equals it.",
    fields: (t) => ({
      level: t.exposeInt('level', { nullable: false, description: 'Level (1: product).' }),
      dimension: t.exposeString('dimension', {
        nullable: false,
        description: 'The dimension, e.g. "Färg".',
      }),
      type: t.exposeString('type', {
        nullable: false,
        description: '"product": choosing another value leads to another product.',
      }),
      value: t.exposeString('value', { description: "The current product's value." }),
      label: t.exposeString('label', { description: 'Display text of the value.' }),
      attributes: t.field({
        type: [VariantAttributeRef],
        description: 'Attributes of the value, e.g. `hex`.',
        resolve: (d) => d.attributes,
      }),
      group: t.field({
        type: [VariantValueRef],
        description: 'Every value of the level in the group.',
        resolve: (d) => d.group,
      }),
    }),
  });

builder.objectFields(ProductRef, (t) => ({
  variantGroup: t.field({
    type: VariantGroupRef,
    description:
      'The variant group with its tree of products (level 1, e.g. colours) and SKUs (level 0, sizes); a product on its own is a group of one (GEINS-API §4.3).',
    resolve: async (p, _args, ctx) => {
      const group = await ctx.loaders.variantGroup.load(p.id);
      return group ? { ...group, shop: p.shop } : null;
    },
  }),
  variantDimensions: t.field({
    type: [VariantDimensionRef],
    description:
      "The product's value of each product level of its variant tree, e.g. Färg = Svart (GEINS-API §4.3).",
    resolve: async (p, _args, ctx) => {
      const group = await ctx.loaders.variantGroup.load(p.id);
      return group ? variantDimensions(group, p.id) : [];
    },
  }),
  currentProductVariant: t.field({
    type: VariantRef,
    description: "The product's own level 1 node of its variant tree, with its SKUs.",
    resolve: async (p, _args, ctx) => {
      const group = await ctx.loaders.variantGroup.load(p.id);
      return group ? currentProductVariant(group, p.id, p.shop) : null;
    },
  }),
}));
