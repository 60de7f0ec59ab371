/**
 * GraphQL types and root fields of the catalogue (GEINS-API §3.1 product, products,
 * relatedProducts, categories, brands, listPageInfo; §4.2 catalogue types; §4.4 list pages;
 * §5 filtering, sorting and paging). Prices (unitPrice, discountType, discountCampaigns) are added
 * by the pricing module and stock (SkuType.stock, totalStock) by the inventory module.
 */
import type { ObjectRef } from '@pothos/core';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { contextArgs } from '../../graphql/args.ts';
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import {
  breadcrumbsOf,
  brandCanonicalUrl,
  categoryCanonicalUrl,
  getPageInfo,
  getProduct,
  getRelatedProducts,
  listBrands,
  listCategories,
  productCanonicalUrl,
  productMeta,
  type Breadcrumb,
  type BrandRecord,
  type CategoryRecord,
  type Metadata,
  type PageInfo,
  type ProductImageRecord,
  type ProductNode,
  type ProductParameter,
  type ProductParameterGroup,
  type RelatedProductNode,
  type SkuRecord,
} from './catalog.service.ts';
import {
  listProducts,
  type Facet,
  type FacetValue,
  type FilterCollection,
  type ProductPage,
} from './product-list.service.ts';

const deprecatedUrls = 'Use alternativeUrls instead.';

// ---------------------------------------------------------------------------------------------
// Small value types

/** `MetadataType`. */
export const MetadataRef = builder.objectRef<Metadata>('MetadataType').implement({
  description: 'Page metadata for <title> and <meta> tags (GEINS-API §4.2).',
  fields: (t) => ({
    title: t.exposeString('title', { description: 'Page title.' }),
    description: t.exposeString('description', { description: 'Meta description.' }),
    keywords: t.exposeString('keywords', { description: 'Meta keywords (not used: null).' }),
  }),
});

/** `AlternativeUrlType` (no alternative URLs yet: lists are empty). */
export const AlternativeUrlRef = builder
  .objectRef<{
    url: string;
    culture: string;
    language: string;
    country: string | null;
    channelId: string;
  }>('AlternativeUrlType')
  .implement({
    description: 'The same entity on another channel or language (GEINS-API §4.2). Not used yet.',
    fields: (t) => ({
      url: t.exposeString('url', {
        nullable: false,
        description: 'Router path of the alternative.',
      }),
      culture: t.exposeString('culture', {
        nullable: false,
        description: 'Culture, e.g. "en-US".',
      }),
      language: t.exposeString('language', {
        nullable: false,
        description: 'Language code, e.g. "en".',
      }),
      country: t.exposeString('country', { description: 'Country code, e.g. "US".' }),
      channelId: t.exposeString('channelId', {
        nullable: false,
        description: 'Channel id, e.g. "1|se".',
      }),
    }),
  });

/** `DimensionsType` (not stored yet: always null). */
export const DimensionsRef = builder
  .objectRef<{ length: number; width: number; height: number }>('DimensionsType')
  .implement({
    description: 'Package dimensions in millimetres (GEINS-API §4.2). Not stored yet.',
    fields: (t) => ({
      length: t.exposeInt('length', { nullable: false, description: 'Length in mm.' }),
      width: t.exposeInt('width', { nullable: false, description: 'Width in mm.' }),
      height: t.exposeInt('height', { nullable: false, description: 'Height in mm.' }),
    }),
  });

/** `GoogleTaxonomyType` (not stored yet: always null). */
export const GoogleTaxonomyRef = builder
  .objectRef<{
    id: number | null;
    parentId: number | null;
    name: string | null;
    path: string | null;
  }>('GoogleTaxonomyType')
  .implement({
    description: 'Google product taxonomy of a category (GEINS-API §4.2). Not stored yet.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'Google taxonomy id.' }),
      parentId: t.exposeInt('parentId', { description: 'Parent taxonomy id.' }),
      name: t.exposeString('name', { description: 'Taxonomy name.' }),
      path: t.exposeString('path', { description: 'Full taxonomy path.' }),
    }),
  });

// ---------------------------------------------------------------------------------------------
// Categories and brands

/** `CategoryType`. */
export const CategoryRef = builder.objectRef<CategoryRecord>('CategoryType').implement({
  description:
    'A product category; the list from `categories` is flat, build the tree from parentCategoryId (GEINS-API §4.2).',
  fields: (t) => ({
    categoryId: t.int({ nullable: false, description: 'Category id.', resolve: (c) => c.id }),
    parentCategoryId: t.int({
      nullable: false,
      description: 'Parent category id; 0 for a root category.',
      resolve: (c) => c.parentId ?? 0,
    }),
    order: t.int({
      nullable: false,
      description: 'Display order among siblings.',
      resolve: (c) => c.sortOrder,
    }),
    alias: t.exposeString('alias', { description: 'URL alias, e.g. "elcyklar".' }),
    canonicalUrl: t.string({
      nullable: false,
      description:
        'Router path of the category list page: `/c/{root}/{leaf}`, e.g. "/c/cyklar/elcyklar".',
      resolve: async (c, _args, ctx) => categoryCanonicalUrl(await ctx.categoryTree(), c.id),
    }),
    alternativeCanonicalUrls: t.stringList({
      deprecationReason: deprecatedUrls,
      description: 'Alternative paths (always empty).',
      resolve: () => [],
    }),
    alternativeUrls: t.field({
      type: [AlternativeUrlRef],
      description: 'Alternative URLs on other channels or languages (always empty).',
      resolve: () => [],
    }),
    name: t.exposeString('name', {
      nullable: false,
      description: 'Display name, e.g. "Elcyklar".',
    }),
    description: t.exposeString('description', {
      description: 'Primary description (may hold HTML).',
    }),
    secondaryDescription: t.exposeString('secondaryDescription', {
      description: 'Secondary description (may hold HTML).',
    }),
    isHidden: t.exposeBoolean('isHidden', { description: 'Hidden from menus and lists.' }),
    googleTaxonomy: t.field({
      type: GoogleTaxonomyRef,
      description: 'Google product taxonomy (not stored yet: null).',
      resolve: () => null,
    }),
    primaryImage: t.string({
      description: 'Primary image file name (none yet: null).',
      resolve: () => null,
    }),
    backgroundImage: t.string({
      description: 'Background image file name (none yet: null).',
      resolve: () => null,
    }),
  }),
});

/** The fields `BrandType` and `BrandListType` share (GEINS-API §4.2). */
function brandFields(t: PothosSchemaTypes.ObjectFieldBuilder<ApiSchemaTypes, BrandRecord>) {
  return {
    brandId: t.int({ nullable: false, description: 'Brand id.', resolve: (b) => b.id }),
    alias: t.exposeString('alias', { description: 'URL alias, e.g. "trek".' }),
    canonicalUrl: t.string({
      description: 'Router path of the brand list page: `/b/{alias}`.',
      resolve: (b) => brandCanonicalUrl(b),
    }),
    alternativeCanonicalUrls: t.stringList({
      deprecationReason: deprecatedUrls,
      description: 'Alternative paths (always empty).',
      resolve: () => [],
    }),
    alternativeUrls: t.field({
      type: [AlternativeUrlRef],
      description: 'Alternative URLs (always empty).',
      resolve: () => [],
    }),
    name: t.exposeString('name', { description: 'Brand name.' }),
  };
}

/** `BrandType`. */
export const BrandRef = builder.objectRef<BrandRecord>('BrandType').implement({
  description: 'A brand, as shown on a product (GEINS-API §4.2).',
  fields: (t) => ({
    ...brandFields(t),
    description: t.exposeString('description', { description: 'Brand description.' }),
  }),
});

/** `BrandListType` (the `brands` list). */
export const BrandListRef = builder.objectRef<BrandRecord>('BrandListType').implement({
  description: 'A brand in the brands list, with page texts and images (GEINS-API §4.2).',
  fields: (t) => ({
    ...brandFields(t),
    description: t.exposeString('description', { description: 'Primary description.' }),
    secondaryDescription: t.exposeString('secondaryDescription', {
      description: 'Secondary description.',
    }),
    primaryImage: t.string({
      description: 'Primary image file name (none yet: null).',
      resolve: () => null,
    }),
    backgroundImage: t.string({
      description: 'Background image file name (none yet: null).',
      resolve: () => null,
    }),
    logo: t.string({ description: 'Logo file name (none yet: null).', resolve: () => null }),
  }),
});

/** `BreadcrumbType`. */
export const BreadcrumbRef = builder.objectRef<Breadcrumb>('BreadcrumbType').implement({
  description: 'One step of the category path from the root down (GEINS-API §4.2).',
  fields: (t) => ({
    categoryId: t.exposeInt('categoryId', { nullable: false, description: 'Category id.' }),
    parentCategoryId: t.exposeInt('parentCategoryId', {
      nullable: false,
      description: 'Parent category id; 0 for a root.',
    }),
    url: t.exposeString('url', { description: 'Router path of the category, e.g. "/c/cyklar".' }),
    name: t.exposeString('name', { nullable: false, description: 'Category name.' }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Product parts

/** `ProductTextsType`. */
export const ProductTextsRef = builder
  .objectRef<{ text1: string; text2: string; text3: string }>('ProductTextsType')
  .implement({
    description: 'Product texts (GEINS-API §4.2); may hold HTML.',
    fields: (t) => ({
      text1: t.string({
        description: 'Main description (schema.org description).',
        resolve: (x) => x.text1 || null,
      }),
      text2: t.string({ description: 'Short text.', resolve: (x) => x.text2 || null }),
      text3: t.string({
        description: 'Extra text, e.g. specifications.',
        resolve: (x) => x.text3 || null,
      }),
    }),
  });

/** `ProductImageType`. */
export const ProductImageRef = builder.objectRef<ProductImageRecord>('ProductImageType').implement({
  description:
    'A product image: a bare file name; the client builds the URL (GEINS-API §1 "Image URLs").',
  fields: (t) => ({
    fileName: t.exposeString('fileName', {
      nullable: false,
      description: 'File name, e.g. "trek-fx-2-1.jpg".',
    }),
    tags: t.exposeStringList('tags', { description: 'Custom tags of the image.' }),
  }),
});

/** `SkuType` (stock is added by the inventory module). */
export const SkuRef = builder.objectRef<SkuRecord>('SkuType').implement({
  description: 'A SKU (a size of a product) (GEINS-API §4.2).',
  fields: (t) => ({
    skuId: t.int({
      nullable: false,
      description: 'SKU id; add this to the cart.',
      resolve: (s) => s.id,
    }),
    productId: t.exposeInt('productId', { nullable: false, description: 'Product id.' }),
    articleNumber: t.exposeString('articleNumber', {
      nullable: false,
      description: 'SKU article number.',
    }),
    name: t.exposeString('name', { description: 'Size label shown in the size picker, e.g. "M".' }),
    externalId: t.exposeString('externalId', { description: 'Id in an external system.' }),
    gtin: t.exposeString('gtin', { description: 'GTIN/EAN barcode.' }),
    dimensions: t.field({
      type: DimensionsRef,
      description: 'Package dimensions (not stored yet: null).',
      resolve: () => null,
    }),
    shelf: t.string({ description: 'Shelf location (not used: null).', resolve: () => null }),
    weight: t.exposeInt('weight', { nullable: false, description: 'Weight in grams.' }),
  }),
});

/** `ParameterType`. */
export const ParameterRef = builder.objectRef<ProductParameter>('ParameterType').implement({
  description: 'A product parameter value, e.g. Färg = Svart (GEINS-API §4.2).',
  fields: (t) => ({
    parameterId: t.exposeInt('parameterId', { nullable: false, description: 'Parameter id.' }),
    parameterGroupId: t.exposeInt('parameterGroupId', {
      nullable: false,
      description: 'Group id.',
    }),
    order: t.exposeInt('order', { nullable: false, description: 'Display order in the group.' }),
    type: t.exposeString('type', { description: 'Value type, e.g. "text".' }),
    name: t.exposeString('name', { description: 'Parameter name (the identifier), e.g. "Color".' }),
    label: t.exposeString('label', { description: 'Display name, e.g. "Färg".' }),
    description: t.string({
      description: 'Parameter description (none: null).',
      resolve: () => null,
    }),
    value: t.exposeString('value', { description: 'The product\'s value, e.g. "Svart".' }),
    show: t.exposeBoolean('show', {
      nullable: false,
      description: 'Shown in the specification table.',
    }),
    showFilter: t.exposeBoolean('showFilter', {
      nullable: false,
      description: 'Offered as a list filter.',
    }),
    identifier: t.exposeString('identifier', {
      description: 'Identifier stable across languages, e.g. "Color".',
    }),
    facetId: t.exposeString('facetId', { description: 'Facet id of a filterable value (opaque).' }),
    parameterValueId: t.exposeInt('parameterValueId', { description: 'Id of a filterable value.' }),
  }),
});

/** `ParameterGroupType`. */
export const ParameterGroupRef = builder
  .objectRef<ProductParameterGroup>('ParameterGroupType')
  .implement({
    description: 'A group of product parameters, e.g. "Allmänt" (GEINS-API §4.2).',
    fields: (t) => ({
      parameterGroupId: t.exposeInt('parameterGroupId', { description: 'Group id (1 = Allmänt).' }),
      productId: t.exposeInt('productId', { nullable: false, description: 'Product id.' }),
      name: t.exposeString('name', { nullable: false, description: 'Group name.' }),
      order: t.exposeInt('order', { description: 'Display order.' }),
      parameters: t.field({
        type: [ParameterRef],
        description: "The product's parameters in this group, in order.",
        resolve: (g) => g.parameters,
      }),
    }),
  });

// ---------------------------------------------------------------------------------------------
// Products

/** `ProductType`. */
export const ProductRef = builder.objectRef<ProductNode>('ProductType');
/** `RelatedProductType`. */
export const RelatedProductRef = builder.objectRef<RelatedProductNode>('RelatedProductType');

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
 * Adds the fields ProductType and RelatedProductType share (pricing and inventory add theirs the
 * same way, so that both types stay in step).
 */
export function addSharedProductFields(ref: ObjectRef<ApiSchemaTypes, ProductNode>): void {
  builder.objectFields(ref, (t) => ({
    alias: t.exposeString('alias', { nullable: false, description: 'URL alias of the product.' }),
    name: t.exposeString('name', { description: 'Product name.' }),
    canonicalUrl: t.string({
      description:
        'Router path of the product page `/p/{root}/{leaf}/{alias}` from the primary category; compare with the current path and redirect when different (GEINS-API §0.7).',
      resolve: async (p, _args, ctx) => productCanonicalUrl(await ctx.categoryTree(), p),
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
    alternativeCanonicalUrls: t.stringList({
      deprecationReason: deprecatedUrls,
      description: 'Alternative paths (always empty).',
      resolve: () => [],
    }),
    alternativeUrls: t.field({
      type: [AlternativeUrlRef],
      description: 'Alternative URLs on other channels or languages (always empty).',
      resolve: () => [],
    }),
    firstAvailableOn: t.exposeString('firstAvailableOn', {
      description: 'Date first available, yyyy-mm-dd; the LATEST sort uses it.',
    }),
    texts: t.field({
      type: ProductTextsRef,
      description: 'Product texts: text1 main description, text2 short text, text3 extra.',
      resolve: (p) => p,
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
      resolve: (p) => productMeta(p),
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
// Product lists: filters and results

/** `SortType` (GEINS-API §5.3). */
export const SortTypeEnum = builder.enumType('SortType', {
  description:
    'Product list ordering (GEINS-API §5.3). Default LATEST, RELEVANCE when searchText is set. VOTES and CUSTOM_2..5 sort as LATEST (no ratings or custom orders yet).',
  values: {
    NONE: { description: 'No particular order (product id).' },
    PRICE: { description: 'Selling price, lowest first.' },
    PRICE_DESC: { description: 'Selling price, highest first.' },
    MOST_SOLD: { description: 'Most sold first.' },
    VOTES: { description: 'By rating (not yet: as LATEST).' },
    BRAND: { description: 'By brand name, then product name.' },
    LATEST: { description: 'Newest first (firstAvailableOn desc, productId desc). The default.' },
    RELEVANCE: {
      description:
        'Search relevance: name > brand > category > description, then LATEST; without searchText as LATEST.',
    },
    FACET_ORDER: { description: 'Keep the order of the given productIds or `a_<alias>` facets.' },
    ALPHABETICAL: { description: 'By name, A-Ö.' },
    ALPHABETICAL_DESC: { description: 'By name, Ö-A.' },
    CUSTOM_1: {
      description: 'Campaign order: highest discount percentage first, then LATEST.',
    },
    CUSTOM_2: { description: 'Custom order 2 (not yet: as LATEST).' },
    CUSTOM_3: { description: 'Custom order 3 (not yet: as LATEST).' },
    CUSTOM_4: { description: 'Custom order 4 (not yet: as LATEST).' },
    CUSTOM_5: { description: 'Custom order 5 (not yet: as LATEST).' },
    AVAILABLE_STOCK: { description: 'Units in stock, fewest first.' },
    AVAILABLE_STOCK_DESC: { description: 'Units in stock, most first.' },
    TOTAL_STOCK: { description: 'Units in stock incl. oversellable and static, fewest first.' },
    TOTAL_STOCK_DESC: { description: 'Units in stock incl. oversellable and static, most first.' },
  } as const,
});

/** `IncludeMode`. */
export const IncludeModeEnum = builder.enumType('IncludeMode', {
  description: 'How `include` facet ids combine (GEINS-API §5.2).',
  values: {
    INTERSECT: { description: 'A value from every group must match (default).' },
    UNION: { description: 'At least one value must match.' },
  } as const,
});

/** `FilterMode`. */
export const FilterModeEnum = builder.enumType('FilterMode', {
  description: 'How facet counts are computed (GEINS-API §5.2). Default BY_GROUP.',
  values: {
    BY_GROUP: { description: 'Counts ignore the selection within their own group.' },
    CURRENT: { description: 'Counts for the current result.' },
  } as const,
});

/** `PriceFilterInputType`. */
export const PriceFilterInput = builder.inputType('PriceFilterInputType', {
  description: 'Selling-price range incl. VAT in kronor (GEINS-API §5.2).',
  fields: (t) => ({
    lowest: t.float({ description: 'Lowest price to include, kronor.' }),
    highest: t.float({ description: 'Highest price to include, kronor.' }),
  }),
});

const optional = { list: false, items: false } as const;

/** `FilterInputType` (GEINS-API §5.2). */
export const FilterInput = builder.inputType('FilterInputType', {
  description:
    'Product list filter (GEINS-API §5.2). Facet ids: c_<categoryId>, b_<brandId>, s_<size>, pr_<from>_<to> (kronor), d_<from>_<to> (percent), p_<parameterId>_<valueId>, a_<productAlias>; OR within a group, AND across groups; unknown ids are ignored. Accepted but without effect: includeCollapsed, priceListIdentifier.',
  fields: (t) => ({
    searchText: t.string({
      description:
        'Free text, at most 256 characters: Swedish full-text search (stemming) over name, brand, categories and texts, with typo tolerance; ranked by RELEVANCE.',
    }),
    facets: t.stringList({
      required: optional,
      description:
        'Facet ids products must match (OR within a group, AND across groups); `a_<productAlias>` selects products (favorites).',
    }),
    excludeFacets: t.stringList({
      required: optional,
      description: 'Products having any of these facets are left out.',
    }),
    include: t.stringList({
      required: optional,
      description: 'Legacy include list of facet ids, combined by includeMode.',
    }),
    includeMode: t.field({
      type: IncludeModeEnum,
      description: 'How include combines (default INTERSECT).',
    }),
    exclude: t.stringList({
      required: optional,
      description: 'Legacy exclude list of facet ids (as excludeFacets).',
    }),
    sort: t.field({
      type: SortTypeEnum,
      description: 'Ordering; default LATEST (RELEVANCE with searchText).',
    }),
    price: t.field({
      type: PriceFilterInput,
      description: 'Selling-price range incl. VAT, kronor.',
    }),
    filterMode: t.field({
      type: FilterModeEnum,
      description: 'Facet count mode: BY_GROUP (default) or CURRENT.',
    }),
    productIds: t.intList({
      required: optional,
      description: 'At most 600 ids: every other filter is ignored and this order is kept.',
    }),
    articleNumbers: t.stringList({
      required: optional,
      description: 'At most 600 article numbers, like productIds with lower priority.',
    }),
    categoryIds: t.intList({
      required: optional,
      description: 'Only products in these categories (with subcategories).',
    }),
    brandIds: t.intList({ required: optional, description: 'Only products of these brands.' }),
    discountCampaignIds: t.intList({
      required: optional,
      description: 'Only products whose price these campaigns lower now.',
    }),
    excludeCategoryIds: t.intList({
      required: optional,
      description: 'Leave out products in these categories.',
    }),
    excludeBrandIds: t.intList({
      required: optional,
      description: 'Leave out products of these brands.',
    }),
    excludeDiscountCampaignIds: t.intList({
      required: optional,
      description: 'Leave out products in these campaigns.',
    }),
    includeCollapsed: t.boolean({ description: 'Include collapsed variants (not applied yet).' }),
    priceListIdentifier: t.string({ description: 'Price list (not applied yet).' }),
  }),
});

/** `PriceFilterType`. */
export const PriceFilterRef = builder
  .objectRef<{ lowest: number; highest: number }>('PriceFilterType')
  .implement({
    description: 'Lowest and highest selling price in a result, kronor (GEINS-API §5.4).',
    fields: (t) => ({
      lowest: t.exposeFloat('lowest', { nullable: false, description: 'Lowest price, kronor.' }),
      highest: t.exposeFloat('highest', { nullable: false, description: 'Highest price, kronor.' }),
    }),
  });

/** `FilterValueType`. */
export const FilterValueRef = builder.objectRef<FacetValue>('FilterValueType').implement({
  description: 'One facet value with its hit count (GEINS-API §5.4).',
  fields: (t) => ({
    _id: t.string({
      nullable: false,
      description: 'Cache key "{facetId}_{count}" (GEINS-API §0.6).',
      resolve: (v) => `${v.facetId}_${v.count}`,
    }),
    facetId: t.exposeString('facetId', {
      description: 'Opaque facet id; pass it in filter.facets.',
    }),
    parentId: t.exposeString('parentId', { description: 'Parent facet (category tree).' }),
    label: t.exposeString('label', { description: 'Display label.' }),
    url: t.exposeString('url', { description: 'Router path of the facet.' }),
    order: t.exposeInt('order', { nullable: false, description: 'Display order.' }),
    count: t.field({
      type: 'Long',
      nullable: false,
      description: 'Hits with this value.',
      resolve: (v) => v.count,
    }),
    hidden: t.exposeBoolean('hidden', { nullable: false, description: 'Hidden in filter lists.' }),
  }),
});

/** `FilterType`. */
export const FilterRef = builder.objectRef<Facet>('FilterType').implement({
  description:
    'A facet group: Category, Brand, Sku, Price, Discount or Parameter (GEINS-API §5.4).',
  fields: (t) => ({
    filterId: t.exposeString('filterId', { nullable: false, description: 'Facet group id.' }),
    type: t.exposeString('type', {
      description: 'Category, Brand, Sku, Price, Discount or Parameter.',
    }),
    group: t.exposeString('group', { description: 'Parameter group name.' }),
    label: t.exposeString('label', { description: 'Display label.' }),
    order: t.exposeInt('order', { nullable: false, description: 'Display order.' }),
    values: t.field({
      type: [FilterValueRef],
      description: 'Values with counts.',
      resolve: (f) => f.values,
    }),
  }),
});

/** `FilterCollectionType`. */
export const FilterCollectionRef = builder
  .objectRef<FilterCollection>('FilterCollectionType')
  .implement({
    description:
      'Facets of a product list (GEINS-API §5.4): price range and facet groups with counts, computed in SQL.',
    fields: (t) => ({
      price: t.field({
        type: PriceFilterRef,
        description: 'Price range of the result.',
        resolve: (f) => f.price,
      }),
      facets: t.field({
        type: [FilterRef],
        description: 'Facet groups.',
        resolve: (f) => f.facets,
      }),
    }),
  });

/**
 * True when the field being resolved selects `name` directly on its result (through inline
 * fragments and fragment spreads too; directives such as @skip are not evaluated, so a skipped
 * field counts as selected).
 */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === name;
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet);
      const fragmentName = selection.name.value;
      if (seen.has(fragmentName)) return false;
      seen.add(fragmentName);
      return inSet(info.fragments[fragmentName]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSet(node.selectionSet));
}

/** `ProductsResultType`. */
export const ProductsResultRef = builder.objectRef<ProductPage>('ProductsResultType').implement({
  description: 'One page of a product list (GEINS-API §4.4, §5.1).',
  fields: (t) => ({
    count: t.field({
      type: 'Long',
      nullable: false,
      description: 'Total number of hits, for paging.',
      resolve: (r) => r.count,
    }),
    products: t.field({
      type: [ProductRef],
      description: 'The page of products.',
      resolve: (r) => r.products,
    }),
    filters: t.field({
      type: FilterCollectionRef,
      description:
        'Facets of the result (one extra SQL statement, only when selected). BY_GROUP counts of a group ignore the selection within the group.',
      resolve: (r) => r.filters(),
    }),
  }),
});

/** `PageInfoType`. */
export const PageInfoRef = builder.objectRef<PageInfo>('PageInfoType').implement({
  description: 'A list page (category, brand or discount campaign) (GEINS-API §4.4).',
  fields: (t) => ({
    id: t.exposeInt('id', {
      nullable: false,
      description: 'Page id (category, brand or campaign id); 0 for the site default.',
    }),
    alias: t.exposeString('alias', { nullable: false, description: 'Alias of the page.' }),
    canonicalUrl: t.exposeString('canonicalUrl', {
      description:
        'Router path: `/c/{root}/{leaf}`, `/b/{alias}` or `/dc/{alias}`; redirect when it differs.',
    }),
    alternativeCanonicalUrls: t.stringList({
      deprecationReason: deprecatedUrls,
      description: 'Alternative paths (always empty).',
      resolve: () => [],
    }),
    alternativeUrls: t.field({
      type: [AlternativeUrlRef],
      description: 'Alternative URLs (always empty).',
      resolve: () => [],
    }),
    backgroundImage: t.exposeString('backgroundImage', {
      description: 'Background image file name.',
    }),
    logo: t.exposeString('logo', { description: 'Logo file name.' }),
    name: t.exposeString('name', { nullable: false, description: 'Page heading.' }),
    hideTitle: t.exposeBoolean('hideTitle', { nullable: false, description: 'Hide the heading.' }),
    hideDescription: t.exposeBoolean('hideDescription', {
      nullable: false,
      description: 'Hide the descriptions.',
    }),
    primaryDescription: t.exposeString('primaryDescription', {
      description: 'Text above the list.',
    }),
    primaryImage: t.exposeString('primaryImage', { description: 'Primary image file name.' }),
    secondaryDescription: t.exposeString('secondaryDescription', {
      description: 'Text below the list.',
    }),
    meta: t.field({ type: MetadataRef, description: 'Page metadata.', resolve: (p) => p.meta }),
    subCategories: t.field({
      type: [CategoryRef],
      description: 'Visible child categories of a category page.',
      resolve: (p) => p.subCategories,
    }),
  }),
});

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
  products: t.field({
    type: ProductsResultRef,
    description:
      'A page of products (GEINS-API §3.1, §5). Scope by categoryAlias (with subcategories), brandAlias, discountCampaignAlias or url; no scope = the whole catalogue. Default order LATEST.',
    args: {
      ...contextArgs,
      skip: t.arg.int({ description: 'Products to skip, 0..6000 (default 0).' }),
      take: t.arg.int({ description: 'Products to return, 0..200 (default and maximum 200).' }),
      brandAlias: t.arg.string({ description: 'Only products of this brand.' }),
      categoryAlias: t.arg.string({
        description: 'Only products in this category or its subcategories.',
      }),
      discountCampaignAlias: t.arg.string({
        description: 'Only products whose price this campaign lowers now.',
      }),
      url: t.arg.string({
        description:
          'A list page path: /c/…, /b/…, /dc/… or /l/{nyheter, rea, i-lager, mest-salda}.',
      }),
      filter: t.arg({ type: FilterInput, description: 'Filters and sort.' }),
    },
    resolve: async (_root, args, ctx, info) =>
      listProducts(ctx.db, await ctx.categoryTree(), await ctx.pricedShop(args), ctx.now, args, {
        withFilters: selectsField(info, 'filters'),
        newsWindowDays: ctx.config.catalog.newsWindowDays,
      }),
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
