import { describe, expect, it } from 'vitest';
import {
  allocateProportionally,
  computeCartTotals as computeTotals,
  type TotalsInput,
  type TotalsLine,
} from './totals.ts';

/** Sweden's free-shipping threshold, 499 kr in öre (SPEC §9; the seed's `SE|SEK` row). */
const SWEDISH_THRESHOLD = 49_900;

/** Totals of a Swedish cart: the threshold of the Swedish market unless given. */
function computeCartTotals(
  input: Omit<TotalsInput, 'freeShippingThresholdIncVat'> & {
    freeShippingThresholdIncVat?: number | null;
  },
) {
  return computeTotals({ freeShippingThresholdIncVat: SWEDISH_THRESHOLD, ...input });
}

function line(key: number, unit: number, quantity: number, extra: Partial<TotalsLine> = {}) {
  return {
    key,
    quantity,
    regularUnitPriceIncVat: unit,
    unitPriceIncVat: unit,
    vatRateBasisPoints: 2500,
    categoryIds: [],
    brandId: null,
    ...extra,
  } satisfies TotalsLine;
}

const homeDelivery = { feeIncVat: 4900, vatRateBasisPoints: 2500, freeShippingEligible: true };

describe('allocateProportionally', () => {
  it('splits in proportion and the öre add up (largest remainder)', () => {
    expect(allocateProportionally(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateProportionally(10000, [29900, 9900])).toEqual([7513, 2487]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(allocateProportionally(7, [0, 0])).toEqual([0, 0]);
  });

  it('stays exact for amounts whose products exceed 2^53', () => {
    const parts = allocateProportionally(9_999_999_999, [99_999_999_999, 1, 3]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(9_999_999_999);
  });

  it('rejects negative input', () => {
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError);
  });
});

describe('computeCartTotals', () => {
  it('sums lines incl. and excl. VAT with VAT per rate and charges shipping below 499 kr', () => {
    const totals = computeCartTotals({
      lines: [line(1, 19900, 1), line(2, 9900, 1, { vatRateBasisPoints: 600 })],
      shipping: homeDelivery,
    });
    expect(totals.subTotal.sellingPriceIncVat).toBe(29800);
    expect(totals.subTotal.sellingPriceExVat).toBe(15920 + 9340);
    expect(totals.shippingFeeIncVat).toBe(4900);
    expect(totals.shippingFeeExVat).toBe(3920);
    expect(totals.total.sellingPriceIncVat).toBe(34700);
    expect(totals.vats).toEqual([
      { rateBasisPoints: 600, amount: 560 },
      { rateBasisPoints: 2500, amount: 3980 + 980 },
    ]);
    expect(totals.total.vat).toBe(560 + 3980 + 980);
    expect(totals.freeShipping).toBe(false);
    expect(totals.amountLeftToFreeShipping).toBe(SWEDISH_THRESHOLD - 29800);
  });

  it('gives free shipping from exactly 499 kr incl. VAT', () => {
    const below = computeCartTotals({ lines: [line(1, 49899, 1)], shipping: homeDelivery });
    const at = computeCartTotals({ lines: [line(1, 49900, 1)], shipping: homeDelivery });
    expect(below.shippingFeeIncVat).toBe(4900);
    expect(below.amountLeftToFreeShipping).toBe(1);
    expect(at.shippingFeeIncVat).toBe(0);
    expect(at.freeShipping).toBe(true);
    expect(at.amountLeftToFreeShipping).toBe(0);
    expect(at.total.sellingPriceIncVat).toBe(49900);
  });

  it('keeps the price campaign as the unit selling price and shows the discount', () => {
    const totals = computeCartTotals({
      lines: [line(1, 100000, 2, { unitPriceIncVat: 79900 })],
    });
    expect(totals.lines[0]!.unitPrice.sellingPriceIncVat).toBe(79900);
    expect(totals.lines[0]!.unitPrice.regularPriceIncVat).toBe(100000);
    expect(totals.lines[0]!.totalPrice.sellingPriceIncVat).toBe(159800);
    expect(totals.subTotal.discountIncVat).toBe(40200);
  });

  it('applies "3 för 2" to the cheapest of every three matching units', () => {
    const tubes = { categoryIds: [32] };
    const totals = computeCartTotals({
      lines: [line(1, 12900, 2, tubes), line(2, 9900, 2, tubes), line(3, 50000, 1)],
      campaigns: [
        {
          id: 9,
          name: '3 för 2 på slangar',
          categoryId: 32,
          brandId: null,
          action: 'buy_x_pay_y',
          buyQuantity: 3,
          payQuantity: 2,
          percentBasisPoints: 0,
        },
      ],
    });
    // Units 129, 129, 99, 99: one group of three (129, 129, 99) -> 99 free; the 4th pays.
    expect(totals.lines[1]!.campaignDiscountIncVat).toBe(9900);
    expect(totals.lines[0]!.campaignDiscountIncVat).toBe(0);
    expect(totals.lines[2]!.campaignDiscountIncVat).toBe(0);
    expect(totals.appliedCampaignIds).toEqual([9]);
    expect(totals.subTotal.sellingPriceIncVat).toBe(2 * 12900 + 9900 + 50000);
  });

  it('applies a brand percentage campaign only to that brand', () => {
    const totals = computeCartTotals({
      lines: [line(1, 59900, 1, { brandId: 7 }), line(2, 10000, 1, { brandId: 8 })],
      campaigns: [
        {
          id: 10,
          name: '20 % på Abus',
          categoryId: null,
          brandId: 7,
          action: 'percent',
          buyQuantity: 0,
          payQuantity: 0,
          percentBasisPoints: 2000,
        },
      ],
    });
    expect(totals.lines[0]!.totalPrice.sellingPriceIncVat).toBe(47920);
    expect(totals.lines[1]!.totalPrice.sellingPriceIncVat).toBe(10000);
  });

  it('applies a percentage promo code after campaigns', () => {
    const totals = computeCartTotals({
      lines: [line(1, 33333, 3)],
      promo: {
        code: 'VÅR10',
        kind: 'percent',
        percentBasisPoints: 1000,
        amountIncVat: 0,
        minOrderIncVat: 0,
      },
    });
    expect(totals.lines[0]!.promoDiscountIncVat).toBe(10000);
    expect(totals.subTotal.sellingPriceIncVat).toBe(89999);
    expect(totals.promoCode).toBe('VÅR10');
  });

  it('spreads a fixed-amount discount over lines in proportion, VAT per rate, öre exact', () => {
    const totals = computeCartTotals({
      lines: [line(1, 40000, 1), line(2, 20000, 1, { vatRateBasisPoints: 1200 })],
      promo: {
        code: 'HUNDRA',
        kind: 'fixed',
        percentBasisPoints: 0,
        amountIncVat: 10000,
        minOrderIncVat: 50000,
      },
      shipping: homeDelivery,
    });
    expect(totals.fixedAmountDiscountIncVat).toBe(10000);
    expect(totals.lines.map((l) => l.fixedDiscountIncVat)).toEqual([6667, 3333]);
    expect(totals.itemsIncVat).toBe(50000);
    // 33333 incl. 25 % -> 26666 excl.; 16667 incl. 12 % -> 14881 excl.
    expect(totals.itemsExVat).toBe(26666 + 14881);
    expect(totals.fixedAmountDiscountExVat).toBe(32000 + 17857 - (26666 + 14881));
    expect(totals.vats).toEqual([
      { rateBasisPoints: 1200, amount: 16667 - 14881 },
      { rateBasisPoints: 2500, amount: 33333 - 26666 },
    ]);
    // Items after the discount are 500 kr: free shipping.
    expect(totals.shippingFeeIncVat).toBe(0);
    expect(totals.total.sellingPriceIncVat).toBe(50000);
    expect(totals.total.sellingPriceIncVat - totals.total.sellingPriceExVat).toBe(totals.total.vat);
  });

  it('ignores a promo code whose minimum order is not met and says so', () => {
    const totals = computeCartTotals({
      lines: [line(1, 30000, 1)],
      promo: {
        code: 'HUNDRA',
        kind: 'fixed',
        percentBasisPoints: 0,
        amountIncVat: 10000,
        minOrderIncVat: 50000,
      },
    });
    expect(totals.promoRequirementsMet).toBe(false);
    expect(totals.promoCode).toBeNull();
    expect(totals.fixedAmountDiscountIncVat).toBe(0);
  });

  it('caps a fixed discount at the items value', () => {
    const totals = computeCartTotals({
      lines: [line(1, 5000, 1)],
      promo: {
        code: 'X',
        kind: 'fixed',
        percentBasisPoints: 0,
        amountIncVat: 10000,
        minOrderIncVat: 0,
      },
    });
    expect(totals.fixedAmountDiscountIncVat).toBe(5000);
    expect(totals.itemsIncVat).toBe(0);
  });

  it('lets a gift card pay part of the total and keeps incl. = excl. + VAT', () => {
    const totals = computeCartTotals({
      lines: [line(1, 100000, 1)],
      shipping: homeDelivery,
      giftCardBalance: 30000,
    });
    expect(totals.balancePending).toBe(30000);
    expect(totals.totalExBalanceIncVat).toBe(70000);
    expect(totals.totalExBalanceExVat).toBe(80000 - 24000);
    const all = computeCartTotals({ lines: [line(1, 10000, 1)], giftCardBalance: 50000 });
    expect(all.balancePending).toBe(10000);
    expect(all.totalExBalanceIncVat).toBe(0);
  });

  it('gives what is left to free shipping excl. VAT for companies; the rule stays incl. VAT (issue 40 §6)', () => {
    // 299 kr incl. VAT at 25 %: 200 kr left incl. VAT, 160 kr excl. VAT (499 kr = 399,20 kr).
    const one = computeCartTotals({ lines: [line(1, 29900, 1)], shipping: homeDelivery });
    expect(one.amountLeftToFreeShipping).toBe(20000);
    expect(one.amountLeftToFreeShippingExVat).toBe(16000);
    // Mixed rates (25 % and 6 %): at the items' ratio, 199 kr + 99 kr = 298 kr incl. VAT,
    // 159,20 kr + 93,40 kr = 252,60 kr excl. VAT; 201 kr left -> 170,38 kr.
    const mixed = computeCartTotals({
      lines: [line(1, 19900, 1), line(2, 9900, 1, { vatRateBasisPoints: 600 })],
    });
    expect(mixed.itemsExVat).toBe(25260);
    expect(mixed.amountLeftToFreeShipping).toBe(20100);
    expect(mixed.amountLeftToFreeShippingExVat).toBe(Math.round((20100 * 25260) / 29800));
    // A 100 % code: the items cost 0, the regular prices give the ratio.
    const free = computeCartTotals({
      lines: [line(1, 10000, 1)],
      promo: {
        code: 'GRATIS',
        kind: 'percent',
        percentBasisPoints: 10_000,
        minOrderIncVat: 0,
        amountIncVat: 0,
      },
    });
    expect(free.amountLeftToFreeShipping).toBe(SWEDISH_THRESHOLD);
    expect(free.amountLeftToFreeShippingExVat).toBe(39920);
    // Reached: nothing left either way.
    const reached = computeCartTotals({ lines: [line(1, 49900, 1)] });
    expect(reached.amountLeftToFreeShippingExVat).toBe(0);
    expect(computeCartTotals({ lines: [] }).amountLeftToFreeShippingExVat).toBe(0);
  });

  it('an empty cart costs nothing and has no free shipping', () => {
    // Issue 44 §5: no lines, nothing shipped, no shipping fee (it was 49 kr).
    const totals = computeCartTotals({ lines: [], shipping: homeDelivery });
    expect(totals.total.sellingPriceIncVat).toBe(0);
    expect(totals.total.sellingPriceExVat).toBe(0);
    expect(totals.shippingFeeIncVat).toBe(0);
    expect(totals.shippingFeeExVat).toBe(0);
    expect(totals.vats).toEqual([]);
    expect(totals.freeShipping).toBe(false);
    expect(totals.subTotal.sellingPriceIncVat).toBe(0);
    // One line and the fee is back.
    expect(
      computeCartTotals({ lines: [line(1, 10000, 1)], shipping: homeDelivery }).shippingFeeIncVat,
    ).toBe(4900);
  });

  it("uses the market's threshold and fee: Finland 49 € (4 900 cent), Norway 599 NOK", () => {
    const finnishServicePoint = {
      feeIncVat: 590,
      vatRateBasisPoints: 2550,
      freeShippingEligible: true,
    };
    const below = computeTotals({
      lines: [line(1, 4_210, 1, { vatRateBasisPoints: 2550 })],
      shipping: finnishServicePoint,
      freeShippingThresholdIncVat: 4_900,
    });
    expect(below.freeShipping).toBe(false);
    expect(below.amountLeftToFreeShipping).toBe(690);
    expect(below.shippingFeeIncVat).toBe(590);
    // 5,90 € incl. 25.5 % VAT: 4,70 € excl.
    expect(below.shippingFeeExVat).toBe(470);
    expect(below.vats).toEqual([{ rateBasisPoints: 2550, amount: 855 + 120 }]);
    const at = computeTotals({
      lines: [line(1, 4_900, 1, { vatRateBasisPoints: 2550 })],
      shipping: finnishServicePoint,
      freeShippingThresholdIncVat: 4_900,
    });
    expect(at.freeShipping).toBe(true);
    expect(at.amountLeftToFreeShipping).toBe(0);
    expect(at.shippingFeeIncVat).toBe(0);
    // 499 kr of items is far below Norway's 599 NOK: the Swedish threshold is not used there.
    const norway = computeTotals({
      lines: [line(1, 49_900, 1)],
      shipping: { feeIncVat: 5_900, vatRateBasisPoints: 2500, freeShippingEligible: true },
      freeShippingThresholdIncVat: 59_900,
    });
    expect(norway.freeShipping).toBe(false);
    expect(norway.amountLeftToFreeShipping).toBe(10_000);
    expect(norway.total.sellingPriceIncVat).toBe(49_900 + 5_900);
  });

  it('has no free shipping in a market without a threshold', () => {
    const totals = computeTotals({
      lines: [line(1, 1_000_000, 1)],
      shipping: homeDelivery,
      freeShippingThresholdIncVat: null,
    });
    expect(totals.freeShipping).toBe(false);
    expect(totals.amountLeftToFreeShipping).toBe(0);
    expect(totals.shippingFeeIncVat).toBe(4900);
  });

  it('rejects a negative or fractional threshold', () => {
    for (const bad of [-1, 49.5, Number.NaN]) {
      expect(() =>
        computeTotals({ lines: [line(1, 100, 1)], freeShippingThresholdIncVat: bad }),
      ).toThrow(RangeError);
    }
  });

  it('rejects negative quantities and prices', () => {
    expect(() => computeCartTotals({ lines: [line(1, 100, -1)] })).toThrow(RangeError);
    expect(() => computeCartTotals({ lines: [line(1, -100, 1)] })).toThrow(RangeError);
  });
});

describe('a code that does not apply to discounted items (issue 40 §3)', () => {
  // The helmet of the issue: 789 kr, on campaign at 520,74 kr (−34 %); a lock at 299 kr.
  const helmet = line(1, 78_900, 1, { unitPriceIncVat: 52_074 });
  const lock = line(2, 29_900, 1);
  const percent = (excludeDiscountedItems: boolean) => ({
    code: 'VÅR10',
    kind: 'percent' as const,
    percentBasisPoints: 1000,
    amountIncVat: 0,
    minOrderIncVat: 0,
    excludeDiscountedItems,
  });

  it('a percentage code takes nothing off the campaign line and 10 % off the regular one', () => {
    const totals = computeCartTotals({ lines: [helmet, lock], promo: percent(true) });
    expect(totals.lines.map((l) => l.promoDiscountIncVat)).toEqual([0, 2990]);
    expect(totals.lines.map((l) => l.finalIncVat)).toEqual([52_074, 26_910]);
    expect(totals.promoExcludedLineKeys).toEqual([1]);
    expect(totals.promoCode).toBe('VÅR10');
  });

  it('without the option the code stacks on the campaign price, as before', () => {
    const totals = computeCartTotals({ lines: [helmet, lock], promo: percent(false) });
    expect(totals.lines.map((l) => l.promoDiscountIncVat)).toEqual([5207, 2990]);
    expect(totals.promoExcludedLineKeys).toEqual([]);
  });

  it('a fixed amount is spread over, and capped at, the regular lines', () => {
    const fixed = {
      ...percent(true),
      code: 'HUNDRA',
      kind: 'fixed' as const,
      percentBasisPoints: 0,
      amountIncVat: 50_000,
    };
    const totals = computeCartTotals({ lines: [helmet, lock], promo: fixed });
    expect(totals.lines.map((l) => l.fixedDiscountIncVat)).toEqual([0, 29_900]);
    expect(totals.fixedAmountDiscountIncVat).toBe(29_900);
    expect(totals.itemsIncVat).toBe(52_074);
  });

  it('only campaign lines: the code gives nothing and every line is reported', () => {
    const totals = computeCartTotals({ lines: [helmet], promo: percent(true) });
    expect(totals.itemsIncVat).toBe(52_074);
    expect(totals.promoExcludedLineKeys).toEqual([1]);
  });

  it('a code whose minimum is not met reports nothing', () => {
    const totals = computeCartTotals({
      lines: [helmet, lock],
      promo: { ...percent(true), minOrderIncVat: 500_000 },
    });
    expect(totals.promoCode).toBeNull();
    expect(totals.promoExcludedLineKeys).toEqual([]);
  });
});
