/**
 * GraphQL types of the catalogue that products and list pages are made of (GEINS-API §4.2
 * catalogue types, §4.4 list pages): metadata, categories, brands, breadcrumbs, product parts
 * (texts, images, SKUs, parameters) and the product type references (their fields:
 * catalog.graphql.ts, pricing and inventory).
 */
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import {
  brandCanonicalUrl,
  categoryCanonicalUrl,
  type Breadcrumb,
  type BrandRecord,
  type CategoryRecord,
  type ProductImageRecord,
  type ProductNode,
  type ProductParameter,
  type ProductParameterGroup,
  type RelatedProductNode,
  type SkuRecord,
} from './catalog.service.ts';
import type { Metadata, PageInfo } from './list-pages.service.ts';

/** The deprecation reason of the `alternativeCanonicalUrls` fields. */
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

/**
 * `alternativeCanonicalUrls` (deprecated) and `alternativeUrls` of a page type (GEINS-API §4):
 * always empty, the shop has one URL per page and channel. Spread into the type's fields.
 */
export function emptyAlternativeUrlFields<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<ApiSchemaTypes, Parent>,
) {
  return {
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
  };
}

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
        'Router path of the category list page: `/c/{root}/{leaf}`, e.g. "/c/cyklar/elcyklar". With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: async (c, _args, ctx, info) =>
        ctx.pagePath(info, categoryCanonicalUrl(await ctx.categoryTree(), c.id)),
    }),
    ...emptyAlternativeUrlFields(t),
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
      description:
        'Router path of the brand list page: `/b/{alias}`. With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: (b, _args, ctx, info) => ctx.pagePath(info, brandCanonicalUrl(b)),
    }),
    ...emptyAlternativeUrlFields(t),
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
    url: t.string({
      description:
        'Router path of the category, e.g. "/c/cyklar". With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: (b, _args, ctx, info) => ctx.pagePath(info, b.url),
    }),
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

/** `ProductType`. */
export const ProductRef = builder.objectRef<ProductNode>('ProductType');
/** `RelatedProductType`. */
export const RelatedProductRef = builder.objectRef<RelatedProductNode>('RelatedProductType');

/** `PageInfoType`. */
export const PageInfoRef = builder.objectRef<PageInfo>('PageInfoType').implement({
  description: 'A list page (category, brand or discount campaign) (GEINS-API §4.4).',
  fields: (t) => ({
    id: t.exposeInt('id', {
      nullable: false,
      description: 'Page id (category, brand or campaign id); 0 for the site default.',
    }),
    alias: t.exposeString('alias', { nullable: false, description: 'Alias of the page.' }),
    canonicalUrl: t.string({
      description:
        'Router path: `/c/{root}/{leaf}`, `/b/{alias}`, `/dc/{alias}` or `/l/{alias}`; redirect when it differs. With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: (p, _args, ctx, info) =>
        p.canonicalUrl === null ? null : ctx.pagePath(info, p.canonicalUrl),
    }),
    ...emptyAlternativeUrlFields(t),
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
