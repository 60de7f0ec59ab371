/**
 * The cart as a payment provider sees it (ADR 019 §1 `ProviderLine`; docs/payment-stand-ins.md
 * K2 `order_line`): one line per cart line, then shipping, a payment fee and a gift card that
 * pays part, each in minor units (öre) incl. VAT, so that the lines add up exactly to what the
 * shopper pays (`totals.totalExBalanceIncVat`) and their VAT to the cart's VAT.
 */
import type { CartView } from '../cart/cart-view.ts';

/** A line as the provider sees it (Kustom `order_line`; Stripe gets only the total). */
export interface ProviderLine {
  type: 'physical' | 'shipping_fee' | 'surcharge' | 'gift_card';
  /** The SKU's article number; `shipping`, `payment-fee`, `gift-card`. At most 255 characters. */
  reference: string;
  name: string;
  /** Integer ≥ 1. */
  quantity: number;
  /** Öre incl. VAT per unit, before discounts (after price campaigns); negative for a gift card. */
  unitPrice: number;
  /** Percent × 100 (basis points): 2500 = 25 %, 2550 = 25.5 %. */
  taxRate: number;
  /** Öre incl. VAT taken off the line (cart campaigns, promo code), ≥ 0. */
  totalDiscountAmount: number;
  /** `quantity × unitPrice − totalDiscountAmount`, öre incl. VAT. */
  totalAmount: number;
  /** The line's VAT in öre, as our totals computed it. */
  totalTaxAmount: number;
  /** Our SKU id for `physical` lines (compared with the cart at approval), else null. */
  skuId: number | null;
}

/**
 * The provider lines of a priced cart. Sum of `totalAmount` = `totals.totalExBalanceIncVat`;
 * sum of `totalTaxAmount` = the cart's VAT (the gift card carries none).
 */
export function providerLinesOf(view: CartView): ProviderLine[] {
  const lines: ProviderLine[] = view.lines.map((line) => {
    const t = line.totals;
    const gross = line.quantity * line.unitPriceIncVat;
    return {
      type: 'physical',
      reference: (line.skuArticleNumber || line.articleNumber || String(line.skuId)).slice(0, 255),
      name: (line.skuName && line.skuName !== line.productName
        ? `${line.productName} – ${line.skuName}`
        : line.productName
      ).slice(0, 255),
      quantity: line.quantity,
      unitPrice: line.unitPriceIncVat,
      taxRate: line.vatRateBasisPoints,
      totalDiscountAmount: gross - t.finalIncVat,
      totalAmount: t.finalIncVat,
      totalTaxAmount: t.finalIncVat - t.finalExVat,
      skuId: line.skuId,
    };
  });
  const totals = view.totals;
  if (totals.shippingFeeIncVat > 0) {
    lines.push({
      type: 'shipping_fee',
      reference: 'shipping',
      name: (view.shipping?.name ?? 'Frakt').slice(0, 255),
      quantity: 1,
      unitPrice: totals.shippingFeeIncVat,
      taxRate: view.shipping?.vatRateBasisPoints ?? 2500,
      totalDiscountAmount: 0,
      totalAmount: totals.shippingFeeIncVat,
      totalTaxAmount: totals.shippingFeeIncVat - totals.shippingFeeExVat,
      skuId: null,
    });
  }
  if (totals.paymentFeeIncVat > 0) {
    const rate = ratePercentTimes100(totals.paymentFeeIncVat, totals.paymentFeeExVat);
    lines.push({
      type: 'surcharge',
      reference: 'payment-fee',
      name: 'Betalningsavgift',
      quantity: 1,
      unitPrice: totals.paymentFeeIncVat,
      taxRate: rate,
      totalDiscountAmount: 0,
      totalAmount: totals.paymentFeeIncVat,
      totalTaxAmount: totals.paymentFeeIncVat - totals.paymentFeeExVat,
      skuId: null,
    });
  }
  if (totals.balancePending > 0) {
    lines.push({
      type: 'gift_card',
      reference: 'gift-card',
      name: 'Presentkort',
      quantity: 1,
      unitPrice: -totals.balancePending,
      taxRate: 0,
      totalDiscountAmount: 0,
      totalAmount: -totals.balancePending,
      totalTaxAmount: 0,
      skuId: null,
    });
  }
  return lines;
}

/** The whole-basis-point VAT rate of an amount incl./excl. VAT (0 when there is no VAT). */
function ratePercentTimes100(incVat: number, exVat: number): number {
  if (exVat <= 0 || incVat <= exVat) return 0;
  return Math.round(((incVat - exVat) * 10000) / exVat);
}

/** Sum of the lines' `totalAmount` and `totalTaxAmount`, öre. */
export function sumProviderLines(lines: readonly ProviderLine[]): { amount: number; tax: number } {
  return lines.reduce(
    (sum, l) => ({ amount: sum.amount + l.totalAmount, tax: sum.tax + l.totalTaxAmount }),
    { amount: 0, tax: 0 },
  );
}

/** An order line as a refund needs it (orders.tables.ts `order_lines`, the fields read). */
export interface RefundedOrderLine {
  lineNo: number;
  skuId: number;
  articleNumber: string;
  skuArticleNumber: string;
  name: string;
  skuName: string;
  unitPriceIncVat: number;
  vatRateBasisPoints: number;
}

/** One row of a back-office refund (orders.tables.ts `order_refunds`): units of a line, or the shipping fee. */
export interface RefundedRow {
  /** Null for the shipping fee. */
  lineNo: number | null;
  quantity: number;
  amountIncVat: number;
  amountExVat: number;
}

/**
 * The VAT of `amount` at `taxRate` as Kustom checks it (K2: within ±1 of
 * `amount × rate / (10000 + rate)`): ours when it is within that, else the formula's, rounded.
 */
function providerTax(amount: number, exVat: number, taxRate: number): number {
  const ours = amount - exVat;
  const denominator = 10_000 + taxRate;
  if (Math.abs(ours * denominator - amount * taxRate) <= denominator) return ours;
  return Math.round((amount * taxRate) / denominator);
}

/**
 * The lines of a refund per order line (the back office's refund rows), as the provider sees
 * them: each row's units at the line's unit price, what the line's discounts took off as
 * `totalDiscountAmount`, so that `totalAmount` is exactly the row's amount and the lines add up
 * to the refund; the shipping fee as a `shipping_fee` line. Null when a row's line is unknown.
 */
export function refundLinesOf(
  order: { shippingName: string; shippingFeeIncVat: number; shippingFeeExVat: number },
  lines: readonly RefundedOrderLine[],
  rows: readonly RefundedRow[],
): ProviderLine[] | null {
  const out: ProviderLine[] = [];
  for (const row of rows) {
    if (row.amountIncVat <= 0) continue;
    if (row.lineNo === null) {
      const taxRate = ratePercentTimes100(order.shippingFeeIncVat, order.shippingFeeExVat);
      out.push({
        type: 'shipping_fee',
        reference: 'shipping',
        name: (order.shippingName || 'Frakt').slice(0, 255),
        quantity: 1,
        unitPrice: row.amountIncVat,
        taxRate,
        totalDiscountAmount: 0,
        totalAmount: row.amountIncVat,
        totalTaxAmount: providerTax(row.amountIncVat, row.amountExVat, taxRate),
        skuId: null,
      });
      continue;
    }
    const line = lines.find((l) => l.lineNo === row.lineNo);
    if (!line || row.quantity <= 0) return null;
    // The last units of a line take the exact remainder, which may round above the unit price.
    const unitPrice = Math.max(line.unitPriceIncVat, Math.ceil(row.amountIncVat / row.quantity));
    out.push({
      type: 'physical',
      reference: (line.skuArticleNumber || line.articleNumber || String(line.skuId)).slice(0, 255),
      name: (line.skuName && line.skuName !== line.name
        ? `${line.name} – ${line.skuName}`
        : line.name
      ).slice(0, 255),
      quantity: row.quantity,
      unitPrice,
      taxRate: line.vatRateBasisPoints,
      totalDiscountAmount: row.quantity * unitPrice - row.amountIncVat,
      totalAmount: row.amountIncVat,
      totalTaxAmount: providerTax(row.amountIncVat, row.amountExVat, line.vatRateBasisPoints),
      skuId: line.skuId,
    });
  }
  return out;
}
