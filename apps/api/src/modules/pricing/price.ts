/**
 * Price arithmetic (GEINS-API §4.2 PriceType, SPEC §3 Price): every amount is integer minor
 * units (öre) and the single source of totals for product prices and, later, cart lines and cart
 * summaries (ARCHITECTURE convention 3: "Totals come from one pure, tested function").
 *
 * Pure and free of database imports.
 */

/** The amounts of a `PriceType`, in minor units (öre). */
export interface PriceAmounts {
  /** Selling price incl. VAT (the campaign price when one applies). */
  sellingPriceIncVat: number;
  /** Selling price excl. VAT. */
  sellingPriceExVat: number;
  /** Regular (list) price incl. VAT. */
  regularPriceIncVat: number;
  /** Regular price excl. VAT. */
  regularPriceExVat: number;
  /** regularPriceIncVat - sellingPriceIncVat (>= 0). */
  discountIncVat: number;
  /** regularPriceExVat - sellingPriceExVat (>= 0). */
  discountExVat: number;
  /** VAT contained in the selling price: sellingPriceIncVat - sellingPriceExVat. */
  vat: number;
  /** round(100 * discountIncVat / regularPriceIncVat), 0 when the regular price is 0. */
  discountPercentage: number;
  /** True when the selling price is below the regular price. */
  isDiscounted: boolean;
}

/** Integer division rounded half away from zero: `divideRounded(5, 2)` = 3, `(-5, 2)` = -3. */
export function divideRounded(numerator: number, denominator: number): number {
  if (denominator === 0) throw new RangeError('division by zero');
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/**
 * Amount excluding VAT from an amount including VAT, to whole minor units (half away from
 * zero): `exVat(12500, 2500)` = 10000.
 * @param incVat minor units including VAT
 * @param vatRateBasisPoints VAT rate in hundredths of a percent (2500 = 25 %)
 */
export function exVat(incVat: number, vatRateBasisPoints: number): number {
  return divideRounded(incVat * 10_000, 10_000 + vatRateBasisPoints);
}

/**
 * Amount including VAT from an amount excluding VAT, to whole minor units (half away from zero):
 * the inverse of {@link exVat} for prices entered excl. VAT in the back office (issue 26),
 * `incVatOf(10000, 2500)` = 12500. `exVat(incVatOf(x, r), r)` = x for every x and rate (the
 * rounding error stays under half a minor unit).
 * @param exVatAmount minor units excluding VAT
 * @param vatRateBasisPoints VAT rate in hundredths of a percent (2500 = 25 %)
 */
export function incVatOf(exVatAmount: number, vatRateBasisPoints: number): number {
  return divideRounded(exVatAmount * (10_000 + vatRateBasisPoints), 10_000);
}

/**
 * The excl.-VAT part of `incVat` at the VAT ratio of a known incl./excl. pair, to whole minor
 * units (half away from zero): for amounts whose VAT was fixed when they were stored (an order
 * line's paid total, an order's total with mixed rates). `exVatAtRatio(500, 800, 1000)` = 400.
 * @param incVat minor units including VAT
 * @param pairExVat the known amount excl. VAT, minor units
 * @param pairIncVat the same amount incl. VAT, minor units (0 gives 0)
 */
export function exVatAtRatio(incVat: number, pairExVat: number, pairIncVat: number): number {
  return pairIncVat === 0 ? 0 : divideRounded(incVat * pairExVat, pairIncVat);
}

/**
 * A discount in percent of the amount before it, with two decimals (GEINS-API §4.2
 * `CampaignPriceType.discountPercentage`, §4.6 `discountRate`): `discountPercent(1000, 3000)`
 * = 33.33; 0 when `before` is 0.
 * @param discount minor units
 * @param before minor units before the discount
 */
export function discountPercent(discount: number, before: number): number {
  return before > 0 ? divideRounded(10_000 * discount, before) / 100 : 0;
}

/**
 * A discount in whole percent of the amount before it, rounded half away from zero (GEINS-API
 * §4.2 `PriceType.discountPercentage` against the regular price, `LowestPriceType
 * .discountPercentage` against the 30-day comparison price): `wholePercent(250, 1000)` = 25;
 * 0 when `before` is 0 or less.
 * @param discount minor units
 * @param before minor units before the discount
 */
export function wholePercent(discount: number, before: number): number {
  return before > 0 ? divideRounded(100 * discount, before) : 0;
}

/**
 * `PriceType` amounts from stored regular and selling amounts in both VAT modes (an order keeps
 * what was paid, never re-prices): discounts are the differences (never below 0), VAT the
 * selling amount's.
 */
export function storedPrice(
  regularIncVat: number,
  regularExVat: number,
  sellingIncVat: number,
  sellingExVat: number,
): PriceAmounts {
  const discountIncVat = Math.max(0, regularIncVat - sellingIncVat);
  return {
    sellingPriceIncVat: sellingIncVat,
    sellingPriceExVat: sellingExVat,
    regularPriceIncVat: regularIncVat,
    regularPriceExVat: regularExVat,
    discountIncVat,
    discountExVat: Math.max(0, regularExVat - sellingExVat),
    vat: sellingIncVat - sellingExVat,
    discountPercentage: wholePercent(discountIncVat, regularIncVat),
    isDiscounted: sellingIncVat < regularIncVat,
  };
}

/** Input of {@link computePrice}: amounts in minor units incl. VAT. */
export interface PriceInput {
  /** Regular price incl. VAT, minor units. */
  regularPriceIncVat: number;
  /** Selling price incl. VAT, minor units; when absent or not below the regular price it is ignored. */
  sellingPriceIncVat?: number | null;
  /** VAT rate in basis points (2500 = 25 %). */
  vatRateBasisPoints: number;
}

/**
 * Computes all `PriceType` amounts from a regular and an optional (campaign) selling price.
 * A selling price at or above the regular price is ignored (no negative discounts).
 */
export function computePrice(input: PriceInput): PriceAmounts {
  const regularInc = input.regularPriceIncVat;
  const candidate = input.sellingPriceIncVat;
  const sellingInc = candidate != null && candidate < regularInc ? candidate : regularInc;
  const regularEx = exVat(regularInc, input.vatRateBasisPoints);
  const sellingEx = exVat(sellingInc, input.vatRateBasisPoints);
  const discountInc = regularInc - sellingInc;
  return {
    sellingPriceIncVat: sellingInc,
    sellingPriceExVat: sellingEx,
    regularPriceIncVat: regularInc,
    regularPriceExVat: regularEx,
    discountIncVat: discountInc,
    discountExVat: regularEx - sellingEx,
    vat: sellingInc - sellingEx,
    discountPercentage: wholePercent(discountInc, regularInc),
    isDiscounted: discountInc > 0,
  };
}

/**
 * The price of `quantity` units (a cart line): the incl.-VAT amounts are multiplied and the
 * excl.-VAT amounts recomputed on the totals, so rounding happens once per line.
 */
export function linePrice(unit: PriceInput, quantity: number): PriceAmounts {
  return computePrice({
    regularPriceIncVat: unit.regularPriceIncVat * quantity,
    sellingPriceIncVat: unit.sellingPriceIncVat != null ? unit.sellingPriceIncVat * quantity : null,
    vatRateBasisPoints: unit.vatRateBasisPoints,
  });
}

/**
 * Sums prices (cart subtotal over lines, possibly with different VAT rates). Amounts add up;
 * the discount percentage is recomputed on the sums.
 */
export function sumPrices(prices: readonly PriceAmounts[]): PriceAmounts {
  const total = {
    sellingPriceIncVat: 0,
    sellingPriceExVat: 0,
    regularPriceIncVat: 0,
    regularPriceExVat: 0,
    discountIncVat: 0,
    discountExVat: 0,
    vat: 0,
  };
  for (const price of prices) {
    for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += price[key];
  }
  return {
    ...total,
    discountPercentage: wholePercent(total.discountIncVat, total.regularPriceIncVat),
    isDiscounted: total.discountIncVat > 0,
  };
}
