/**
 * The catalogue on the admin API (issue 26 "Catalogue and stock"): products (texts per language,
 * categories, brand, parameters, SKUs, prices per market incl. or excl. VAT, images), categories
 * and brands. Every mutation checks the role (catalogue:write; prices:write for prices), parses
 * with zod in the service (catalog-admin.input.ts) and runs in one transaction with its audit
 * entry. Reads need catalogue:read.
 */
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import {
  getAdminProduct,
  listAdminParameters,
  listAdminProducts,
  marketPriceOf,
} from '../../modules/catalog/catalog-admin-read.ts';
import {
  addProductImage,
  arrangeProductImages,
} from '../../modules/catalog/catalog-admin-images.service.ts';
import {
  listAdminBrands,
  listAdminCategories,
  saveBrand,
  saveCategory,
} from '../../modules/catalog/catalog-admin-taxonomy.service.ts';
import {
  createProduct,
  setProductPrices,
  updateProduct,
} from '../../modules/catalog/catalog-admin.service.ts';
import type {
  BrandInput as BrandInputValue,
  CategoryInput as CategoryInputValue,
  MarketPriceInput as MarketPriceInputValue,
  ProductInput as ProductInputValue,
} from '../../modules/catalog/catalog-admin.input.ts';
import { loadChannelDirectory } from '../../modules/channel/channel.service.ts';
import { mediaStorageOf } from '../../modules/media/media-storage.ts';
import { incVatOf } from '../../modules/pricing/price.ts';
import { invalidateReferenceData } from '../reference-data.ts';
import { adminBuilder } from './builder.ts';
import {
  BrandInput,
  BrandType,
  CatalogueMarketType,
  CategoryInput,
  CategoryType,
  ChoiceType,
  MarketPriceInput,
  MarketPriceType,
  ProductInput,
  ProductPageType,
  ProductType,
  isUpload,
} from './catalogue-types.graphql.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

/** `value` without null fields (GraphQL sends null for an omitted optional input field). */
function withoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutNulls) as T;
  if (value === null || typeof value !== 'object' || isUpload(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  ) as T;
}

/** The write options of the request: who and when. */
function writeOptions(ctx: AdminContext) {
  return { actor: actorOf(ctx), now: ctx.now };
}

const idArg = z.object({ id: z.number().int().positive() });
const pageArgs = z.object({
  search: z.string().max(200).nullish(),
  skip: z.number().int().min(0).max(1_000_000).default(0),
  take: z.number().int().min(1).max(200).default(50),
});

/** Drops the shop's cached category tree in this process after a taxonomy change. */
function taxonomyChanged(db: Database): void {
  invalidateReferenceData(db);
}

adminBuilder.queryFields((t) => ({
  adminProducts: t.field({
    type: ProductPageType,
    description: 'Products by name, article number or alias, newest first (catalogue:read).',
    args: { search: t.arg.string(), skip: t.arg.int(), take: t.arg.int() },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      const input = parseInput(pageArgs, withoutNulls(args));
      return listAdminProducts(ctx.db, { ...input, search: input.search ?? undefined });
    },
  }),
  adminProduct: t.field({
    type: ProductType,
    nullable: true,
    description: 'One product, null when unknown (catalogue:read).',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      return getAdminProduct(ctx.db, parseInput(idArg, args).id);
    },
  }),
  adminCategories: t.field({
    type: [CategoryType],
    description: 'Every category (catalogue:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      return listAdminCategories(ctx.db);
    },
  }),
  adminBrands: t.field({
    type: [BrandType],
    description: 'Every brand by name (catalogue:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      return listAdminBrands(ctx.db);
    },
  }),
  catalogueMarkets: t.field({
    type: [CatalogueMarketType],
    description: 'Every market with its currency and standard VAT rate (catalogue:read).',
    resolve: async (_root, _args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      const directory = await loadChannelDirectory(ctx.db);
      return directory.channels
        .flatMap((c) => c.allMarkets)
        .filter((m) => !m.virtual)
        .map((m) => ({
          id: m.id,
          name: m.country.name,
          currencyCode: m.currency?.code ?? null,
          vatRateBasisPoints: m.vatRateBasisPoints,
          active: m.active,
        }));
    },
  }),
  catalogueLanguages: t.field({
    type: [ChoiceType],
    description: "The shop's languages, the default one first (catalogue:read).",
    resolve: async (_root, _args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      const channel = (await loadChannelDirectory(ctx.db)).channels[0];
      if (!channel) return [];
      const languages = [...channel.languages].sort(
        (a, b) =>
          Number(b.id === channel.defaultLanguageId) - Number(a.id === channel.defaultLanguageId),
      );
      return languages.map((l) => ({ id: l.id, name: l.name }));
    },
  }),
  catalogueParameters: t.field({
    type: [ChoiceType],
    description: 'The parameters (specification rows) a product can have (catalogue:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'catalogue', 'read');
      return listAdminParameters(ctx.db);
    },
  }),
  vatBreakdown: t.field({
    type: MarketPriceType,
    description:
      'The incl./excl. VAT split of an amount entered for a market, by the shop’s VAT rule ' +
      '(prices:read). BAD_USER_INPUT for an unknown market or one without a currency.',
    args: { price: t.arg({ type: MarketPriceInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      const price = parseInput(
        z.object({
          marketId: z.string().max(40),
          amount: z.number().int().min(0).max(100_000_000),
          vatMode: z.enum(['incVat', 'exVat']).default('incVat'),
          vatRateBasisPoints: z.number().int().min(0).max(10_000).optional(),
        }),
        withoutNulls(args.price),
      );
      const directory = await loadChannelDirectory(ctx.db);
      const market = directory.channels
        .flatMap((c) => c.allMarkets)
        .find((m) => m.id === price.marketId);
      if (!market?.currency) throw badUserInput('Marknaden finns inte', 'marketId');
      const rate = price.vatRateBasisPoints ?? market.vatRateBasisPoints;
      const incVat = price.vatMode === 'exVat' ? incVatOf(price.amount, rate) : price.amount;
      return marketPriceOf(market.id, market.currency.code, incVat, rate);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  createProduct: t.field({
    type: ProductType,
    description:
      'Creates a product (catalogue:write; with prices also prices:write). BAD_USER_INPUT with ' +
      'a Swedish message and `argument` naming the field.',
    args: { input: t.arg({ type: ProductInput, required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const input = withoutNulls(args.input) as ProductInputValue;
      if (input.prices) requireStaff(ctx, 'prices', 'write');
      return createProduct(ctx.db, input, writeOptions(ctx));
    },
  }),
  updateProduct: t.field({
    type: ProductType,
    description:
      'Replaces a product (catalogue:write; with prices also prices:write). NOT_FOUND for an ' +
      'unknown id; an alias change keeps the old URL as a 301.',
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: ProductInput, required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const { id } = parseInput(idArg, { id: args.id });
      const input = withoutNulls(args.input) as ProductInputValue;
      if (input.prices) requireStaff(ctx, 'prices', 'write');
      return updateProduct(ctx.db, id, input, writeOptions(ctx));
    },
  }),
  setProductPrices: t.field({
    type: ProductType,
    description:
      "Sets a product's prices per market, entered incl. or excl. VAT (prices:write); markets " +
      'not listed lose their price.',
    args: {
      productId: t.arg.int({ required: true }),
      prices: t.arg({ type: [MarketPriceInput], required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { id } = parseInput(idArg, { id: args.productId });
      return setProductPrices(
        ctx.db,
        id,
        withoutNulls(args.prices) as MarketPriceInputValue[],
        writeOptions(ctx),
      );
    },
  }),
  uploadProductImage: t.field({
    type: ProductType,
    description:
      'Adds an image (multipart upload; JPEG, PNG, WebP or AVIF, at most 15 MB, at least ' +
      '200×200 px), resized to 400x400 and 800x800 (catalogue:write).',
    args: {
      productId: t.arg.int({ required: true }),
      file: t.arg({ type: 'File', required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const { id } = parseInput(idArg, { id: args.productId });
      const body = Buffer.from(await args.file.arrayBuffer());
      await addProductImage(ctx.db, mediaStorageOf(ctx.config), id, body, actorOf(ctx));
      return (await getAdminProduct(ctx.db, id))!;
    },
  }),
  arrangeProductImages: t.field({
    type: ProductType,
    description: "Sets the product's images to these file names in this order (catalogue:write).",
    args: {
      productId: t.arg.int({ required: true }),
      fileNames: t.arg.stringList({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const input = parseInput(
        z.object({
          productId: z.number().int().positive(),
          fileNames: z.array(z.string().max(200)).max(30),
        }),
        args,
      );
      await arrangeProductImages(ctx.db, input.productId, input.fileNames, actorOf(ctx));
      return (await getAdminProduct(ctx.db, input.productId))!;
    },
  }),
  saveCategory: t.field({
    type: CategoryType,
    description:
      'Creates (without id) or changes a category: name, alias, parent, order (catalogue:write).',
    args: { id: t.arg.int(), input: t.arg({ type: CategoryInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const id = args.id == null ? null : parseInput(idArg, { id: args.id }).id;
      const category = await saveCategory(
        ctx.db,
        id,
        withoutNulls(args.input) as CategoryInputValue,
        actorOf(ctx),
      );
      taxonomyChanged(ctx.db);
      return category;
    },
  }),
  saveBrand: t.field({
    type: BrandType,
    description: 'Creates (without id) or changes a brand (catalogue:write).',
    args: { id: t.arg.int(), input: t.arg({ type: BrandInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'catalogue', 'write');
      const id = args.id == null ? null : parseInput(idArg, { id: args.id }).id;
      const brand = await saveBrand(
        ctx.db,
        id,
        withoutNulls(args.input) as BrandInputValue,
        actorOf(ctx),
      );
      taxonomyChanged(ctx.db);
      return brand;
    },
  }),
}));
