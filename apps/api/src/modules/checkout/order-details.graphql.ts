/**
 * GraphQL of an order's payments and refunds (GEINS-API §4.6 PaymentDetailsType, RefundType),
 * fields of `OrderType` (order.graphql.ts). Amounts are Float major units (kronor) as Geins has
 * them.
 */
import { builder } from '../../graphql/builder.ts';
import type { OrderPaymentRecord } from '../payments/payments.service.ts';
import { minorToDecimal } from '../pricing/money.ts';
import type { OrderRefund } from '../orders/order-refunds.ts';

/** A payment row of an order with the order's payment option and currency. */
export type PaymentDetailsNode = OrderPaymentRecord & {
  /** The payment option's name as the shopper chose it, e.g. "Faktura". */
  name: string;
  currencyCode: string;
};

/** A refund with the order's currency. */
export type RefundNode = OrderRefund & { currencyCode: string };

/** `PaymentDetailsType`. */
export const PaymentDetailsRef = builder
  .objectRef<PaymentDetailsNode>('PaymentDetailsType')
  .implement({
    description: 'A payment of an order (GEINS-API §4.6).',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: 'Payment row id.' }),
      paymentId: t.int({
        nullable: false,
        description: 'Payment option.',
        resolve: (p) => (p.provider === 'sandbox' ? 2 : 1),
      }),
      transactionId: t.exposeString('transactionId', {
        nullable: false,
        description: 'Reference.',
      }),
      displayName: t.exposeString('name', { nullable: false, description: 'Name.' }),
      name: t.exposeString('provider', { nullable: false, description: 'Provider.' }),
      paymentOption: t.exposeString('name', {
        description: 'The payment option the shopper chose, e.g. "Faktura".',
      }),
      reservationNumber: t.exposeString('transactionId', {
        description:
          "The provider's reference of the reservation (the same as transactionId: one reference per payment).",
      }),
      isPaid: t.boolean({
        nullable: false,
        description: 'Paid.',
        resolve: (p) => p.status === 'paid',
      }),
      paymentDate: t.field({
        type: 'DateTime',
        description: 'When paid.',
        resolve: (p) => p.paidAt,
      }),
      reservationDate: t.field({
        type: 'DateTime',
        nullable: false,
        description: 'When created.',
        resolve: (p) => p.createdAt,
      }),
      total: t.float({
        nullable: false,
        description: 'Amount in major units of the order currency (kronor).',
        resolve: (p) => minorToDecimal(p.amount, p.currencyCode),
      }),
      paymentFee: t.float({ nullable: false, description: 'Fee: 0.', resolve: () => 0 }),
      shippingFee: t.float({ nullable: false, description: 'Not split: 0.', resolve: () => 0 }),
    }),
  });

/** `RefundType`. */
export const RefundRef = builder.objectRef<RefundNode>('RefundType').implement({
  description:
    "A refund of an order line or of its shipping fee (GEINS-API §4.6): the back office's refunds, and what was left of each line of a cancelled order at the cancellation.",
  fields: (t) => ({
    id: t.exposeInt('id', { nullable: false, description: 'Refund id.' }),
    itemId: t.exposeInt('itemId', {
      nullable: false,
      description: "The line's id in the order's cart items; 0 for the shipping fee.",
    }),
    articleNumber: t.exposeString('articleNumber', {
      description: 'SKU article number; null for the shipping fee.',
    }),
    createdAt: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When it was refunded.',
      resolve: (r) => r.createdAt,
    }),
    reason: t.exposeString('reason', { description: 'Why, as given by staff.' }),
    reasonCode: t.int({ description: 'No reason codes: null.', resolve: () => null }),
    refundType: t.exposeString('refundType', {
      description:
        '"line" (units of a line), "shipping" (the shipping fee) or "cancellation" (what was left of the line, with the order).',
    }),
    toBalance: t.exposeBoolean('toBalance', {
      nullable: false,
      description: "Refunded as store credit (the customer's balance); false: to the payment.",
    }),
    total: t.float({
      nullable: false,
      description: 'Amount incl. VAT in major units of the order currency (kronor).',
      resolve: (r) => minorToDecimal(r.totalIncVat, r.currencyCode),
    }),
    vat: t.float({
      nullable: false,
      description: 'VAT of the amount, major units.',
      resolve: (r) => minorToDecimal(r.vat, r.currencyCode),
    }),
  }),
});
