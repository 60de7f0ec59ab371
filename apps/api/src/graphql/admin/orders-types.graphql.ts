/**
 * The object types of orders on the admin API (issue 27; root fields in orders.graphql.ts).
 * Amounts are Int minor units (öre) of the order's currency, as everywhere in the admin API.
 */
import type { OrderPaymentRecord } from '../../modules/payments/payments.service.ts';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../modules/orders/order-process.ts';
import type { OrderRefund } from '../../modules/orders/order-refunds.ts';
import { paymentStatusLabel, type PaymentState } from '../../modules/orders/payment-state.ts';
import type {
  OrderCustomer,
  OrderDetail,
  OrderHistoryEntry,
  OrderListItem,
  OrderPage,
} from '../../modules/orders/order-search.service.ts';
import type { OrderLineRecord, OrderShipmentRecord } from '../../modules/orders/orders.service.ts';
import type { StoredAddress, StoredVatGroup } from '../../modules/orders/orders.tables.ts';
import { loadOrderDelivery, orderDelivery } from '../../modules/orders/order-delivery.ts';
import type { PickupPoint } from '../../modules/shipping/provider.ts';
import { swedishPromise } from '../../modules/shipping/delivery-promise.ts';
import { findStoreByAlias, type StoreRecord } from '../../modules/inventory/inventory.service.ts';
import { adminBuilder } from './builder.ts';

/** The Swedish name of a status ("Mottagen", "Behandlas", …). */
function statusName(status: string | null): string | null {
  if (status === null) return null;
  return ORDER_STATUS_NAMES[status as OrderStatus] ?? status;
}

const PaymentStateType = adminBuilder.objectRef<PaymentState>('AdminPaymentState').implement({
  description:
    'The payment state of an order, one rule for the order list, the order page and its ' +
    'refund panel (modules/orders/payment-state.ts, issue 40 point 5). Amounts in öre.',
  fields: (t) => ({
    code: t.exposeString('code', {
      description: 'unpaid, pending, reserved, paid, partly_refunded, refunded or cancelled.',
    }),
    label: t.exposeString('label', {
      description: 'The state in Swedish: "Reserverad", "Betald", "Delvis återbetald", …',
    }),
    capturedIncVat: t.exposeInt('capturedIncVat', {
      description: 'Captured: payments with status paid, plus gift cards, öre.',
    }),
    reservedIncVat: t.exposeInt('reservedIncVat', {
      description: 'Reserved and not captured (status authorized, e.g. an invoice), öre.',
    }),
    refundedIncVat: t.exposeInt('refundedIncVat', { description: 'Refunded so far, öre.' }),
  }),
});

export const OrderListItemType = adminBuilder
  .objectRef<OrderListItem>('AdminOrderListItem')
  .implement({
    description: 'A row of the order list.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The order number.' }),
      createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was placed.' }),
      status: t.exposeString('status', {
        description: 'awaiting_approval, received, processing, completed or cancelled.',
      }),
      statusName: t.string({
        description: 'The status in Swedish.',
        resolve: (o) => statusName(o.status)!,
      }),
      email: t.exposeString('email'),
      name: t.exposeString('name', { description: 'The billing name (or company).' }),
      marketId: t.exposeString('marketId'),
      currencyCode: t.exposeString('currencyCode'),
      orderValueIncVat: t.exposeInt('orderValueIncVat', { description: 'Total incl. VAT, öre.' }),
      paymentId: t.exposeInt('paymentId'),
      paymentName: t.exposeString('paymentName'),
      shippingName: t.exposeString('shippingName'),
      pickupPoint: t.exposeString('pickupPoint', {
        nullable: true,
        description: 'The store of a store pickup order; null otherwise.',
      }),
      paymentState: t.field({ type: PaymentStateType, resolve: (o) => o.paymentState }),
    }),
  });

export const OrderPageType = adminBuilder.objectRef<OrderPage>('AdminOrderPage').implement({
  description: 'A page of orders and how many match in all.',
  fields: (t) => ({
    items: t.field({ type: [OrderListItemType], resolve: (p) => p.items }),
    total: t.exposeInt('total'),
  }),
});

const PaymentOptionType = adminBuilder
  .objectRef<{ id: number; name: string }>('AdminOrderPaymentOption')
  .implement({
    description: 'A payment option orders were placed with.',
    fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
  });

const StatusOptionType = adminBuilder
  .objectRef<{ code: string; name: string }>('AdminOrderStatusOption')
  .implement({
    description: 'An order status: its code and Swedish name.',
    fields: (t) => ({ code: t.exposeString('code'), name: t.exposeString('name') }),
  });

export const OrderFilterOptionsType = adminBuilder
  .objectRef<{
    statuses: Array<{ code: string; name: string }>;
    markets: string[];
    payments: Array<{ id: number; name: string }>;
  }>('AdminOrderFilterOptions')
  .implement({
    description: 'The values the order list can be filtered by.',
    fields: (t) => ({
      statuses: t.field({ type: [StatusOptionType], resolve: (o) => o.statuses }),
      markets: t.exposeStringList('markets', { description: 'Market ids, e.g. "SE|SEK".' }),
      payments: t.field({ type: [PaymentOptionType], resolve: (o) => o.payments }),
    }),
  });

const AddressType = adminBuilder.objectRef<StoredAddress>('AdminOrderAddress').implement({
  description: 'An address of an order (the fields given; "" when not).',
  fields: (t) => {
    const field = (key: string) => t.string({ resolve: (a) => a[key] ?? '' });
    return {
      firstName: field('firstName'),
      lastName: field('lastName'),
      company: field('company'),
      careOf: field('careOf'),
      addressLine1: field('addressLine1'),
      addressLine2: field('addressLine2'),
      zip: field('zip'),
      city: field('city'),
      country: field('country'),
      mobile: field('mobile'),
      phone: field('phone'),
    };
  },
});

const LineType = adminBuilder.objectRef<OrderLineRecord>('AdminOrderLine').implement({
  description: 'An order line as bought (copies of the product and the prices paid, öre).',
  fields: (t) => ({
    lineNo: t.exposeInt('lineNo'),
    skuId: t.exposeInt('skuId'),
    name: t.exposeString('name'),
    skuName: t.exposeString('skuName', { description: 'The size or variant.' }),
    articleNumber: t.exposeString('articleNumber'),
    skuArticleNumber: t.exposeString('skuArticleNumber'),
    quantity: t.exposeInt('quantity'),
    regularUnitPriceIncVat: t.exposeInt('regularUnitPriceIncVat'),
    unitPriceIncVat: t.exposeInt('unitPriceIncVat', {
      description: 'Selling unit price incl. VAT (after price campaigns).',
    }),
    vatRatePercent: t.float({ resolve: (l) => l.vatRateBasisPoints / 100 }),
    discountIncVat: t.exposeInt('discountIncVat', { description: 'Cart discounts on the line.' }),
    totalIncVat: t.exposeInt('totalIncVat', { description: 'What was paid for the line.' }),
    totalExVat: t.exposeInt('totalExVat'),
    fromStoreShelf: t.boolean({
      description:
        "True when the units were reserved from the pickup store's own shelf (click and collect, issue 40 §6): the store prepares the line from its stock. False: sent from the web shop's stock.",
      resolve: (l) => l.pickupStoreId !== null,
    }),
  }),
});

const PickupStoreType = adminBuilder.objectRef<StoreRecord>('AdminOrderPickupStore').implement({
  description: 'The store a store-pickup order is collected at (and prepared in).',
  fields: (t) => ({
    alias: t.exposeString('alias'),
    name: t.exposeString('name', { description: 'E.g. "Trampa Malmö Davidshall".' }),
    address: t.exposeString('address'),
    zip: t.exposeString('zip'),
    city: t.exposeString('city'),
  }),
});

const PickupPointType = adminBuilder.objectRef<PickupPoint>('AdminOrderPickupPoint').implement({
  description:
    "The pickup point an order is collected at, as the shopper chose it (issue 43): a carrier's service point or a store.",
  fields: (t) => ({
    id: t.exposeString('id', {
      description: "The point's id at the carrier (a store's alias): the order's pickupPoint.",
    }),
    name: t.exposeString('name', { description: 'E.g. "ICA Kvantum Haga".' }),
    address: t.exposeString('address', { description: 'Street address; "" when unknown.' }),
    zip: t.exposeString('zip', { description: 'Postcode as given, unformatted; "" when unknown.' }),
    city: t.exposeString('city', { description: '"" when unknown.' }),
    country: t.exposeString('country', { description: 'ISO 3166-1 alpha-2, e.g. "SE".' }),
    openingHours: t.exposeString('openingHours', {
      nullable: true,
      description: 'As the carrier words them; null when none.',
    }),
  }),
});

const VatType = adminBuilder.objectRef<StoredVatGroup>('AdminOrderVat').implement({
  description: 'The VAT of one rate in an order.',
  fields: (t) => ({
    ratePercent: t.float({ resolve: (v) => v.rateBasisPoints / 100 }),
    amount: t.exposeInt('amount', { description: 'öre.' }),
  }),
});

const TotalsType = adminBuilder.objectRef<OrderDetail['totals']>('AdminOrderTotals').implement({
  description:
    'The order summary incl. VAT (order-totals): items − discount + shipping + paymentFee = ' +
    'total; total − giftCard = toPay. öre.',
  fields: (t) => ({
    items: t.int({ resolve: (x) => x.incVat.items }),
    discount: t.int({ resolve: (x) => x.incVat.discount }),
    shipping: t.int({ resolve: (x) => x.incVat.shipping }),
    paymentFee: t.int({ resolve: (x) => x.incVat.paymentFee }),
    total: t.int({ resolve: (x) => x.incVat.total }),
    totalExVat: t.int({ resolve: (x) => x.exVat.total }),
    vat: t.exposeInt('vat'),
    giftCard: t.exposeInt('giftCard'),
    toPay: t.exposeInt('toPay'),
  }),
});

const PaymentType = adminBuilder.objectRef<OrderPaymentRecord>('AdminOrderPayment').implement({
  description: 'A payment of the order.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'invoice, sandbox, leasing or kustom.' }),
    transactionId: t.exposeString('transactionId'),
    amount: t.exposeInt('amount', { description: 'öre.' }),
    status: t.exposeString('status', { description: 'pending, authorized, paid or cancelled.' }),
    statusName: t.string({
      description: 'The status in Swedish ("Reserverad" for authorized), payment-state.ts.',
      resolve: (p) => paymentStatusLabel(p.status),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
  }),
});

/** The payment type, for the fields issue 42 adds (payment-operations.admin.graphql.ts). */
export { PaymentType };

const ShipmentType = adminBuilder.objectRef<OrderShipmentRecord>('AdminOrderShipment').implement({
  description: 'A parcel handed to the carrier.',
  fields: (t) => ({
    parcelNumber: t.exposeString('parcelNumber'),
    shippingName: t.exposeString('shippingName'),
    shippingDate: t.expose('shippingDate', { type: 'DateTime' }),
    trackingLink: t.exposeString('trackingLink', { nullable: true }),
  }),
});

const RefundType = adminBuilder.objectRef<OrderRefund>('AdminOrderRefund').implement({
  description: 'A refund as the shop API shows it (RefundType).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    refundType: t.exposeString('refundType', {
      description: 'line, shipping or cancellation.',
    }),
    articleNumber: t.exposeString('articleNumber', { nullable: true }),
    totalIncVat: t.exposeInt('totalIncVat', { description: 'öre.' }),
    vat: t.exposeInt('vat', { description: 'öre.' }),
    toBalance: t.exposeBoolean('toBalance', { description: 'Paid back as store credit.' }),
    reason: t.exposeString('reason'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const RefundableLineType = adminBuilder
  .objectRef<OrderDetail['refundState']['lines'][number]>('AdminRefundableLine')
  .implement({
    description: 'What has been refunded of a line and what is left (öre).',
    fields: (t) => ({
      lineNo: t.exposeInt('lineNo'),
      refundedQuantity: t.exposeInt('refundedQuantity'),
      refundedIncVat: t.exposeInt('refundedIncVat'),
      remainingQuantity: t.exposeInt('remainingQuantity'),
      remainingIncVat: t.exposeInt('remainingIncVat'),
    }),
  });

const RefundableType = adminBuilder.objectRef<OrderDetail>('AdminOrderRefundable').implement({
  description: 'What can still be refunded: a refund never exceeds what was paid (öre).',
  fields: (t) => ({
    paidIncVat: t.exposeInt('paidIncVat', {
      description: 'Payments authorized or paid, plus the gift card.',
    }),
    refundedIncVat: t.int({ resolve: (d) => d.refundState.refundedIncVat }),
    remainingIncVat: t.int({
      description: 'What is left of what was paid.',
      resolve: (d) => Math.max(0, d.paidIncVat - d.refundState.refundedIncVat),
    }),
    shippingRemainingIncVat: t.int({ resolve: (d) => d.refundState.shippingRemainingIncVat }),
    lines: t.field({ type: [RefundableLineType], resolve: (d) => d.refundState.lines }),
  }),
});

const CustomerType = adminBuilder.objectRef<OrderCustomer>('AdminOrderCustomer').implement({
  description: "The order's customer account.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name'),
    balance: t.exposeInt('balance', { description: 'Store credit, öre.' }),
    balanceCurrency: t.exposeString('balanceCurrency'),
  }),
});

const HistoryType = adminBuilder.objectRef<OrderHistoryEntry>('AdminOrderHistoryEntry').implement({
  description: 'A status change, note, resent confirmation or refund, with who and when.',
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime' }),
    kind: t.exposeString('kind', { description: 'status, note, confirmation or refund.' }),
    fromStatus: t.exposeString('fromStatus', { nullable: true }),
    toStatus: t.exposeString('toStatus', { nullable: true }),
    fromStatusName: t.string({ nullable: true, resolve: (h) => statusName(h.fromStatus) }),
    toStatusName: t.string({ nullable: true, resolve: (h) => statusName(h.toStatus) }),
    text: t.exposeString('text'),
    amountIncVat: t.exposeInt('amountIncVat', { nullable: true, description: 'öre.' }),
    staffEmail: t.exposeString('staffEmail', {
      nullable: true,
      description: 'Who; null for the shop itself (checkout, the employer).',
    }),
  }),
});

export const OrderDetailType = adminBuilder.objectRef<OrderDetail>('AdminOrder').implement({
  description: 'One order in full (orders:read).',
  fields: (t) => ({
    id: t.int({ resolve: (d) => d.order.id }),
    publicId: t.string({ resolve: (d) => d.order.publicId }),
    status: t.string({ resolve: (d) => d.order.status }),
    statusName: t.string({ resolve: (d) => statusName(d.order.status)! }),
    nextStatuses: t.stringList({
      description: 'The statuses it may move to now (the transitions table).',
      resolve: (d) => d.nextStatuses,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.order.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (d) => d.order.updatedAt }),
    completedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When it was delivered (completed).',
      resolve: (d) => d.order.completedAt,
    }),
    confirmationSentAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (d) => d.order.confirmationSentAt,
    }),
    marketId: t.string({ resolve: (d) => d.order.marketId }),
    currencyCode: t.string({ resolve: (d) => d.order.currencyCode }),
    customerType: t.string({ resolve: (d) => d.order.customerType }),
    email: t.string({ resolve: (d) => d.order.email }),
    phone: t.string({ resolve: (d) => d.order.phone }),
    message: t.string({ resolve: (d) => d.order.message }),
    promoCode: t.string({ nullable: true, resolve: (d) => d.order.promoCode }),
    billingAddress: t.field({ type: AddressType, resolve: (d) => d.order.billingAddress }),
    shippingAddress: t.field({ type: AddressType, resolve: (d) => d.order.shippingAddress }),
    shippingName: t.string({ resolve: (d) => d.order.shippingName }),
    pickupPoint: t.string({ nullable: true, resolve: (d) => d.order.pickupPoint }),
    pickupStore: t.field({
      type: PickupStoreType,
      nullable: true,
      description:
        'The store of a store-pickup order (its pickupPoint), where it is prepared and collected (issue 40 §6); null for delivery or a store that no longer exists.',
      resolve: (d, _args, ctx) =>
        d.order.pickupPoint ? findStoreByAlias(ctx.db, d.order.pickupPoint) : null,
    }),
    shippingProvider: t.string({
      description: "Who delivers (issue 43): own (the shop's shipping methods) or nshift.",
      resolve: (d) => orderDelivery(d.order).provider,
    }),
    shippingCarrierName: t.string({
      nullable: true,
      description:
        'The carrier as shown at the checkout, e.g. "PostNord" (issue 43); null when the shop delivers itself or it is unknown.',
      resolve: (d) => orderDelivery(d.order).carrierName,
    }),
    deliveryPromise: t.string({
      nullable: true,
      description:
        'The delivery promise shown at the checkout in Swedish, e.g. "1–3 vardagar" for nShift\'s "1-3" (issue 43; shipping/delivery-promise.ts); null when none.',
      resolve: (d) => swedishPromise(orderDelivery(d.order).deliveryPromise),
    }),
    pickupPointDetails: t.field({
      type: PickupPointType,
      nullable: true,
      description:
        'The pickup point as chosen (issue 43): name, address, postcode, city, opening hours; an order placed before issue 43 with a store pickup answers the store as it is today. Null for home delivery.',
      resolve: async (d, _args, ctx) => (await loadOrderDelivery(ctx.db, d.order)).pickupPoint,
    }),
    paymentName: t.string({ resolve: (d) => d.order.paymentName }),
    lines: t.field({ type: [LineType], resolve: (d) => d.lines }),
    vats: t.field({ type: [VatType], resolve: (d) => d.order.vats }),
    totals: t.field({ type: TotalsType, resolve: (d) => d.totals }),
    payments: t.field({ type: [PaymentType], resolve: (d) => d.payments }),
    paymentState: t.field({ type: PaymentStateType, resolve: (d) => d.paymentState }),
    shipments: t.field({ type: [ShipmentType], resolve: (d) => d.shipments }),
    refunds: t.field({ type: [RefundType], resolve: (d) => d.refunds }),
    refundable: t.field({ type: RefundableType, resolve: (d) => d }),
    customer: t.field({ type: CustomerType, nullable: true, resolve: (d) => d.customer }),
    history: t.field({ type: [HistoryType], resolve: (d) => d.history }),
  }),
});
