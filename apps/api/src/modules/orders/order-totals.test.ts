import { describe, expect, it } from 'vitest';
import { computeCartTotals, type TotalsInput } from '../cart/totals.ts';
import { formatDeduction } from '../pricing/money.ts';
import { orderRows, orderTotals, storedOrderAmounts, type OrderTotals } from './order-totals.ts';

const SERVICE_POINT = { feeIncVat: 4_900, vatRateBasisPoints: 2500, freeShippingEligible: true };
const HOME = { feeIncVat: 9_900, vatRateBasisPoints: 2500, freeShippingEligible: false };
const line = (key: number, regular: number, selling: number, quantity = 1) => ({
  key,
  quantity,
  regularUnitPriceIncVat: regular,
  unitPriceIncVat: selling,
  vatRateBasisPoints: 2500,
  categoryIds: [],
  brandId: null,
});
const base = { freeShippingThresholdIncVat: 49_900 } satisfies Partial<TotalsInput>;

/** items − discount + shipping + paymentFee = total in both VAT modes; total − gift card = toPay. */
function expectAddsUp(totals: OrderTotals) {
  for (const rows of [totals.incVat, totals.exVat]) {
    expect(rows.items - rows.discount + rows.shipping + rows.paymentFee).toBe(rows.total);
  }
  expect(totals.incVat.total - totals.giftCard).toBe(totals.toPay);
  expect(totals.vat).toBe(totals.incVat.total - totals.exVat.total);
}

/** The figures of the cart totals once placed as an order. */
function placed(input: TotalsInput) {
  const cart = computeCartTotals(input);
  const stored = storedOrderAmounts(cart);
  const totals = orderTotals(stored);
  expectAddsUp(totals);
  // Equal to the stored order and to what the cart charged.
  expect(totals.incVat.total).toBe(stored.orderValueIncVat);
  expect(totals.exVat.total).toBe(stored.orderValueExVat);
  expect(totals.incVat.total).toBe(cart.total.sellingPriceIncVat);
  expect(totals.toPay).toBe(cart.totalExBalanceIncVat);
  // The items are the regular prices, as the cart summary shows them.
  expect(totals.incVat.items).toBe(cart.subTotal.regularPriceIncVat);
  expect(totals.exVat.items).toBe(cart.subTotal.regularPriceExVat);
  return totals;
}

describe('orderTotals (issue 14: money shown to the customer adds up)', () => {
  it('a campaign price: 7 599 kr bike sold at 6 399 kr with home delivery', () => {
    const totals = placed({ ...base, lines: [line(1, 759_900, 639_900)], shipping: HOME });
    expect(totals.incVat).toEqual({
      items: 759_900,
      discount: 120_000,
      shipping: 9_900,
      paymentFee: 0,
      total: 649_800,
    });
  });

  it('a campaign price under the free-shipping threshold: 59 kr tube at 39 kr to a service point', () => {
    const totals = placed({ ...base, lines: [line(1, 5_900, 3_900)], shipping: SERVICE_POINT });
    // 59 − 20 + 49 = 88 (not 39 + 49 − 20).
    expect(totals.incVat).toMatchObject({ items: 5_900, discount: 2_000, shipping: 4_900 });
    expect(totals.incVat.total).toBe(8_800);
  });

  it('a percentage promo code (CYKEL10)', () => {
    const totals = placed({
      ...base,
      lines: [line(1, 12_900, 12_900, 2)],
      promo: {
        code: 'CYKEL10',
        kind: 'percent',
        percentBasisPoints: 1000,
        amountIncVat: 0,
        minOrderIncVat: 0,
      },
      shipping: SERVICE_POINT,
    });
    expect(totals.incVat).toMatchObject({ items: 25_800, discount: 2_580, shipping: 4_900 });
    expect(totals.incVat.total).toBe(25_800 - 2_580 + 4_900);
  });

  it('a fixed-amount code (HUNDRA, 100 kr from 500 kr) with a campaign price, companies excl. VAT', () => {
    const totals = placed({
      ...base,
      lines: [line(1, 29_900, 24_900), line(2, 12_900, 12_900, 3)],
      promo: {
        code: 'HUNDRA',
        kind: 'fixed',
        percentBasisPoints: 0,
        amountIncVat: 10_000,
        minOrderIncVat: 50_000,
      },
      shipping: SERVICE_POINT,
    });
    expect(totals.incVat.discount).toBe(5_000 + 10_000);
    expect(orderRows(totals, false)).toBe(totals.exVat);
    expect(totals.exVat.discount).toBeGreaterThan(0);
  });

  it('a gift card (PRESENT500) pays part: the total stays the order value, toPay is the rest', () => {
    const totals = placed({
      ...base,
      lines: [line(1, 759_900, 639_900)],
      shipping: HOME,
      giftCardBalance: 50_000,
    });
    expect(totals.giftCard).toBe(50_000);
    expect(totals.toPay).toBe(649_800 - 50_000);
  });

  it('free shipping over the threshold on an eligible method', () => {
    const totals = placed({ ...base, lines: [line(1, 59_900, 49_900)], shipping: SERVICE_POINT });
    expect(totals.incVat).toMatchObject({ items: 59_900, discount: 10_000, shipping: 0 });
    expect(totals.incVat.total).toBe(49_900);
  });
});

describe('formatDeduction', () => {
  it('writes every deduction with U+2212 whatever the culture', () => {
    expect(formatDeduction(2_000, 'SEK', 'sv-SE')).toBe('\u221220\u00a0kr');
    expect(formatDeduction(-2_000, 'SEK', 'sv-SE')).toBe('\u221220\u00a0kr');
    expect(formatDeduction(590, 'EUR', 'en-IE')).toMatch(/^\u2212€5\.90$/);
    expect(formatDeduction(0, 'SEK', 'sv-SE')).toBe('0\u00a0kr');
  });
});
