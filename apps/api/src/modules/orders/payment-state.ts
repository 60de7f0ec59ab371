/**
 * The payment state of an order as the back office shows it (issue 40 point 5: "Paid, reserved
 * and refunded are shown as they are, the same everywhere"). {@link paymentStateOf} is the one
 * rule: the order list, the order page and its refund panel all show its `label`, so an invoice
 * whose payment is only reserved never reads "Betalt". Amounts in minor units (öre) of the
 * order's currency.
 */
import type { OrderPaymentRecord } from '../payments/payments.service.ts';

/** The payment state codes, in the order's life. */
export type PaymentStateCode =
  'unpaid' | 'pending' | 'reserved' | 'paid' | 'partly_refunded' | 'refunded' | 'cancelled';

/** The Swedish name of one payment's status (`order_payments.status`). */
const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Väntar på betalning',
  authorized: 'Reserverad',
  paid: 'Betald',
  cancelled: 'Makulerad',
};

/** The Swedish label of each state (what staff read). */
export const PAYMENT_STATE_LABELS: Record<PaymentStateCode, string> = {
  unpaid: 'Ej betald',
  pending: PAYMENT_STATUS_LABELS.pending!,
  reserved: PAYMENT_STATUS_LABELS.authorized!,
  paid: PAYMENT_STATUS_LABELS.paid!,
  partly_refunded: 'Delvis återbetald',
  refunded: 'Återbetald',
  cancelled: PAYMENT_STATUS_LABELS.cancelled!,
};

/**
 * The Swedish name of one payment's status: pending "Väntar på betalning", authorized
 * "Reserverad", paid "Betald", cancelled "Makulerad" (the same words as the order's state);
 * an unknown status as it is.
 */
export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status] ?? status;
}

/** An order's payment state and the amounts it was decided from (öre). */
export interface PaymentState {
  code: PaymentStateCode;
  /** {@link PAYMENT_STATE_LABELS} of `code`. */
  label: string;
  /** Captured: payments with status paid, plus what gift cards paid (`fromBalance`). */
  capturedIncVat: number;
  /** Reserved, not yet captured: payments with status authorized (an invoice before it is paid). */
  reservedIncVat: number;
  /** Refunded so far (refund rows and, for a cancelled order, what its cancellation refunded). */
  refundedIncVat: number;
}

/**
 * The payment state of an order:
 * - nothing captured or reserved: a payment waiting (`pending`), only voided payments
 *   (`cancelled`, e.g. a cancelled invoice order), or none (`unpaid`);
 * - else something refunded: `refunded` when it covers everything captured and reserved, else
 *   `partly_refunded`;
 * - else a reservation left (an invoice, a card authorised but not captured): `reserved`;
 * - else `paid` (paid payments, gift cards).
 * @param payments the order's payments (any order)
 * @param fromBalance öre paid with gift cards (`orders.fromBalance`)
 * @param refundedIncVat öre refunded (`refundState(...).refundedIncVat`)
 */
export function paymentStateOf(
  payments: readonly Pick<OrderPaymentRecord, 'status' | 'amount'>[],
  fromBalance: number,
  refundedIncVat: number,
): PaymentState {
  const sum = (status: string) =>
    payments.filter((p) => p.status === status).reduce((total, p) => total + p.amount, 0);
  const capturedIncVat = sum('paid') + fromBalance;
  const reservedIncVat = sum('authorized');
  let code: PaymentStateCode;
  if (capturedIncVat + reservedIncVat === 0) {
    if (payments.some((p) => p.status === 'pending')) code = 'pending';
    else if (payments.length > 0 && payments.every((p) => p.status === 'cancelled')) {
      code = 'cancelled';
    } else code = 'unpaid';
  } else if (refundedIncVat > 0) {
    code = refundedIncVat >= capturedIncVat + reservedIncVat ? 'refunded' : 'partly_refunded';
  } else code = reservedIncVat > 0 ? 'reserved' : 'paid';
  return {
    code,
    label: PAYMENT_STATE_LABELS[code],
    capturedIncVat,
    reservedIncVat,
    refundedIncVat,
  };
}
