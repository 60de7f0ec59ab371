/**
 * GraphQL of placed orders (GEINS-API §3.1 checkout's order, getOrderPublic; §4.6
 * CheckoutOrderType, CheckoutOrderRowType, OrderType, PaymentDetailsType): what the confirm page,
 * the order lookup and the account's order list show. Amounts in the order's currency.
 */
import { contextArgs } from '../../graphql/args.ts';
import { AddressRef } from '../../graphql/address.ts';
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import { findStoreByAlias } from '../inventory/inventory.service.ts';
import { getOrderViewByPublicId, type OrderView } from '../orders/orders.service.ts';
import { orderRefunds } from '../orders/order-refunds.ts';
import { currencyFractionDigits, formatMoney, minorToDecimal } from '../pricing/money.ts';
import { computePrice, discountPercent, exVat } from '../pricing/price.ts';
import { PriceRef } from '../pricing/pricing.graphql.ts';
import type { PriceView } from '../pricing/pricing.service.ts';
import { toAddress } from './checkout-input.ts';
import { orderDeliveryFields } from './order-delivery.graphql.ts';
import { PaymentDetailsRef, RefundRef } from './order-details.graphql.ts';

function orderMoney(view: OrderView, minor: number): number {
  return minorToDecimal(minor, view.order.currencyCode);
}

/**
 * A non-null `Decimal` field of an order's money: `pick` gives the order and an amount in minor
 * units (öre); the field answers major units of the order's currency (kronor, euros).
 */
function moneyField<Source>(
  t: PothosSchemaTypes.ObjectFieldBuilder<ApiSchemaTypes, Source>,
  description: string,
  pick: (source: Source) => [view: OrderView, minor: number],
) {
  return t.field({
    type: 'Decimal',
    nullable: false,
    description,
    resolve: (source) => orderMoney(...pick(source)),
  });
}

/** `CheckoutOrderRowType`. */
const CheckoutOrderRowRef = builder
  .objectRef<{ view: OrderView; line: OrderView['lines'][number] }>('CheckoutOrderRowType')
  .implement({
    description: 'An order line (GEINS-API §4.6): copies of the product and the prices paid.',
    fields: (t) => ({
      articleNumber: t.string({
        description: 'Product article number.',
        resolve: (r) => r.line.articleNumber,
      }),
      sku: t.string({
        description: 'SKU article number.',
        resolve: (r) => r.line.skuArticleNumber,
      }),
      variant: t.string({ description: 'Size.', resolve: (r) => r.line.skuName }),
      name: t.string({ description: 'Product name.', resolve: (r) => r.line.name }),
      brand: t.string({ description: 'Brand.', resolve: (r) => r.line.brandName }),
      quantity: t.int({ nullable: false, description: 'Units.', resolve: (r) => r.line.quantity }),
      productId: t.int({
        nullable: false,
        description: 'Product id.',
        resolve: (r) => r.line.productId,
      }),
      priceIncVat: moneyField(
        t,
        'Line total paid incl. VAT (after every discount), kronor.',
        (r) => [r.view, r.line.totalIncVat],
      ),
      priceExVat: moneyField(t, 'Line total paid excl. VAT, kronor.', (r) => [
        r.view,
        r.line.totalExVat,
      ]),
      discountIncVat: moneyField(
        t,
        'Cart discounts on the line incl. VAT (fixed discounts spread), kronor.',
        (r) => [r.view, r.line.discountIncVat],
      ),
      discountExVat: moneyField(t, 'Cart discounts on the line excl. VAT, kronor.', (r) => [
        r.view,
        r.line.discountExVat,
      ]),
      regularPriceIncVat: moneyField(
        t,
        'Shop extension (not in the Geins contract): the line at regular prices incl. VAT, before every discount (price campaign, cart campaigns, promo codes), kronor. The lines add up to the order summary\'s items row ("Varor", issue 14).',
        (r) => [r.view, r.line.regularUnitPriceIncVat * r.line.quantity],
      ),
      regularPriceExVat: moneyField(
        t,
        'Shop extension: the line at regular prices excl. VAT, kronor (see regularPriceIncVat).',
        (r) => [
          r.view,
          exVat(r.line.regularUnitPriceIncVat * r.line.quantity, r.line.vatRateBasisPoints),
        ],
      ),
      discountRate: t.float({
        nullable: false,
        description: 'Discount in percent of the line before cart discounts.',
        resolve: (r) =>
          discountPercent(r.line.discountIncVat, r.line.unitPriceIncVat * r.line.quantity),
      }),
      campaignNames: t.stringList({
        description: 'Cart campaigns.',
        resolve: (r) => r.line.campaignNames,
      }),
      currency: t.string({
        description: 'Currency code.',
        resolve: (r) => r.view.order.currencyCode,
      }),
      ...Object.fromEntries(
        (
          [
            ['externalId', 'External id of the SKU'],
            ['gtin', 'GTIN of the SKU'],
            ['imageUrl', 'Product image'],
            ['productUrl', 'Product page'],
            ['message', 'Line message (the shop takes none)'],
          ] as const
        ).map(([name, text]) => [
          name,
          t.string({ description: `${text}: not copied to the order, null.`, resolve: () => null }),
        ]),
      ),
      categories: t.stringList({
        description: 'Categories of the product: not copied to the order, null.',
        resolve: () => null,
      }),
      campaignIds: t.stringList({
        description:
          'Ids of the cart campaigns: not copied to the order (see campaignNames), null.',
        resolve: () => null,
      }),
      productPriceCampaignId: t.int({
        description: 'Price campaign: not copied to the order, null.',
        resolve: () => null,
      }),
      productPriceListId: t.int({ description: 'No price lists: null.', resolve: () => null }),
      weight: t.int({ nullable: false, description: 'Grams (not copied: 0).', resolve: () => 0 }),
      height: t.int({ nullable: false, description: 'Not copied: 0.', resolve: () => 0 }),
      length: t.int({ nullable: false, description: 'Not copied: 0.', resolve: () => 0 }),
      width: t.int({ nullable: false, description: 'Not copied: 0.', resolve: () => 0 }),
    }),
  });

const orderAmounts: Array<[string, string, (o: OrderView['order']) => number]> = [
  ['itemValueIncVat', 'Items after discounts incl. VAT', (o) => o.itemValueIncVat],
  ['itemValueExVat', 'Items after discounts excl. VAT', (o) => o.itemValueExVat],
  ['discountIncVat', 'All discounts incl. VAT', (o) => o.discountIncVat],
  ['discountExVat', 'All discounts excl. VAT', (o) => o.discountExVat],
  ['orderValueIncVat', 'Order total incl. VAT', (o) => o.orderValueIncVat],
  ['orderValueExVat', 'Order total excl. VAT', (o) => o.orderValueExVat],
  ['shippingFeeIncVat', 'Shipping incl. VAT', (o) => o.shippingFeeIncVat],
  ['shippingFeeExVat', 'Shipping excl. VAT', (o) => o.shippingFeeExVat],
  ['paymentFeeIncVat', 'Payment fee incl. VAT', (o) => o.paymentFeeIncVat],
  ['paymentFeeExVat', 'Payment fee excl. VAT', (o) => o.paymentFeeExVat],
  ['balance', 'Paid with gift card', (o) => o.fromBalance],
  ['sum', 'To pay after gift card', (o) => o.orderValueIncVat - o.fromBalance],
];

/** `CheckoutOrderType`. */
export const CheckoutOrderRef = builder.objectRef<OrderView>('CheckoutOrderType').implement({
  description: 'A placed order as the confirm page shows it (GEINS-API §4.6). Amounts in kronor.',
  fields: (t) => ({
    ...Object.fromEntries(
      orderAmounts.map(([name, text, pick]) => [
        name,
        moneyField(t, `${text}, kronor.`, (v: OrderView) => [v, pick(v.order)]),
      ]),
    ),
    orderId: t.string({ description: 'Order number.', resolve: (v) => String(v.order.id) }),
    transactionId: t.string({ description: 'Public id.', resolve: (v) => v.order.publicId }),
    status: t.string({ description: 'Order status.', resolve: (v) => v.order.status }),
    currency: t.string({ description: 'Currency code.', resolve: (v) => v.order.currencyCode }),
    marketId: t.string({
      nullable: false,
      description: 'Market.',
      resolve: (v) => v.order.marketId,
    }),
    languageId: t.string({ description: 'Language.', resolve: (v) => v.order.languageId }),
    email: t.string({ description: 'E-mail.', resolve: (v) => v.order.email }),
    firstName: t.string({
      description: 'Billing first name.',
      resolve: (v) => v.order.billingAddress.firstName ?? '',
    }),
    lastName: t.string({
      description: 'Billing last name.',
      resolve: (v) => v.order.billingAddress.lastName ?? '',
    }),
    zip: t.string({
      description: 'Billing zip.',
      resolve: (v) => v.order.billingAddress.zip ?? '',
    }),
    company: t.string({
      description: 'Company.',
      resolve: (v) => v.order.billingAddress.company ?? '',
    }),
    phone: t.string({ description: 'Phone.', resolve: (v) => v.order.phone }),
    message: t.string({ description: 'Message.', resolve: (v) => v.order.message }),
    promoCode: t.string({ description: 'Promo code used.', resolve: (v) => v.order.promoCode }),
    campaignNames: t.stringList({
      description: 'Cart campaigns.',
      resolve: (v) => v.order.campaignNames,
    }),
    personalId: t.string({
      description: 'Personnummer (PERSON).',
      resolve: (v) => (v.order.customerType === 'PERSON' ? v.order.identityNumber : null),
    }),
    organizationNumber: t.string({
      description: 'Organisationsnummer (ORGANIZATION).',
      resolve: (v) => (v.order.customerType === 'ORGANIZATION' ? v.order.identityNumber : null),
    }),
    customerId: t.int({
      nullable: false,
      description: 'Customer (0 for guests).',
      resolve: (v) => v.order.customerId ?? 0,
    }),
    customerTypeId: t.int({
      nullable: false,
      description: '1 PERSON, 2 ORGANIZATION.',
      resolve: (v) => (v.order.customerType === 'ORGANIZATION' ? 2 : 1),
    }),
    customerGroupId: t.int({ nullable: false, description: 'Not used: 0.', resolve: () => 0 }),
    paymentId: t.int({
      nullable: false,
      description: 'Payment option.',
      resolve: (v) => v.order.paymentId,
    }),
    shippingId: t.int({
      nullable: false,
      description: 'Shipping option.',
      resolve: (v) => v.order.shippingId,
    }),
    shippingName: t.string({
      nullable: false,
      description:
        'Shop extension (not in the Geins contract; issue 40 §6): the name of the delivery method as the shopper chose it, e.g. "Leverans till ombud", kept on the order when the method is renamed later.',
      resolve: (v) => v.order.shippingName,
    }),
    pickupPoint: t.string({
      description: 'Pickup store alias.',
      resolve: (v) => v.order.pickupPoint,
    }),
    pickupPointName: t.string({
      description:
        'Shop extension (not in the Geins contract): the name of the pickup store, e.g. "Trampa Göteborg Haga", for the confirmation; null without store pickup or when the store no longer exists.',
      resolve: async (v, _args, ctx) =>
        v.order.pickupPoint
          ? ((await findStoreByAlias(ctx.db, v.order.pickupPoint))?.name ?? null)
          : null,
    }),
    ...orderDeliveryFields(t),
    customerOrderNumber: t.string({
      description: "The company customer's own order reference, as entered; null when none.",
      resolve: (v) => v.order.customerOrderNumber,
    }),
    goodsLabel: t.string({
      description: 'The goods label entered; null when none.',
      resolve: (v) => v.order.goodsLabel,
    }),
    desiredDeliveryDate: t.field({
      type: 'DateTime',
      description: 'The delivery date the shopper asked for; null when none.',
      resolve: (v) => v.order.desiredDeliveryDate,
    }),
    externalOrderId: t.string({
      description: 'Order id in an external system: none, null.',
      resolve: () => null,
    }),
    metaData: t.string({ description: 'Order metadata: none, null.', resolve: () => null }),
    ipAddress: t.string({
      description: "The buyer's IP address: not stored (personal data), null.",
      resolve: () => null,
    }),
    campaignIds: t.stringList({
      description: 'Ids of the cart campaigns: not copied to the order (see campaignNames), null.',
      resolve: () => null,
    }),
    billingAddress: t.field({
      type: AddressRef,
      description: 'Billing address.',
      resolve: (v) => toAddress(v.order.billingAddress),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      description: 'Shipping address.',
      resolve: (v) => toAddress(v.order.shippingAddress),
    }),
    rows: t.field({
      type: [CheckoutOrderRowRef],
      description: 'The lines.',
      resolve: (v) => v.lines.map((line) => ({ view: v, line })),
    }),
  }),
});

function orderPrice(
  view: OrderView,
  inc: number,
  ex: number,
  regularInc = inc,
  regularEx = ex,
): PriceView {
  return {
    amounts: {
      ...computePrice({
        regularPriceIncVat: regularInc,
        sellingPriceIncVat: inc,
        vatRateBasisPoints: 0,
      }),
      sellingPriceExVat: ex,
      regularPriceExVat: regularEx,
      discountExVat: regularEx - ex,
      vat: inc - ex,
    },
    currency: {
      code: view.order.currencyCode,
      name: view.order.currencyCode,
      // The order's currency as its culture writes it ("kr", "€"), not always kronor.
      symbol:
        new Intl.NumberFormat(view.order.languageId, {
          style: 'currency',
          currency: view.order.currencyCode,
        })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? view.order.currencyCode,
      rate: 1,
      minorUnits: 10 ** currencyFractionDigits(view.order.currencyCode),
    },
    culture: view.order.languageId,
  };
}

/** `OrderType` (getOrderPublic; getOrders is issue 7's, through listOrdersForCustomer). */
export const OrderRef = builder.objectRef<OrderView>('OrderType').implement({
  description: 'A placed order (GEINS-API §4.6 OrderType; SPEC §3 Order).',
  fields: (t) => ({
    id: t.int({ description: 'Order number.', resolve: (v) => v.order.id }),
    publicId: t.id({
      nullable: false,
      description: 'Public id (UUID).',
      resolve: (v) => v.order.publicId,
    }),
    customerId: t.int({
      description: 'Customer, null for guests.',
      resolve: (v) => v.order.customerId,
    }),
    status: t.string({
      nullable: false,
      description: 'received, processing, completed or cancelled.',
      resolve: (v) => v.order.status,
    }),
    createdAt: t.field({
      type: 'DateTime',
      description: 'Placed.',
      resolve: (v) => v.order.createdAt,
    }),
    updatedAt: t.field({
      type: 'DateTime',
      description: 'Last change.',
      resolve: (v) => v.order.updatedAt,
    }),
    completedAt: t.field({
      type: 'DateTime',
      description: 'Completed.',
      resolve: (v) => v.order.completedAt,
    }),
    currency: t.string({ description: 'Currency.', resolve: (v) => v.order.currencyCode }),
    message: t.string({ description: 'Message.', resolve: (v) => v.order.message }),
    billingAddress: t.field({
      type: AddressRef,
      description: 'Billing address.',
      resolve: (v) => toAddress(v.order.billingAddress),
    }),
    shippingAddress: t.field({
      type: AddressRef,
      description: 'Shipping address.',
      resolve: (v) => toAddress(v.order.shippingAddress),
    }),
    orderTotal: t.field({
      type: PriceRef,
      description: 'Total paid.',
      resolve: (v) => orderPrice(v, v.order.orderValueIncVat, v.order.orderValueExVat),
    }),
    shippingFee: t.field({
      type: PriceRef,
      description: 'Shipping.',
      resolve: (v) => orderPrice(v, v.order.shippingFeeIncVat, v.order.shippingFeeExVat),
    }),
    discount: t.field({
      type: PriceRef,
      description: 'Discounts.',
      resolve: (v) => orderPrice(v, v.order.discountIncVat, v.order.discountExVat),
    }),
    paymentFee: t.field({
      type: PriceRef,
      description: 'Payment fee.',
      resolve: (v) => orderPrice(v, v.order.paymentFeeIncVat, v.order.paymentFeeExVat),
    }),
    vat: t.field({
      type: PriceRef,
      description:
        'The VAT of the order (items, shipping and fees): the selling price incl. and excl. VAT are both the VAT amount (VAT carries no VAT).',
      resolve: (v) => {
        const vat = v.order.orderValueIncVat - v.order.orderValueExVat;
        return orderPrice(v, vat, vat);
      },
    }),
    fromBalance: moneyField(t, 'Paid with gift card, kronor.', (v) => [v, v.order.fromBalance]),
    fromBalanceFormatted: t.string({
      description: 'Paid with gift card, formatted in the order currency, e.g. "100 kr".',
      resolve: (v) => formatMoney(v.order.fromBalance, v.order.currencyCode, v.order.languageId),
    }),
    desiredDeliveryDate: t.field({
      type: 'DateTime',
      description: 'The delivery date the shopper asked for; null when none.',
      resolve: (v) => v.order.desiredDeliveryDate,
    }),
    ...orderDeliveryFields(t),
    customerOrderNumber: t.string({
      description: "The company customer's own order reference; null when none.",
      resolve: (v) => v.order.customerOrderNumber,
    }),
    goodsLabel: t.string({
      description: 'The goods label entered; null when none.',
      resolve: (v) => v.order.goodsLabel,
    }),
    paymentDetails: t.field({
      type: [PaymentDetailsRef],
      description: 'Payments.',
      resolve: async (v, _a, ctx) =>
        (await ctx.loaders.orderPayments.load(v.order.id)).map((p) => ({
          ...p,
          name: v.order.paymentName,
          currencyCode: v.order.currencyCode,
        })),
    }),
    refunds: t.field({
      type: [RefundRef],
      description:
        "Refunds, oldest first: the back office's refunds (units of a line, or the shipping fee; to the payment or as store credit), then, for a cancelled order, what was left of every line at the cancellation.",
      resolve: async (v, _a, ctx) => {
        const [rows, cancellation] = await Promise.all([
          ctx.loaders.orderRefundRows.load(v.order.id),
          v.order.status === 'cancelled'
            ? ctx.loaders.orderCancellation.load(v.order.id)
            : Promise.resolve(null),
        ]);
        return orderRefunds(v, cancellation, rows).map((r) => ({
          ...r,
          currencyCode: v.order.currencyCode,
        }));
      },
    }),
  }),
});

builder.queryField('getOrderPublic', (t) =>
  t.field({
    type: OrderRef,
    description: 'An order by its public id (a UUID only its buyer knows); null when unknown.',
    args: {
      ...contextArgs,
      publicOrderId: t.arg({ type: 'Guid', required: true, description: 'Public order id.' }),
    },
    resolve: (_root, args, ctx) => getOrderViewByPublicId(ctx.db, args.publicOrderId),
  }),
);
