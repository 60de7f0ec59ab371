/**
 * GraphQL type of stock (GEINS-API §4.2 StockType; SPEC §3 Stock) and the stock fields of SKUs
 * and products. Statuses and delivery times are computed by clients with `stock-status.ts`.
 */
import { builder } from '../../graphql/builder.ts';
import { ProductRef, SkuRef, VariantRef } from '../catalog/catalog.graphql.ts';
import {
  listStores,
  sumStock,
  toStockView,
  type StoreRecord,
  type SkuStoreStockRecord,
  type StockView,
} from './inventory.service.ts';

/** `StockType`. */
export const StockRef = builder.objectRef<StockView>('StockType').implement({
  description:
    'Stock in units (GEINS-API §4.2). Status (SPEC §4): few left when 1..5 in stock, static when only static units, oversellable when only supplier stock.',
  fields: (t) => ({
    totalStock: t.exposeInt('totalStock', {
      nullable: false,
      description: 'Sellable units: inStock + oversellable + static.',
    }),
    inStock: t.exposeInt('inStock', { nullable: false, description: 'Units in the warehouse.' }),
    oversellable: t.exposeInt('oversellable', {
      nullable: false,
      description: "Units sellable from a supplier's stock (3-10 days delivery).",
    }),
    static: t.exposeInt('static', { description: 'Units always sellable.' }),
    incoming: t.field({
      type: 'DateTime',
      deprecationReason: 'Use SkuType.incoming instead.',
      description: 'Restock date (yyyy-mm-dd), earliest over the SKUs for a product.',
      resolve: (s) => s.incoming,
    }),
    shelf: t.string({
      deprecationReason: 'Use SkuType.shelf instead.',
      description: 'Shelf location (not used: null).',
      resolve: () => null,
    }),
  }),
});

/** `SkuStoreStockType` (shop extension, not in the Geins contract). */
export const SkuStoreStockRef = builder
  .objectRef<SkuStoreStockRecord>('SkuStoreStockType')
  .implement({
    description:
      'Shop extension (not in the Geins contract): units of a SKU on the shelves of one of the shop\'s physical stores (issue 14: "Finns i butik" on the product page).',
    fields: (t) => ({
      alias: t.exposeString('alias', {
        nullable: false,
        description: 'Store alias, as the pickupPoint of store pickup, e.g. "malmo".',
      }),
      name: t.exposeString('name', {
        nullable: false,
        description: 'Store name, e.g. "Trampa Malmö Davidshall".',
      }),
      city: t.exposeString('city', { nullable: false, description: 'City, e.g. "Malmö".' }),
      quantity: t.exposeInt('quantity', {
        nullable: false,
        description: 'Units on the shelf now (at least 1).',
      }),
    }),
  });

builder.objectFields(SkuRef, (t) => ({
  storeStock: t.field({
    type: [SkuStoreStockRef],
    nullable: false,
    description:
      'Shop extension (not in the Geins contract): the stores that have this SKU on their shelves, with units, in store order; empty when none has it.',
    resolve: (s, _args, ctx) => ctx.loaders.storeStock.load(s.id),
  }),
  stock: t.field({
    type: StockRef,
    description: 'Stock of this SKU.',
    resolve: async (s, _args, ctx) => toStockView(await ctx.loaders.stock.load(s.id)),
  }),
  incoming: t.field({
    type: 'DateTime',
    description: 'Restock date (yyyy-mm-dd), when known.',
    resolve: async (s, _args, ctx) => (await ctx.loaders.stock.load(s.id))?.incoming ?? null,
  }),
}));

builder.objectField(ProductRef, 'totalStock', (t) =>
  t.field({
    type: StockRef,
    description: "Stock summed over the product's SKUs.",
    resolve: async (p, _args, ctx) => (await ctx.loaders.productStock.load(p.id)) ?? sumStock([]),
  }),
);

builder.objectFields(VariantRef, (t) => ({
  stock: t.field({
    type: StockRef,
    description:
      "Stock of the node: the SKU's (level 0), or summed over the product's SKUs (level 1).",
    resolve: async (n, _args, ctx) =>
      n.level === 0
        ? toStockView(await ctx.loaders.stock.load(n.sku.id))
        : ((await ctx.loaders.productStock.load(n.product.id)) ?? sumStock([])),
  }),
  incoming: t.field({
    type: 'DateTime',
    description:
      "Restock date (yyyy-mm-dd), when known: the SKU's, or the earliest of the product's SKUs.",
    resolve: async (n, _args, ctx) =>
      n.level === 0
        ? ((await ctx.loaders.stock.load(n.sku.id))?.incoming ?? null)
        : ((await ctx.loaders.productStock.load(n.product.id))?.incoming ?? null),
  }),
}));

/** `StoreType` (shop extension, not in the Geins contract). */
export const StoreRef = builder.objectRef<StoreRecord>('StoreType').implement({
  description:
    "Shop extension (not in the Geins contract): one of the shop's physical stores with its address and opening hours (issue 20: the stores page and its schema.org Store data).",
  fields: (t) => ({
    alias: t.exposeString('alias', { nullable: false, description: 'Store alias, e.g. "malmo".' }),
    name: t.exposeString('name', {
      nullable: false,
      description: 'Store name, e.g. "Trampa Malmö Davidshall".',
    }),
    address: t.exposeString('address', {
      nullable: false,
      description: 'Street address, e.g. "Davidshallsgatan 12".',
    }),
    zip: t.exposeString('zip', { nullable: false, description: 'Postal code, e.g. "211 45".' }),
    city: t.exposeString('city', { nullable: false, description: 'City, e.g. "Malmö".' }),
    openingHours: t.exposeString('openingHours', {
      nullable: false,
      description: 'Opening hours as Swedish text, e.g. "Mån–fre 10–18, lör 10–15, sön 12–16".',
    }),
  }),
});

builder.queryFields((t) => ({
  stores: t.field({
    type: [StoreRef],
    nullable: false,
    description:
      "Shop extension (not in the Geins contract): the shop's physical stores, in store order.",
    resolve: (_root, _args, ctx) => listStores(ctx.db),
  }),
}));
