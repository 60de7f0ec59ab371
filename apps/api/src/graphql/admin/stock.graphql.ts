/**
 * Stock on the admin API (issue 26 "Stock per SKU and store"): `stockSearch`, `stockItem`,
 * `stockHistory`, `stockStores` (stock:read) and `adjustStock`, `setIncomingDate` (stock:write).
 * Inputs are parsed with zod (the services' schemas); the services run each change in one
 * transaction with its history row and audit entry.
 */
import { z } from 'zod';
import { ShopError } from '../../errors.ts';
import { listStores, type StoreRecord } from '../../modules/inventory/inventory.service.ts';
import { STOCK_REASONS } from '../../modules/inventory/inventory.tables.ts';
import {
  adjustStock,
  incomingDateSchema,
  setIncomingDate,
  stockAdjustmentSchema,
  type StockAdjustmentOutcome,
} from '../../modules/inventory/stock-admin.service.ts';
import {
  listStockAdjustments,
  MAX_STOCK_SEARCH,
  searchStock,
  stockItemsBySkuIds,
  type StockAdjustmentRecord,
  type StockItem,
  type StoreStockLevel,
} from '../../modules/inventory/stock-search.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

const StockReasonEnum = adminBuilder.enumType('StockReason', {
  description:
    'Why stock changed: inleverans (delivery received), inventering (stock count), svinn ' +
    '(shrinkage: lost, broken, stolen), retur (customer return), korrigering (correction).',
  values: STOCK_REASONS,
});

const StoreType = adminBuilder.objectRef<StoreRecord>('StockStore').implement({
  description: 'A physical store whose shelf stock can be adjusted.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    alias: t.exposeString('alias'),
    name: t.exposeString('name'),
    city: t.exposeString('city'),
  }),
});

const StoreStockType = adminBuilder.objectRef<StoreStockLevel>('StoreStockLevel').implement({
  description: "Units of a SKU on one store's shelf.",
  fields: (t) => ({
    storeId: t.exposeInt('storeId'),
    alias: t.exposeString('alias'),
    name: t.exposeString('name'),
    quantity: t.exposeInt('quantity'),
  }),
});

const StockItemType = adminBuilder.objectRef<StockItem>('StockItem').implement({
  description:
    'A SKU with its product, its web stock (units; the status the storefront shows, SPEC §4) ' +
    'and its units in every store.',
  fields: (t) => ({
    skuId: t.exposeInt('skuId'),
    articleNumber: t.exposeString('articleNumber', { description: "The SKU's article number." }),
    ean: t.exposeString('ean', { nullable: true, description: 'EAN/GTIN.' }),
    size: t.exposeString('size', { description: 'The size label.' }),
    productId: t.exposeInt('productId'),
    productName: t.exposeString('productName'),
    productArticleNumber: t.exposeString('productArticleNumber'),
    productAlias: t.exposeString('productAlias'),
    productActive: t.exposeBoolean('productActive'),
    inStock: t.exposeInt('inStock', { description: 'Units in the web warehouse.' }),
    oversellable: t.exposeInt('oversellable', { description: "Units on a supplier's stock." }),
    static: t.exposeInt('static', { description: 'Units always sellable.' }),
    totalStock: t.exposeInt('totalStock', { description: 'inStock + oversellable + static.' }),
    incoming: t.exposeString('incoming', {
      nullable: true,
      description: 'Expected restock date (yyyy-mm-dd), or null.',
    }),
    status: t.exposeString('status', {
      description: 'in-stock, few-left, out-of-stock, oversellable or static (SPEC §4).',
    }),
    stores: t.field({ type: [StoreStockType], resolve: (item) => item.stores }),
  }),
});

const StockAdjustmentType = adminBuilder
  .objectRef<StockAdjustmentRecord>('StockAdjustment')
  .implement({
    description: 'One change of stock: where, why, from how many to how many, by whom.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      at: t.expose('at', { type: 'DateTime' }),
      skuId: t.exposeInt('skuId'),
      storeId: t.exposeInt('storeId', { nullable: true, description: 'Null: the web stock.' }),
      storeName: t.exposeString('storeName', { nullable: true }),
      reason: t.field({ type: StockReasonEnum, resolve: (a) => a.reason as StockReasonCode }),
      quantityBefore: t.exposeInt('quantityBefore'),
      quantityAfter: t.exposeInt('quantityAfter'),
      change: t.exposeInt('change'),
      note: t.exposeString('note'),
      staffEmail: t.exposeString('staffEmail', { nullable: true }),
    }),
  });

type StockReasonCode = (typeof STOCK_REASONS)[number];

interface AdjustResult extends StockAdjustmentOutcome {
  item: StockItem;
}

const AdjustResultType = adminBuilder.objectRef<AdjustResult>('StockAdjustmentResult').implement({
  description: 'The SKU after an adjustment, and what the adjustment did.',
  fields: (t) => ({
    item: t.field({ type: StockItemType, resolve: (r) => r.item }),
    adjustmentId: t.exposeInt('adjustmentId'),
    quantityBefore: t.exposeInt('quantityBefore'),
    quantityAfter: t.exposeInt('quantityAfter'),
    backInStockMails: t.exposeInt('backInStockMails', {
      description: 'Back-in-stock mails queued (the web stock rose from 0).',
    }),
  }),
});

const AdjustStockInput = adminBuilder.inputType('AdjustStockInput', {
  description:
    'An adjustment: exactly one of `change` (units added, negative to remove) or `quantity` ' +
    '(the new count). `storeId` null adjusts the web stock, otherwise that store.',
  fields: (t) => ({
    skuId: t.int({ required: true }),
    storeId: t.int({ required: false }),
    change: t.int({ required: false }),
    quantity: t.int({ required: false }),
    reason: t.field({ type: StockReasonEnum, required: true }),
    note: t.string({ required: false }),
  }),
});

/** The SKU's stock view. @throws ShopError NOT_FOUND */
async function itemOf(ctx: AdminContext, skuId: number): Promise<StockItem> {
  const [item] = await stockItemsBySkuIds(ctx.db, [skuId]);
  if (!item) throw new ShopError('NOT_FOUND', 'SKU not found', { argument: 'skuId' });
  return item;
}

const idSchema = z.number().int().positive();

adminBuilder.queryFields((t) => ({
  stockSearch: t.field({
    type: [StockItemType],
    description:
      'SKUs by article number (prefix), EAN (exact) or product name (contains), exact matches ' +
      `first (stock:read); take 1–${MAX_STOCK_SEARCH}.`,
    args: {
      query: t.arg.string({ required: true }),
      take: t.arg.int({ required: false, defaultValue: 20 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'read');
      const input = parseInput(
        z.object({
          query: z.string().max(200),
          take: z.number().int().min(1).max(MAX_STOCK_SEARCH).nullish(),
        }),
        args,
      );
      return searchStock(ctx.db, input.query, input.take ?? 20);
    },
  }),
  stockItem: t.field({
    type: StockItemType,
    nullable: true,
    description: "One SKU's stock (stock:read); null for an unknown id.",
    args: { skuId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'read');
      const input = parseInput(z.object({ skuId: idSchema }), args);
      return (await stockItemsBySkuIds(ctx.db, [input.skuId]))[0] ?? null;
    },
  }),
  stockHistory: t.field({
    type: [StockAdjustmentType],
    description: "A SKU's adjustments, newest first (stock:read); take 1–200.",
    args: {
      skuId: t.arg.int({ required: true }),
      take: t.arg.int({ required: false, defaultValue: 20 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'read');
      const input = parseInput(
        z.object({ skuId: idSchema, take: z.number().int().min(1).max(200).nullish() }),
        args,
      );
      return listStockAdjustments(ctx.db, input.skuId, input.take ?? 20);
    },
  }),
  stockStores: t.field({
    type: [StoreType],
    description: 'Every store, in order (stock:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'stock', 'read');
      return listStores(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  adjustStock: t.field({
    type: AdjustResultType,
    description:
      "Adjusts a SKU's web stock or a store's shelf with a reason (stock:write), recorded in " +
      'the stock history and the audit log. Raising the web stock from nothing sellable queues ' +
      'the back-in-stock mails. Errors: BAD_USER_INPUT (both or neither of change/quantity, ' +
      'change 0, below 0: `argument` names the field), NOT_FOUND (SKU or store).',
    args: { input: t.arg({ type: AdjustStockInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'write');
      const input = parseInput(stockAdjustmentSchema, args.input);
      const outcome = await adjustStock(ctx.db, input, actorOf(ctx), ctx.now);
      return { ...outcome, item: await itemOf(ctx, outcome.skuId) };
    },
  }),
  setIncomingDate: t.field({
    type: StockItemType,
    description:
      "Sets the SKU's expected restock date (yyyy-mm-dd), or clears it with null " +
      '(stock:write). Errors: BAD_USER_INPUT (not a date), NOT_FOUND.',
    args: {
      skuId: t.arg.int({ required: true }),
      incoming: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'stock', 'write');
      const input = parseInput(incomingDateSchema, {
        skuId: args.skuId,
        incoming: args.incoming ?? null,
      });
      await setIncomingDate(ctx.db, input, actorOf(ctx), ctx.now);
      return itemOf(ctx, input.skuId);
    },
  }),
}));
