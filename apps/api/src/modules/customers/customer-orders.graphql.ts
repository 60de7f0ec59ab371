/**
 * `getOrders` (GEINS-API §3.1: "needs Bearer"): the caller's own orders, newest first, through
 * the orders module's `listOrdersForCustomer`. Adds to `OrderType` (defined by checkout) the
 * order lines and the shipping details the account's order page shows (SPEC §3 Order: lines,
 * shipping method, tracking).
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { OrderRef } from '../checkout/checkout.graphql.ts';
import { listOrdersForCustomer, type OrderView } from '../orders/orders.service.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';

type OrderLine = { view: OrderView; line: OrderView['lines'][number] };

const money = (view: OrderView, minor: number) => minorToDecimal(minor, view.order.currencyCode);
const formatted = (view: OrderView, minor: number) =>
  formatMoney(minor, view.order.currencyCode, view.order.languageId || 'sv-SE');

/** `OrderLineType` (extension: Geins exposes order lines as `cart`). */
export const OrderLineRef = builder.objectRef<OrderLine>('OrderLineType').implement({
  description:
    'A line of a placed order with the copies made at purchase (extension of GEINS-API §4.6; ' +
    'amounts in kronor incl. VAT, formatted for the order language).',
  fields: (t) => ({
    productId: t.int({
      nullable: false,
      description: 'Product id.',
      resolve: (l) => l.line.productId,
    }),
    skuId: t.int({ nullable: false, description: 'SKU id.', resolve: (l) => l.line.skuId }),
    articleNumber: t.string({
      nullable: false,
      description: 'Article number of the SKU.',
      resolve: (l) => l.line.skuArticleNumber || l.line.articleNumber,
    }),
    name: t.string({ nullable: false, description: 'Product name.', resolve: (l) => l.line.name }),
    skuName: t.string({
      nullable: false,
      description: 'Variant (e.g. size) name.',
      resolve: (l) => l.line.skuName,
    }),
    brand: t.string({
      nullable: false,
      description: 'Brand name.',
      resolve: (l) => l.line.brandName,
    }),
    quantity: t.int({ nullable: false, description: 'Quantity.', resolve: (l) => l.line.quantity }),
    unitPriceIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Unit price paid incl. VAT, kronor (before cart discounts).',
      resolve: (l) => money(l.view, l.line.unitPriceIncVat),
    }),
    unitPriceIncVatFormatted: t.string({
      nullable: false,
      description: 'Unit price formatted, e.g. "1 299 kr".',
      resolve: (l) => formatted(l.view, l.line.unitPriceIncVat),
    }),
    totalIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Line total after every discount incl. VAT, kronor.',
      resolve: (l) => money(l.view, l.line.totalIncVat),
    }),
    totalIncVatFormatted: t.string({
      nullable: false,
      description: 'Line total formatted.',
      resolve: (l) => formatted(l.view, l.line.totalIncVat),
    }),
  }),
});

/** `ShippingDetailType` (GEINS-API §4.6). */
export const ShippingDetailRef = builder
  .objectRef<{ view: OrderView }>('ShippingDetailType')
  .implement({
    description: 'How an order is shipped, with the parcel tracking when known (GEINS-API §4.6).',
    fields: (t) => ({
      id: t.int({
        nullable: false,
        description: 'Shipment id (the order id).',
        resolve: (s) => s.view.order.id,
      }),
      name: t.string({
        nullable: false,
        description: 'Shipping method, e.g. "PostNord ombud".',
        resolve: (s) => s.view.order.shippingName,
      }),
      shippingId: t.int({
        nullable: false,
        description: 'Shipping method id.',
        resolve: (s) => s.view.order.shippingId,
      }),
      parcelNumber: t.string({
        description: 'Parcel number; null until the parcel is handed over.',
        resolve: () => null,
      }),
      shippingDate: t.field({
        type: 'DateTime',
        description: 'Shipping date; null until shipped.',
        resolve: (s) => (s.view.order.status === 'completed' ? s.view.order.completedAt : null),
      }),
      trackingLink: t.string({
        description: "The carrier's tracking page; null until the parcel has a number.",
        resolve: () => null,
      }),
    }),
  });

builder.objectFields(OrderRef, (t) => ({
  lines: t.field({
    type: [OrderLineRef],
    nullable: false,
    description: 'The order lines (extension; Geins clients read them from `cart`).',
    resolve: (view) => view.lines.map((line) => ({ view, line })),
  }),
  shippingDetails: t.field({
    type: [ShippingDetailRef],
    description: 'Shipping method and tracking of the order.',
    resolve: (view) => [{ view }],
  }),
  itemValueIncVatFormatted: t.string({
    nullable: false,
    description: 'Value of the items incl. VAT, formatted (extension).',
    resolve: (view) => formatted(view, view.order.itemValueIncVat),
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
