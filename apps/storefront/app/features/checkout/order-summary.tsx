/**
 * The money summary of a placed order (issue 14 "Money shown to the customer must add up"), used
 * by the order confirmation and the account's order pages: the rows come from the one
 * order-totals definition (`@trampa/api/order-totals`), so items − discount + shipping (+ payment
 * fee) = total, then the VAT, the gift card and what is left to pay. Private persons see amounts
 * incl. VAT ("Varav moms"); companies see them excl. VAT, then "Moms" and the total incl. VAT that
 * is charged. Deductions use the shop's one minus sign (U+2212, `formatDeduction`).
 */
import { formatDeduction, formatMoney } from '@trampa/api/money';
import type { OrderTotals } from '@trampa/api/order-totals';
import { t } from '../../i18n/i18n';

/** One row of an order summary. */
export interface OrderSummaryRow {
  label: string;
  value: string;
  /** Stable test id: order-items, order-discount, order-shipping, order-total, … */
  testId: string;
  /** The row to stress (the total the customer pays). */
  strong?: boolean;
}

/** Options of {@link orderSummaryRows}. */
export interface OrderSummaryOptions {
  /** True: incl. VAT (private person); false: excl. VAT (company). */
  includesVat: boolean;
  currency: string;
  culture: string;
  promoCode?: string | null;
  shippingName?: string | null;
}

/** The summary rows of an order, formatted in its currency (see the module comment). */
export function orderSummaryRows(
  totals: OrderTotals,
  options: OrderSummaryOptions,
): OrderSummaryRow[] {
  const money = (minor: number) => formatMoney(minor, options.currency, options.culture);
  const off = (minor: number) => formatDeduction(minor, options.currency, options.culture);
  const rows = options.includesVat ? totals.incVat : totals.exVat;
  const out: OrderSummaryRow[] = [
    { label: t('cart.items'), value: money(rows.items), testId: 'order-items' },
  ];
  if (rows.discount > 0) {
    out.push({
      label: options.promoCode
        ? t('order.discountCode', { code: options.promoCode })
        : t('cart.discount'),
      value: off(rows.discount),
      testId: 'order-discount',
    });
  }
  out.push({
    label: options.shippingName
      ? t('cart.shippingNamed', { name: options.shippingName })
      : t('cart.shipping'),
    value: money(rows.shipping),
    testId: 'order-shipping',
  });
  if (rows.paymentFee > 0) {
    out.push({ label: t('order.paymentFee'), value: money(rows.paymentFee), testId: 'order-fee' });
  }
  if (options.includesVat) {
    out.push(
      { label: t('cart.total'), value: money(rows.total), testId: 'order-total', strong: true },
      { label: t('cart.vatIncluded'), value: money(totals.vat), testId: 'order-vat' },
    );
  } else {
    out.push(
      { label: t('order.totalExVat'), value: money(rows.total), testId: 'order-total' },
      { label: t('confirm.vat'), value: money(totals.vat), testId: 'order-vat' },
      {
        label: t('order.totalIncVat'),
        value: money(totals.incVat.total),
        testId: 'order-charged',
        strong: true,
      },
    );
  }
  if (totals.giftCard > 0) {
    out.push(
      { label: t('cart.giftCard'), value: off(totals.giftCard), testId: 'order-gift-card' },
      { label: t('order.toPay'), value: money(totals.toPay), testId: 'order-to-pay', strong: true },
    );
  }
  return out;
}

/** The rows as a description list. */
export function OrderSummary({ rows }: { rows: OrderSummaryRow[] }) {
  return (
    <dl className="order-totals">
      {rows.map((row) => (
        <div
          key={row.testId}
          className={row.strong ? 'order-totals__row order-totals__total' : 'order-totals__row'}
        >
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.strong ? <strong>{row.value}</strong> : row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
