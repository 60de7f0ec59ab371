/**
 * The catalogue's types on the admin API (issue 26 "Catalogue and stock"): products as the back
 * office edits them, their inputs, categories, brands, markets with their VAT, languages and
 * parameters. Root fields are in catalogue.graphql.ts.
 */
import { GraphQLScalarType } from 'graphql/index.js';
import type {
  AdminMarketPrice,
  AdminProduct,
  AdminProductSummary,
  AdminProductText,
  AdminSku,
} from '../../modules/catalog/catalog-admin-read.ts';
import type {
  AdminBrand,
  AdminCategory,
} from '../../modules/catalog/catalog-admin-taxonomy.service.ts';
import { formatMoney } from '../../modules/pricing/money.ts';
import { adminBuilder } from './builder.ts';
import { readableIn } from './guard.ts';

/** True for an uploaded file: an object with `arrayBuffer()` and a `size`. */
export function isUpload(value: unknown): value is File {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as File).arrayBuffer === 'function' &&
    typeof (value as File).size === 'number'
  );
}

/** An uploaded file (GraphQL multipart request); input only. */
adminBuilder.addScalarType(
  'File',
  new GraphQLScalarType<File, never>({
    name: 'File',
    description: 'A file sent with a multipart request (input only).',
    serialize: () => {
      throw new TypeError('File is an input type');
    },
    parseValue: (value) => {
      // Yoga hands over its fetch implementation's File (not always the global class).
      if (isUpload(value)) return value;
      throw new TypeError('File expects a multipart upload');
    },
  }),
);

const ProductTextType = adminBuilder.objectRef<AdminProductText>('AdminProductText').implement({
  description: 'A product name and texts in one language.',
  fields: (t) => ({
    languageId: t.exposeString('languageId', { description: 'E.g. `sv-SE`.' }),
    name: t.exposeString('name'),
    shortText: t.exposeString('shortText', { description: 'Short text (text2).' }),
    description: t.exposeString('description', { description: 'Main description (text1).' }),
    extraText: t.exposeString('extraText', { description: 'Extra text (text3).' }),
  }),
});

const SkuType = adminBuilder.objectRef<AdminSku>('AdminSku').implement({
  description:
    'A SKU: a size with its article number and EAN, its weight and packed size (0 = unknown).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    articleNumber: t.exposeString('articleNumber'),
    size: t.exposeString('size'),
    ean: t.exposeString('ean', { nullable: true }),
    weight: t.exposeInt('weight', { description: 'Grams; 0 = unknown.' }),
    lengthMm: t.exposeInt('lengthMm', { description: 'Packed length, millimetres; 0 = unknown.' }),
    widthMm: t.exposeInt('widthMm', { description: 'Packed width, millimetres; 0 = unknown.' }),
    heightMm: t.exposeInt('heightMm', { description: 'Packed height, millimetres; 0 = unknown.' }),
  }),
});

const MarketPriceType = adminBuilder.objectRef<AdminMarketPrice>('AdminMarketPrice').implement({
  description:
    'A regular price in a market in minor units (öre), incl. and excl. VAT and the VAT it holds ' +
    '(pricing/price.ts, ADR 002).',
  fields: (t) => ({
    marketId: t.exposeString('marketId'),
    currencyCode: t.exposeString('currencyCode'),
    priceIncVat: t.exposeInt('priceIncVat'),
    priceExVat: t.exposeInt('priceExVat'),
    vat: t.exposeInt('vat'),
    vatRateBasisPoints: t.exposeInt('vatRateBasisPoints', { description: '2500 = 25 %.' }),
    priceIncVatFormatted: t.string({
      resolve: (p) => formatMoney(p.priceIncVat, p.currencyCode, 'sv-SE'),
    }),
    priceExVatFormatted: t.string({
      resolve: (p) => formatMoney(p.priceExVat, p.currencyCode, 'sv-SE'),
    }),
    vatFormatted: t.string({ resolve: (p) => formatMoney(p.vat, p.currencyCode, 'sv-SE') }),
  }),
});

/** The VAT split of a price (also the answer of `vatBreakdown`). */
export { MarketPriceType };

const ParameterValueType = adminBuilder
  .objectRef<{ parameterId: number; value: string }>('AdminParameterValue')
  .implement({
    fields: (t) => ({
      parameterId: t.exposeInt('parameterId'),
      value: t.exposeString('value'),
    }),
  });

/** A product as the back office edits it. */
export const ProductType = adminBuilder.objectRef<AdminProduct>('AdminProduct').implement({
  description: 'A product as the back office edits it (issue 26).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    articleNumber: t.exposeString('articleNumber'),
    alias: t.exposeString('alias'),
    brandId: t.exposeInt('brandId'),
    primaryCategoryId: t.exposeInt('primaryCategoryId'),
    categoryIds: t.exposeIntList('categoryIds', { description: 'The primary one first.' }),
    published: t.exposeBoolean('published'),
    leasable: t.exposeBoolean('leasable'),
    weight: t.exposeInt('weight', { description: 'Grams.' }),
    metaTitle: t.exposeString('metaTitle', { nullable: true }),
    metaDescription: t.exposeString('metaDescription', { nullable: true }),
    texts: t.field({ type: [ProductTextType], resolve: (p) => p.texts }),
    parameters: t.field({ type: [ParameterValueType], resolve: (p) => p.parameters }),
    skus: t.field({ type: [SkuType], resolve: (p) => p.skus }),
    prices: t.field({
      type: [MarketPriceType],
      nullable: true,
      description:
        'The regular price in each market that has one (prices:read): null for a role that may ' +
        'not read prices (a content editor), the rest of the product as it is.',
      resolve: (p, _args, ctx) => readableIn(ctx, 'prices', p.prices),
    }),
    images: t.exposeStringList('images', {
      description: 'Image file names; URL `/img/product/{400x400|800x800|raw}/{fileName}`.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ProductSummaryType = adminBuilder
  .objectRef<AdminProductSummary>('AdminProductSummary')
  .implement({
    fields: (t) => ({
      id: t.exposeInt('id'),
      articleNumber: t.exposeString('articleNumber'),
      alias: t.exposeString('alias'),
      name: t.exposeString('name'),
      published: t.exposeBoolean('published'),
    }),
  });

/** A page of products. */
export const ProductPageType = adminBuilder
  .objectRef<{ items: AdminProductSummary[]; total: number }>('AdminProductPage')
  .implement({
    fields: (t) => ({
      items: t.field({ type: [ProductSummaryType], resolve: (p) => p.items }),
      total: t.exposeInt('total'),
    }),
  });

/** A category of the tree. */
export const CategoryType = adminBuilder.objectRef<AdminCategory>('AdminCategory').implement({
  description: 'A category; `parentId` null for a root; `sortOrder` among its siblings.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    parentId: t.exposeInt('parentId', { nullable: true }),
    name: t.exposeString('name'),
    alias: t.exposeString('alias'),
    sortOrder: t.exposeInt('sortOrder'),
    description: t.exposeString('description'),
    hidden: t.exposeBoolean('hidden'),
  }),
});

/** A brand. */
export const BrandType = adminBuilder.objectRef<AdminBrand>('AdminBrand').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    alias: t.exposeString('alias'),
    description: t.exposeString('description'),
  }),
});

/** A market as the price form needs it. */
export interface CatalogueMarket {
  id: string;
  name: string;
  currencyCode: string | null;
  vatRateBasisPoints: number;
  active: boolean;
}

/** A market with its currency and standard VAT rate. */
export const CatalogueMarketType = adminBuilder
  .objectRef<CatalogueMarket>('CatalogueMarket')
  .implement({
    fields: (t) => ({
      id: t.exposeString('id', { description: 'E.g. `SE|SEK`.' }),
      name: t.exposeString('name', { description: 'The country, e.g. "Sverige".' }),
      currencyCode: t.exposeString('currencyCode', { nullable: true }),
      vatRateBasisPoints: t.exposeInt('vatRateBasisPoints'),
      active: t.exposeBoolean('active'),
    }),
  });

/** A language or parameter choice: id and name. */
export const ChoiceType = adminBuilder
  .objectRef<{ id: string; name: string }>('CatalogueChoice')
  .implement({
    fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name') }),
  });

const ProductTextInput = adminBuilder.inputType('ProductTextInput', {
  fields: (t) => ({
    languageId: t.string({ required: true }),
    name: t.string({ required: true }),
    shortText: t.string(),
    description: t.string(),
    extraText: t.string(),
  }),
});

const SkuInput = adminBuilder.inputType('SkuInput', {
  description: 'A SKU; an existing one is matched by `id`, else by its article number.',
  fields: (t) => ({
    id: t.int(),
    articleNumber: t.string({ required: true }),
    size: t.string({ required: true }),
    ean: t.string({ description: 'EAN-8/UPC/EAN-13/GTIN-14 with a correct check digit.' }),
    weight: t.int({ description: 'Grams, 0–1 000 000; 0 or omitted = unknown.' }),
    lengthMm: t.int({
      description: 'Packed length, millimetres, 0–5 000; 0 or omitted = unknown.',
    }),
    widthMm: t.int({ description: 'Packed width, millimetres, 0–5 000; 0 or omitted = unknown.' }),
    heightMm: t.int({
      description: 'Packed height, millimetres, 0–5 000; 0 or omitted = unknown.',
    }),
  }),
});

const VatModeEnum = adminBuilder.enumType('VatMode', {
  description: 'Whether an entered amount includes VAT (`incVat`) or not (`exVat`).',
  values: ['incVat', 'exVat'] as const,
});

/** A price in a market as entered. */
export const MarketPriceInput = adminBuilder.inputType('MarketPriceInput', {
  fields: (t) => ({
    marketId: t.string({ required: true }),
    amount: t.int({ required: true, description: 'Minor units (öre).' }),
    vatMode: t.field({ type: VatModeEnum, description: 'Default incVat.' }),
    vatRateBasisPoints: t.int({ description: "Default: the market's standard rate." }),
  }),
});

const ParameterValueInput = adminBuilder.inputType('ParameterValueInput', {
  fields: (t) => ({
    parameterId: t.int({ required: true }),
    value: t.string({ required: true }),
  }),
});

/** A whole product (catalog-admin.input.ts `productInputSchema`). */
export const ProductInput = adminBuilder.inputType('ProductInput', {
  description:
    'A product: texts must include the default language; `prices` omitted keeps the stored ' +
    'prices, given it replaces them (needs prices:write).',
  fields: (t) => ({
    articleNumber: t.string({ required: true }),
    alias: t.string({ required: true }),
    brandId: t.int({ required: true }),
    primaryCategoryId: t.int({ required: true }),
    categoryIds: t.intList(),
    published: t.boolean(),
    leasable: t.boolean(),
    weight: t.int(),
    metaTitle: t.string(),
    metaDescription: t.string(),
    texts: t.field({ type: [ProductTextInput], required: true }),
    parameters: t.field({ type: [ParameterValueInput] }),
    skus: t.field({ type: [SkuInput], required: true }),
    prices: t.field({ type: [MarketPriceInput] }),
  }),
});

/** A category as entered. */
export const CategoryInput = adminBuilder.inputType('CategoryInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    alias: t.string({ required: true }),
    parentId: t.int(),
    sortOrder: t.int(),
    description: t.string(),
    hidden: t.boolean(),
  }),
});

/** A brand as entered. */
export const BrandInput = adminBuilder.inputType('BrandInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    alias: t.string({ required: true }),
    description: t.string(),
  }),
});
