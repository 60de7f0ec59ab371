/**
 * The förmånscykel calculation (issue 21, ADR 013) against hand-computed cases. Every expected
 * figure was worked out with exact fractions from the formulas and rounded once to öre:
 *   L = P/n + S/12 + 200 kr/n, T = max(0, L − 250 kr), G = (L + 0.3142·T)/1.3142,
 *   net = G·(1 − m) + T·m, total = n·net, saving = P − total;
 * and the comparison with buying now (issue 40 point 4): buy-out = P · 0.2^(n / 36),
 *   total with buy-out = total + buy-out, differences P − those totals.
 */
import { describe, expect, it } from 'vitest';
import { annuity, calculateLeasing, residualShare } from './leasing-calculation.ts';
import { LEASING_SETTINGS, withinLeasingLimits } from './leasing-settings.ts';

const E_BIKE = 2_659_900; // 26 599 kr, the seed's e-bike of issue 21
const PACKAGE = { none: 0, bas: 66_000, trygg: 102_000, bekymmersfri: 162_000 };

function calc(price: number, period: number, pkg: number, taxBp: number) {
  return calculateLeasing(
    {
      priceIncVat: price,
      periodMonths: period,
      packageFeePerYear: pkg,
      marginalTaxBasisPoints: taxBp,
    },
    LEASING_SETTINGS,
  );
}

describe('calculateLeasing: 26 599 kr e-bike, 36 months, no package, m = 32 %', () => {
  // L = (2 659 900 + 20 000) / 36 = 74 441.67 öre; T = 74 441.67 − 25 000 = 49 441.67;
  // G = (74 441.67 + 0.3142 · 49 441.67) / 1.3142 = 89 976.24 / 1.3142 = 68 464.65;
  // net = 68 464.65 · 0.68 + 49 441.67 · 0.32 = 46 555.96 + 15 821.33 = 62 377.29;
  // total = 36 · 62 377.29 = 2 245 582.55 -> 2 245 583; saving = 2 659 900 − total = 414 317.
  it('gives every figure rounded once', () => {
    const result = calc(E_BIKE, 36, PACKAGE.none, 3200);
    expect(result).toMatchObject({
      leasingCost: 74_442,
      benefitValue: 74_442,
      taxableBenefit: 49_442,
      grossDeduction: 68_465,
      netCost: 62_377,
      netCostOverPeriod: 2_245_583,
    });
    expect(result.comparison.differenceWhenReturned).toBe(414_317);
    expect(result.firstMonth.netCost).toBe(62_377);
  });
});

describe('calculateLeasing: both periods and every package at m = 32 %', () => {
  // [period, package, L, T, G, net, total, saving]; 12 months: L = 2 679 900 / 12 + S / 12.
  const cases: Array<
    [number, keyof typeof PACKAGE, number, number, number, number, number, number]
  > = [
    [36, 'none', 74_442, 49_442, 68_465, 62_377, 2_245_583, 414_317],
    [36, 'bas', 79_942, 54_942, 73_965, 67_877, 2_443_583, 216_317],
    [36, 'trygg', 82_942, 57_942, 76_965, 70_877, 2_551_583, 108_317],
    [36, 'bekymmersfri', 87_942, 62_942, 81_965, 75_877, 2_731_583, -71_683],
    [12, 'none', 223_325, 198_325, 217_348, 211_261, 2_535_128, 124_772],
    [12, 'bas', 228_825, 203_825, 222_848, 216_761, 2_601_128, 58_772],
    [12, 'trygg', 231_825, 206_825, 225_848, 219_761, 2_637_128, 22_772],
    [12, 'bekymmersfri', 236_825, 211_825, 230_848, 224_761, 2_697_128, -37_228],
  ];
  it.each(cases)('%i months, %s', (period, pkg, L, T, G, net, total, saving) => {
    expect(calc(E_BIKE, period, PACKAGE[pkg], 3200)).toMatchObject({
      leasingCost: L,
      taxableBenefit: T,
      grossDeduction: G,
      netCost: net,
      netCostOverPeriod: total,
      comparison: expect.objectContaining({
        netCostOverPeriod: total,
        differenceWhenReturned: saving,
      }),
    });
  });
  it('each package adds exactly S / 12 to the leasing cost', () => {
    const none = calc(E_BIKE, 36, 0, 3200).leasingCost;
    expect(calc(E_BIKE, 36, PACKAGE.bas, 3200).leasingCost - none).toBe(5_500);
    expect(calc(E_BIKE, 36, PACKAGE.trygg, 3200).leasingCost - none).toBe(8_500);
    expect(calc(E_BIKE, 36, PACKAGE.bekymmersfri, 3200).leasingCost - none).toBe(13_500);
  });
});

describe('calculateLeasing: marginal tax', () => {
  // G = 68 464.65 and T = 49 441.67 as above (36 months, no package).
  it('m = 0 %: the net cost is the gross deduction', () => {
    const result = calc(E_BIKE, 36, 0, 0);
    expect(result.netCost).toBe(68_465);
    expect(result.netCost).toBe(result.grossDeduction);
    expect(result.netCostOverPeriod).toBe(2_464_727); // 36 · 68 464.646
  });
  it('m = 52 %: 68 464.65 · 0.48 + 49 441.67 · 0.52 = 58 572.70', () => {
    expect(calc(E_BIKE, 36, 0, 5200)).toMatchObject({
      netCost: 58_573,
      netCostOverPeriod: 2_108_617,
      comparison: expect.objectContaining({ differenceWhenReturned: 551_283 }),
    });
  });
  it('m = 57 %: 68 464.65 · 0.43 + 49 441.67 · 0.57 = 57 621.55', () => {
    expect(calc(E_BIKE, 36, 0, 5700)).toMatchObject({
      netCost: 57_622,
      netCostOverPeriod: 2_074_376,
      comparison: expect.objectContaining({ differenceWhenReturned: 585_524 }),
    });
  });
  it('m = 52 %, 12 months, Bekymmersfri: 230 847.98 · 0.48 + 211 825 · 0.52 = 220 956.03', () => {
    expect(calc(E_BIKE, 12, PACKAGE.bekymmersfri, 5200).netCost).toBe(220_956);
  });
  it('a higher marginal tax gives a lower net cost', () => {
    const nets = [0, 3200, 5200, 5700].map((m) => calc(E_BIKE, 36, 0, m).netCost);
    expect(nets).toEqual([...nets].sort((a, b) => b - a));
  });
});

describe('calculateLeasing: a price under the limit', () => {
  it('4 000 kr is outside 5 000–60 000 kr', () => {
    expect(withinLeasingLimits(400_000, LEASING_SETTINGS)).toBe(false);
    expect(withinLeasingLimits(500_000, LEASING_SETTINGS)).toBe(true);
    expect(withinLeasingLimits(6_000_000, LEASING_SETTINGS)).toBe(true);
    expect(withinLeasingLimits(6_000_001, LEASING_SETTINGS)).toBe(false);
  });
  it('36 months: L = 420 000 / 36 = 11 666.67 < 250 kr, so T = 0 and net = G · 0.68', () => {
    // G = 11 666.67 / 1.3142 = 8 877.39; net = 8 877.39 · 0.68 = 6 036.63.
    expect(calc(400_000, 36, 0, 3200)).toMatchObject({
      leasingCost: 11_667,
      taxableBenefit: 0,
      grossDeduction: 8_877,
      netCost: 6_037,
    });
  });
  it('12 months: L = 420 000 / 12 = 35 000, T = 10 000, G = 38 142 / 1.3142 = 29 022.98', () => {
    // net = 29 022.98 · 0.68 + 10 000 · 0.32 = 19 735.63 + 3 200 = 22 935.63.
    expect(calc(400_000, 12, 0, 3200)).toMatchObject({
      leasingCost: 35_000,
      taxableBenefit: 10_000,
      grossDeduction: 29_023,
      netCost: 22_936,
    });
  });
});

describe('calculateLeasing: setup fee charged once', () => {
  it('adds 200 kr to the first month only; the period total is unchanged at 0 % interest', () => {
    // Regular: L = 2 659 900 / 36 = 73 886.11, net = 61 821.74; first: L = 93 886.11,
    // net = 81 821.74 (T > 0 in both, so 200 kr more L is 200 kr more net).
    const result = calculateLeasing(
      { priceIncVat: E_BIKE, periodMonths: 36, packageFeePerYear: 0, marginalTaxBasisPoints: 3200 },
      { ...LEASING_SETTINGS, setupFeeMode: 'once' },
    );
    expect(result.leasingCost).toBe(73_886);
    expect(result.netCost).toBe(61_822);
    expect(result.firstMonth.leasingCost).toBe(93_886);
    expect(result.firstMonth.netCost).toBe(81_822);
    expect(result.netCostOverPeriod).toBe(2_245_583);
  });
});

describe('calculateLeasing: leasing against buying now, returned or bought out (issue 40)', () => {
  // The employee does not own the bike after the period; the buy-out is at market value,
  // 20 % after 36 months (the settings), r^(n/36) for other periods.
  it('36 months, m = 32 %: the lease alone is 4 143 kr under the price, with the buy-out 1 177 kr over', () => {
    // Buy-out 2 659 900 · 0.2 = 531 980; total 2 245 582.54 + 531 980 = 2 777 562.54;
    // difference 2 659 900 − 2 777 562.54 = −117 662.54.
    expect(calc(E_BIKE, 36, PACKAGE.none, 3200).comparison).toEqual({
      price: 2_659_900,
      netCostOverPeriod: 2_245_583,
      buyOutPrice: 531_980,
      buyOutPercent: 20,
      totalWithBuyOut: 2_777_563,
      differenceWithBuyOut: -117_663,
      differenceWhenReturned: 414_317,
    });
  });
  it('36 months, m = 52 %: leasing and buying out ends 193 kr under the price', () => {
    // total 2 108 617.09 + 531 980 = 2 640 597.09; 2 659 900 − 2 640 597.09 = 19 302.91.
    expect(calc(E_BIKE, 36, PACKAGE.none, 5200).comparison).toMatchObject({
      totalWithBuyOut: 2_640_597,
      differenceWithBuyOut: 19_303,
    });
  });
  it('12 months: the bike is still worth 58 % (0.2^(1/3) = 0.584804), so buying out costs 14 307 kr more', () => {
    // Buy-out 2 659 900 · 0.584804 = 1 555 518.96; total 2 535 127.51 + 1 555 518.96 =
    // 4 090 646.47; difference −1 430 746.47.
    expect(calc(E_BIKE, 12, PACKAGE.none, 3200).comparison).toEqual({
      price: 2_659_900,
      netCostOverPeriod: 2_535_128,
      buyOutPrice: 1_555_519,
      buyOutPercent: 58,
      totalWithBuyOut: 4_090_646,
      differenceWithBuyOut: -1_430_746,
      differenceWhenReturned: 124_772,
    });
  });
  it('a package raises the lease, not the buy-out', () => {
    const none = calc(E_BIKE, 36, PACKAGE.none, 3200).comparison;
    const bekymmersfri = calc(E_BIKE, 36, PACKAGE.bekymmersfri, 3200).comparison;
    expect(bekymmersfri.buyOutPrice).toBe(none.buyOutPrice);
    expect(bekymmersfri.differenceWhenReturned).toBe(-71_683);
    expect(bekymmersfri.totalWithBuyOut).toBe(2_731_583 + 531_980);
  });
  it('residualShare: r after R months, r^(n/R) for n months; 0 % and 100 % at the ends', () => {
    const rates = { residualValueBasisPoints: 2000, residualValueMonths: 36 };
    expect(residualShare(36, rates)).toBeCloseTo(0.2, 12);
    expect(residualShare(12, rates)).toBeCloseTo(0.584804, 6);
    expect(residualShare(72, rates)).toBeCloseTo(0.04, 12);
    expect(residualShare(12, { ...rates, residualValueBasisPoints: 0 })).toBe(0);
    expect(residualShare(12, { ...rates, residualValueBasisPoints: 10_000 })).toBe(1);
    expect(() => residualShare(12, { ...rates, residualValueBasisPoints: 10_001 })).toThrow(
      RangeError,
    );
    expect(() => residualShare(12, { ...rates, residualValueMonths: 0 })).toThrow(RangeError);
  });
});

describe('annuity', () => {
  it('is P / n at 0 %', () => {
    expect(annuity(1_200_000, 12, 0)).toBe(100_000);
  });
  it('12 000 kr over 12 months at 12 % a year (1 % a month) is 1 066.19 kr', () => {
    // 1 200 000 · 0.01 / (1 − 1.01^−12) = 12 000 / 0.112551 = 106 618.54 öre.
    expect(Math.round(annuity(1_200_000, 12, 1200))).toBe(106_619);
  });
  it('raises the leasing cost above P / n when the rate is positive', () => {
    const withRate = calculateLeasing(
      {
        priceIncVat: 1_200_000,
        periodMonths: 12,
        packageFeePerYear: 0,
        marginalTaxBasisPoints: 3200,
      },
      { ...LEASING_SETTINGS, setupFee: 0, yearlyInterestBasisPoints: 1200 },
    );
    expect(withRate.leasingCost).toBe(106_619);
  });
});

describe('calculateLeasing: invalid input', () => {
  it('rejects a zero period, a negative price and a marginal tax over 100 %', () => {
    expect(() => calc(E_BIKE, 0, 0, 3200)).toThrow(RangeError);
    expect(() => calc(-1, 36, 0, 3200)).toThrow(RangeError);
    expect(() => calc(E_BIKE, 36, 0, 10_001)).toThrow(RangeError);
  });
});
