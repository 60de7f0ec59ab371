/**
 * `getOrders` (GEINS-API §3.1: "needs Bearer"): the caller's own orders, newest first, through
 * the orders module's `listOrdersForCustomer`. Adds to `OrderType` (defined by checkout) the
 * order lines as `cart` (GEINS-API §4.6: "cart CartType (the order lines)") and the shipping
 * details with parcel number and tracking link (SPEC §3 Order: shipping method, tracking).
 */
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { CartRef } from '../cart/cart-types.graphql.ts';
import type { ProductRecord } from '../catalog/catalog.service.ts';
import {
  resolveShopContext,
  type CurrencyInfo,
  type PricedShopContext,
} from '../channel/channel.service.ts';
import { OrderRef } from '../checkout/checkout.graphql.ts';
import { orderCartView, productsByIds } from '../orders/order-cart.ts';
import {
  listOrdersForCustomer,
  shipmentsOfOrder,
  type OrderShipmentRecord,
  type OrderView,
} from '../orders/orders.service.ts';

/** Per request: the catalogue rows of order lines' products, batched over all orders shown. */
const productLoaders = new WeakMap<GraphQLContext, DataLoader<number, ProductRecord | null>>();

function productLoader(ctx: GraphQLContext): DataLoader<number, ProductRecord | null> {
  let loader = productLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids) => {
      const rows = await productsByIds(ctx.db, ids);
      return ids.map((id) => rows.get(id) ?? null);
    });
    productLoaders.set(ctx, loader);
  }
  return loader;
}

/**
 * The shop context an order's amounts are shown in: its market and language, with the order's
 * currency (also when the market has changed currency or is gone since).
 */
async function orderShop(ctx: GraphQLContext, view: OrderView): Promise<PricedShopContext> {
  const shop = resolveShopContext(await ctx.directory(), {
    marketId: view.order.marketId,
    languageId: view.order.languageId,
  });
  const code = view.order.currencyCode;
  const currency: CurrencyInfo =
    shop.market.currency?.code === code
      ? shop.market.currency
      : { code, name: code, symbol: code, rate: 1, minorUnits: 100 };
  return { ...shop, currency };
}

/** A `ShippingDetailType`: a parcel of the order, or the chosen method before anything shipped. */
interface ShippingDetail {
  view: OrderView;
  shipment: OrderShipmentRecord | null;
}

/** `ShippingDetailType` (GEINS-API §4.6). */
export const ShippingDetailRef = builder.objectRef<ShippingDetail>('ShippingDetailType').implement({
  description:
    'A parcel of an order with its tracking (GEINS-API §4.6). Before anything has shipped, one ' +
    'entry names the chosen shipping method, without parcel, date or link.',
  fields: (t) => ({
    id: t.int({
      nullable: false,
      description:
        'Shipment id; before shipping the negative order id (unique per order for caches).',
      resolve: (s) => s.shipment?.id ?? -s.view.order.id,
    }),
    name: t.string({
      nullable: false,
      description: 'Shipping method, e.g. "Leverans till ombud".',
      resolve: (s) => s.shipment?.shippingName ?? s.view.order.shippingName,
    }),
    shippingId: t.int({
      nullable: false,
      description: 'Shipping method id.',
      resolve: (s) => s.shipment?.shippingId ?? s.view.order.shippingId,
    }),
    parcelNumber: t.string({
      description: "The carrier's parcel number; null until the parcel is handed over.",
      resolve: (s) => s.shipment?.parcelNumber ?? null,
    }),
    shippingDate: t.field({
      type: 'DateTime',
      description: 'When the parcel was handed to the carrier; null until shipped.',
      resolve: (s) => s.shipment?.shippingDate ?? null,
    }),
    trackingLink: t.string({
      description:
        "The carrier's tracking page for the parcel (from the shipping method's template); " +
        'null until shipped and for methods without tracking (store pickup).',
      resolve: (s) => s.shipment?.trackingLink ?? null,
    }),
  }),
});

builder.objectFields(OrderRef, (t) => ({
  cart: t.field({
    type: CartRef,
    description:
      'The order lines as a completed cart (GEINS-API §4.6): items with the prices paid ' +
      '(copies made at purchase; `product` shows the name bought under) and a summary of the ' +
      "order's amounts in its currency.",
    resolve: async (view, _args, ctx) => {
      const found = await productLoader(ctx).loadMany(view.lines.map((l) => l.productId));
      const catalogue = new Map<number, ProductRecord>();
      for (const row of found) if (row && !(row instanceof Error)) catalogue.set(row.id, row);
      return orderCartView(view, catalogue, await orderShop(ctx, view));
    },
  }),
  shippingDetails: t.field({
    type: [ShippingDetailRef],
    description: "The order's parcels with tracking, or its shipping method before shipping.",
    resolve: async (view, _args, ctx) => {
      const shipments = view.shipments ?? (await shipmentsOfOrder(ctx.db, view.order.id));
      return shipments.length > 0
        ? shipments.map((shipment) => ({ view, shipment }))
        : [{ view, shipment: null }];
    },
  }),
}));

builder.queryField('getOrders', (t) =>
  t.field({
    type: [OrderRef],
    description:
      "The caller's orders, newest first (Bearer token required; GEINS-API §3.1). Errors: " +
      'UNAUTHENTICATED.',
    args: { ...contextArgs },
    resolve: async (_root, _args, ctx) => {
      const viewer = await ctx.requireViewer();
      return listOrdersForCustomer(ctx.db, viewer.customerId);
    },
  }),
);
