/**
 * GraphQL of the catalogue (GEINS-API §3.1 product, relatedProducts, categories, brands,
 * listPageInfo; §4.2 catalogue types; §4.4 list pages): the product types' fields and the root
 * fields. The types products are made of are in catalog-types.graphql.ts, product lists
 * (`products`, filters, facets) in product-list.graphql.ts. Prices (unitPrice, discountType,
 * discountCampaigns) are added by the pricing module and stock (SkuType.stock, totalStock) by
 * the inventory module.
 */
import type { ObjectRef } from '@pothos/core';
import { contextArgs } from '../../graphql/args.ts';
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import {
  breadcrumbsOf,
  getProduct,
  getRelatedProducts,
  listBrands,
  listCategories,
  productCanonicalUrl,
  type ProductNode,
} from './catalog.service.ts';
import { getPageInfo, productMeta } from './list-pages.service.ts';
import { localisedProduct, translatedLanguageOf } from './product-translations.ts';
import {
  emptyAlternativeUrlFields,
  BrandListRef,
  BrandRef,
  BreadcrumbRef,
  CategoryRef,
  DimensionsRef,
  MetadataRef,
  PageInfoRef,
  ParameterGroupRef,
  ProductImageRef,
  ProductRef,
  ProductTextsRef,
  RelatedProductRef,
  SkuRef,
} from './catalog-types.graphql.ts';
import './product-list.graphql.ts';

export {
  BrandRef,
  CategoryRef,
  ProductRef,
  RelatedProductRef,
  SkuRef,
} from './catalog-types.graphql.ts';
export { VariantRef } from './variants.graphql.ts';

/** `ProductRelation` (deprecated in Geins but selected by ralph). */
export const ProductRelationEnum = builder.enumType('ProductRelation', {
  description: 'How a related product relates (GEINS-API §4.2).',
  values: {
    RELATED: { description: 'Related product.' },
    ACCESSORIES: { description: 'Accessory for the product.' },
    SIMILAR: { description: 'Similar product.' },
  } as const,
});

/**
 * The product in the request's language: its translation's name and texts when the language is
 * not the channel's default and the back office has one (product-translations.ts), batched per
 * request; the product itself otherwise (no statement for the default language).
 */
async function inLanguage<T extends ProductNode>(product: T, ctx: GraphQLContext): Promise<T> {
  const languageId = translatedLanguageOf(product);
  if (!languageId) return product;
  return localisedProduct(product, await ctx.loaders.translations(languageId).load(product.id));
}

/**
 * Adds the fields ProductType and RelatedProductType share (pricing and inventory add theirs the
 * same way, so that both types stay in step).
 */
export function addSharedProductFields(ref: ObjectRef<ApiSchemaTypes, ProductNode>): void {
  builder.objectFields(ref, (t) => ({
    alias: t.exposeString('alias', { nullable: false, description: 'URL alias of the product.' }),
    name: t.string({
      description:
        "Product name, in the request's language when the back office has a translation " +
        "(issue 26), else in the channel's default language.",
      resolve: async (p, _args, ctx) => (await inLanguage(p, ctx)).name,
    }),
    canonicalUrl: t.string({
      description:
        'Router path of the product page `/p/{root}/{leaf}/{alias}` from the primary category; compare with the current path and redirect when different (GEINS-API §0.7). With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: async (p, _args, ctx, info) =>
        ctx.pagePath(info, productCanonicalUrl(await ctx.categoryTree(), p)),
    }),
    brand: t.field({
      type: BrandRef,
      description: 'The brand.',
      resolve: (p, _args, ctx) => ctx.loaders.brand.load(p.brandId),
    }),
    productImages: t.field({
      type: [ProductImageRef],
      description: 'Images in display order; the first is the main image.',
      resolve: (p, _args, ctx) => ctx.loaders.images.load(p.id),
    }),
    images: t.stringList({
      deprecationReason: 'Use productImages instead.',
      description: 'Image file names in display order.',
      resolve: async (p, _args, ctx) =>
        (await ctx.loaders.images.load(p.id)).map((i) => i.fileName),
    }),
    skus: t.field({
      type: [SkuRef],
      description: 'SKUs (sizes) in size order.',
      resolve: (p, _args, ctx) => ctx.loaders.skus.load(p.id),
    }),
    primaryCategory: t.field({
      type: CategoryRef,
      description: 'The primary (leaf) category; the canonical URL and breadcrumbs follow it.',
      resolve: async (p, _args, ctx) => (await ctx.categoryTree()).byId.get(p.primaryCategoryId),
    }),
    parameterGroups: t.field({
      type: [ParameterGroupRef],
      description:
        'Parameter groups with the product\'s parameters (group 1 "Allmänt" holds Color).',
      resolve: (p, _args, ctx) => ctx.loaders.parameterGroups.load(p.id),
    }),
  }));
}

ProductRef.implement({
  description:
    'A product with texts, images, SKUs, price and stock (GEINS-API §4.2; SPEC §3 Product).',
  fields: (t) => ({
    productId: t.int({ nullable: false, description: 'Product id.', resolve: (p) => p.id }),
    articleNumber: t.exposeString('articleNumber', { description: 'Product article number.' }),
    categoryId: t.int({
      nullable: false,
      description: 'Id of the primary category.',
      resolve: (p) => p.primaryCategoryId,
    }),
    ...emptyAlternativeUrlFields(t),
    firstAvailableOn: t.exposeString('firstAvailableOn', {
      description: 'Date first available, yyyy-mm-dd; the LATEST sort uses it.',
    }),
    texts: t.field({
      type: ProductTextsRef,
      description:
        "Product texts: text1 main description, text2 short text, text3 extra; in the request's " +
        'language where translated (issue 26), else the default language.',
      resolve: (p, _args, ctx) => inLanguage(p, ctx),
    }),
    type: t.string({ description: '"product" (packages are not sold).', resolve: () => 'product' }),
    categories: t.field({
      type: [CategoryRef],
      description: "Every category the product is in (its leaf category and the leaf's root).",
      resolve: async (p, _args, ctx) => {
        const [ids, tree] = await Promise.all([
          ctx.loaders.categoryIds.load(p.id),
          ctx.categoryTree(),
        ]);
        return ids.map((id) => tree.byId.get(id)).filter((c) => c !== undefined);
      },
    }),
    meta: t.field({
      type: MetadataRef,
      description: 'Page metadata: meta title/description, else the name and short text.',
      resolve: async (p, _args, ctx) => productMeta(await inLanguage(p, ctx)),
    }),
    breadcrumbs: t.field({
      type: [BreadcrumbRef],
      description: 'Category path of the primary category, from the root down.',
      resolve: async (p, _args, ctx) =>
        breadcrumbsOf(await ctx.categoryTree(), p.primaryCategoryId),
    }),
    dimensions: t.field({
      type: DimensionsRef,
      description: 'Package dimensions (not stored yet: null).',
      resolve: () => null,
    }),
    weight: t.exposeInt('weight', { nullable: false, description: 'Weight in grams.' }),
    freightClass: t.string({ description: 'Freight class (not used: null).', resolve: () => null }),
    supplierId: t.int({
      nullable: false,
      description: 'Supplier id (always 0).',
      resolve: () => 0,
    }),
  }),
});
addSharedProductFields(ProductRef);

RelatedProductRef.implement({
  description: 'A product related to another one, e.g. an accessory (GEINS-API §4.2).',
  fields: (t) => ({
    relation: t.field({
      type: ProductRelationEnum,
      deprecationReason: 'Use relationType instead.',
      description: 'The relation as an enum.',
      resolve: (p) =>
        p.relationType === 'ACCESSORIES' || p.relationType === 'SIMILAR'
          ? p.relationType
          : 'RELATED',
    }),
    relationType: t.exposeString('relationType', {
      nullable: false,
      description: 'The relation: ACCESSORIES, RELATED or SIMILAR.',
    }),
    primaryImage: t.string({
      description: 'File name of the first image.',
      resolve: async (p, _args, ctx) => (await ctx.loaders.images.load(p.id))[0]?.fileName ?? null,
    }),
    secondaryImage: t.string({
      description: 'File name of the second image.',
      resolve: async (p, _args, ctx) => (await ctx.loaders.images.load(p.id))[1]?.fileName ?? null,
    }),
  }),
});
addSharedProductFields(RelatedProductRef as unknown as ObjectRef<ApiSchemaTypes, ProductNode>);

// ---------------------------------------------------------------------------------------------
// Root fields

builder.queryFields((t) => ({
  categories: t.field({
    type: [CategoryRef],
    description:
      'Categories as a flat list in tree order (GEINS-API §3.1). parentCategoryId 0 = root level only; absent = all.',
    args: {
      ...contextArgs,
      includeHidden: t.arg.boolean({ description: 'Include hidden categories (default false).' }),
      parentCategoryId: t.arg.int({
        description: 'Only children of this category; 0 for the root level.',
      }),
    },
    resolve: async (_root, args, ctx) => listCategories(await ctx.categoryTree(), args),
  }),
  brands: t.field({
    type: [BrandListRef],
    description: 'Every brand, by name (GEINS-API §3.1).',
    args: { ...contextArgs },
    resolve: (_root, _args, ctx) => listBrands(ctx.db),
  }),
  product: t.field({
    type: ProductRef,
    description:
      'A product by productId or alias (productId wins); unknown -> null, which the client shows as 404 (GEINS-API §3.1, §0.7).',
    args: {
      ...contextArgs,
      alias: t.arg.string({ description: 'Product alias, e.g. the last segment of /p/…/{alias}.' }),
      productId: t.arg.int({ description: 'Product id; wins over alias.' }),
    },
    resolve: async (_root, args, ctx) => getProduct(ctx.db, await ctx.pricedShop(args), args),
  }),
  relatedProducts: t.field({
    type: [RelatedProductRef],
    description: 'Products related to a product, e.g. accessories (GEINS-API §3.1).',
    args: {
      ...contextArgs,
      alias: t.arg.string({ required: true, description: 'Alias of the product.' }),
    },
    resolve: async (_root, args, ctx) =>
      getRelatedProducts(ctx.db, await ctx.pricedShop(args), args.alias),
  }),
  listPageInfo: t.field({
    type: PageInfoRef,
    description:
      'A list page by url ("/c/cyklar/elcyklar", "/b/trek", "/dc/rea") or alias; unknown -> null (404). Without alias and url: the site default meta (GEINS-API §3.1).',
    args: {
      ...contextArgs,
      alias: t.arg.string({ description: 'Category, brand or campaign alias.' }),
      url: t.arg.string({ description: 'The current list page path.' }),
    },
    resolve: async (_root, args, ctx) =>
      getPageInfo(ctx.db, await ctx.categoryTree(), ctx.config.shopName, args),
  }),
}));
