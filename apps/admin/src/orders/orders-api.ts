/**
 * The order pages' calls to the admin API (issue 27 "Orders"): the types the pages read and the
 * GraphQL documents. Amounts are minor units (öre) of the order's currency.
 */

/**
 * An order's payment state, decided by the API's one rule (payment-state.ts) and shown as it
 * is in the list, on the order page and in its refund panel (issue 40 point 5). öre.
 */
export interface PaymentState {
  /** unpaid, pending, reserved, paid, partly_refunded, refunded or cancelled. */
  code: string;
  /** "Reserverad", "Betald", "Delvis återbetald", … */
  label: string;
  capturedIncVat: number;
  reservedIncVat: number;
  refundedIncVat: number;
}

const PAYMENT_STATE = 'paymentState { code label capturedIncVat reservedIncVat refundedIncVat }';

/** A row of the order list. */
export interface OrderRow {
  id: number;
  createdAt: string;
  status: string;
  statusName: string;
  email: string;
  name: string;
  marketId: string;
  currencyCode: string;
  orderValueIncVat: number;
  paymentName: string;
  paymentState: PaymentState;
  shippingName: string;
  pickupPoint: string | null;
}

/** The values the list's filters offer. */
export interface FilterOptions {
  statuses: Array<{ code: string; name: string }>;
  markets: string[];
  payments: Array<{ id: number; name: string }>;
}

/** An address of an order. */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  company: string;
  careOf: string;
  addressLine1: string;
  addressLine2: string;
  zip: string;
  city: string;
  country: string;
  mobile: string;
  phone: string;
}

/** An order line. */
export interface OrderLine {
  lineNo: number;
  name: string;
  skuName: string;
  skuArticleNumber: string;
  quantity: number;
  regularUnitPriceIncVat: number;
  unitPriceIncVat: number;
  vatRatePercent: number;
  discountIncVat: number;
  totalIncVat: number;
  /** Reserved from the pickup store's own shelf (click and collect, issue 40 §6). */
  fromStoreShelf: boolean;
}

/** The store a store-pickup order is prepared and collected in. */
export interface OrderPickupStore {
  name: string;
  address: string;
  zip: string;
  city: string;
}

/** The pickup point an order is collected at, as chosen at the checkout (issue 43). */
export interface OrderPickupPoint {
  id: string;
  name: string;
  address: string;
  /** Unformatted, as the carrier gave it. */
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  openingHours: string | null;
}

/** A refund as the shop API shows it. */
export interface OrderRefund {
  id: number;
  refundType: 'line' | 'shipping' | 'cancellation';
  articleNumber: string | null;
  totalIncVat: number;
  vat: number;
  toBalance: boolean;
  reason: string;
  createdAt: string;
}

/** What is left to refund of a line. */
export interface RefundableLine {
  lineNo: number;
  refundedQuantity: number;
  remainingQuantity: number;
  remainingIncVat: number;
}

/** One history entry. */
export interface HistoryEntry {
  at: string;
  kind: 'status' | 'note' | 'confirmation' | 'refund';
  fromStatusName: string | null;
  toStatusName: string | null;
  text: string;
  amountIncVat: number | null;
  staffEmail: string | null;
}

/** One order in full. */
export interface OrderDetail {
  id: number;
  status: string;
  statusName: string;
  nextStatuses: string[];
  createdAt: string;
  completedAt: string | null;
  confirmationSentAt: string | null;
  marketId: string;
  currencyCode: string;
  customerType: string;
  email: string;
  phone: string;
  message: string;
  promoCode: string | null;
  billingAddress: OrderAddress;
  shippingAddress: OrderAddress;
  shippingName: string;
  pickupPoint: string | null;
  pickupStore: OrderPickupStore | null;
  /** Issue 43: who delivers (own or nshift), the carrier, its promise and the pickup point. */
  shippingProvider: string;
  shippingCarrierName: string | null;
  deliveryPromise: string | null;
  pickupPointDetails: OrderPickupPoint | null;
  paymentName: string;
  lines: OrderLine[];
  vats: Array<{ ratePercent: number; amount: number }>;
  totals: {
    items: number;
    discount: number;
    shipping: number;
    paymentFee: number;
    total: number;
    totalExVat: number;
    vat: number;
    giftCard: number;
    toPay: number;
  };
  payments: Array<{
    provider: string;
    transactionId: string;
    amount: number;
    status: string;
    /** The status in Swedish ("Reserverad" for authorized). */
    statusName: string;
    paidAt: string | null;
  }>;
  paymentState: PaymentState;
  shipments: Array<{
    parcelNumber: string;
    shippingName: string;
    shippingDate: string;
    trackingLink: string | null;
  }>;
  refunds: OrderRefund[];
  refundable: {
    paidIncVat: number;
    refundedIncVat: number;
    remainingIncVat: number;
    shippingRemainingIncVat: number;
    lines: RefundableLine[];
  };
  customer: {
    id: number;
    email: string;
    name: string;
    balance: number;
    balanceCurrency: string;
  } | null;
  history: HistoryEntry[];
}

const ADDRESS =
  'firstName lastName company careOf addressLine1 addressLine2 zip city country mobile phone';

/** The fields of {@link OrderDetail}. */
export const ORDER_FIELDS = `id status statusName nextStatuses createdAt completedAt confirmationSentAt
  marketId currencyCode customerType email phone message promoCode
  billingAddress { ${ADDRESS} } shippingAddress { ${ADDRESS} }
  shippingName pickupPoint pickupStore { name address zip city } paymentName
  shippingProvider shippingCarrierName deliveryPromise
  pickupPointDetails { id name address zip city country openingHours }
  lines { lineNo name skuName skuArticleNumber quantity regularUnitPriceIncVat unitPriceIncVat
    vatRatePercent discountIncVat totalIncVat fromStoreShelf }
  vats { ratePercent amount }
  totals { items discount shipping paymentFee total totalExVat vat giftCard toPay }
  payments { provider transactionId amount status statusName paidAt }
  ${PAYMENT_STATE}
  shipments { parcelNumber shippingName shippingDate trackingLink }
  refunds { id refundType articleNumber totalIncVat vat toBalance reason createdAt }
  refundable { paidIncVat refundedIncVat remainingIncVat shippingRemainingIncVat
    lines { lineNo refundedQuantity remainingQuantity remainingIncVat } }
  customer { id email name balance balanceCurrency }
  history { at kind fromStatusName toStatusName text amountIncVat staffEmail }`;

/** The order list with its filters. */
export const ORDERS_QUERY = `query($filter: AdminOrderFilterInput, $skip: Int, $take: Int) {
  adminOrders(filter: $filter, skip: $skip, take: $take) {
    total items { id createdAt status statusName email name marketId currencyCode
      orderValueIncVat paymentName ${PAYMENT_STATE} shippingName pickupPoint } } }`;

/** The filters' values. */
export const FILTER_OPTIONS_QUERY = `{ adminOrderFilterOptions { statuses { code name } markets payments { id name } } }`;

/** One order. */
export const ORDER_QUERY = `query($id: Int!) { adminOrder(id: $id) { ${ORDER_FIELDS} } }`;

/** A status change. */
export const TRANSITION_MUTATION = `mutation($input: AdminOrderTransitionInput!) {
  changeOrderStatus(input: $input) { ${ORDER_FIELDS} } }`;

/** A refund. */
export const REFUND_MUTATION = `mutation($input: AdminRefundInput!) {
  refundOrder(input: $input) { ${ORDER_FIELDS} } }`;

/** A note. */
export const NOTE_MUTATION = `mutation($orderId: Int!, $text: String!) {
  addOrderNote(orderId: $orderId, text: $text) { ${ORDER_FIELDS} } }`;

/** Resending the confirmation. */
export const RESEND_MUTATION = `mutation($orderId: Int!) {
  resendOrderConfirmation(orderId: $orderId) { ${ORDER_FIELDS} } }`;

/** The button texts of the status changes. */
export const TRANSITION_LABELS: Record<string, string> = {
  processing: 'Börja behandla',
  completed: 'Markera som slutförd',
  cancelled: 'Avbryt ordern',
};
