/**
 * The confirmation page of a sent förmånscykel application (issue 40 point 4): where it lives,
 * and what it shows, built from the API's `leasingApplicationReceipt` (by the order's public
 * id, which only the applicant and the employer's links know). Money as formatted kronor.
 */
import { decimalToMinor } from '@trampa/api/money';
import type { LeasingApplicationReceiptQuery } from '../../graphql/generated';
import { formatDate } from '../../i18n/i18n';
import { formatKronor } from './leasing-view';

/** The page the application's form sends the applicant to (303 after placing). */
export const LEASING_RECEIPT_PATH = '/formanscykel/ansokan/skickad';

/** Its query parameter: the order's public id (a UUID). */
export const LEASING_RECEIPT_PARAM = 'ansokan';

/** What the confirmation page shows. */
export interface LeasingReceiptView {
  /** The order number (the application's number in Mina sidor and on the employer's page). */
  orderId: number;
  employerName: string;
  organisationNumber: string;
  /** Where the approve and decline links went. */
  employerEmail: string;
  /** Where the order confirmation goes once approved. */
  employeeEmail: string;
  /** The status's one Swedish name (`@trampa/api/leasing-status`). */
  statusName: string;
  /** awaiting, approved or declined. */
  status: string;
  periodMonths: number;
  packageName: string;
  /** Net cost per month after tax, "624 kr". */
  netCostText: string;
  /** The bikes: "Elcykel X × 1" with its price. */
  lines: Array<{ text: string; totalText: string }>;
  /** The last day the employer's links work, "15 dec. 2026". */
  linksExpireText: string;
}

type Receipt = NonNullable<LeasingApplicationReceiptQuery['leasingApplicationReceipt']>;

/** The page's view of the API's receipt. */
export function toReceiptView(receipt: Receipt): LeasingReceiptView {
  const items = receipt.order.cart?.items ?? [];
  return {
    orderId: receipt.order.id ?? 0,
    employerName: receipt.employerName,
    organisationNumber: receipt.organisationNumber,
    employerEmail: receipt.employerEmail,
    employeeEmail: receipt.employeeEmail,
    statusName: receipt.statusName,
    status: receipt.status,
    periodMonths: receipt.periodMonths,
    packageName: receipt.packageName,
    netCostText: formatKronor(decimalToMinor(receipt.netCostPerMonth, 'SEK')),
    lines: items.map((item) => ({
      text: `${item.product?.name ?? ''} × ${item.quantity}`,
      totalText: formatKronor(decimalToMinor(item.totalPrice?.sellingPriceIncVat ?? 0, 'SEK')),
    })),
    linksExpireText: formatDate(receipt.linksExpireAt, 'sv-SE'),
  };
}
