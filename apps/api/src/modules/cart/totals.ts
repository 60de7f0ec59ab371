/**
 * The one pure totals function of carts and orders (ARCHITECTURE convention 3; SPEC §3 Cart
 * summary, §5 fixed discounts spread over items, §9 free shipping over 499 kr; GEINS-API §4.5
 * CartSummaryType). Every amount is integer minor units of the cart market's currency (öre, øre,
 * cent) incl. VAT unless named ExVat; VAT rates in basis points (2500 = 25 %). No database, no
 * clock: callers pass what applies, including the market's shipping fee and free-shipping
 * threshold (shipping module, one row per market).
 *
 * Order of discounts per line: price campaign (already in `unitPriceIncVat`), cart campaigns,
 * percentage promo code; then a fixed-amount promo code on the whole order, spread over the lines
 * in proportion to their value (largest remainder, so the öre add up) so VAT stays right per rate.
 * A code that does not apply to discounted items ("gäller inte redan nedsatta varor", issue 40
 * §3) leaves out the lines with a campaign price (unit price below the regular one): a
 * percentage code takes nothing off them and a fixed amount is spread over, and capped at, the
 * other lines; the lines left out are reported (`promoExcludedLineKeys`) so the cart can say why.
 */
import {
  computePrice,
  divideRounded,
  exVat,
  exVatAtRatio,
  sumPrices,
  wholePercent,
  type PriceAmounts,
} from '../pricing/price.ts';

/** A cart line as the totals function needs it. */
export interface TotalsLine {
  /** Stable key of the line (cart line id). */
  key: number;
  quantity: number;
  /** Regular unit price incl. VAT (öre). */
  regularUnitPriceIncVat: number;
  /** Selling unit price incl. VAT after price campaigns (öre). */
  unitPriceIncVat: number;
  vatRateBasisPoints: number;
  /** Every category of the product (for category campaigns). */
  categoryIds: readonly number[];
  brandId: number | null;
}

/** A cart campaign (rule + action), see promotions.tables.ts. */
export interface TotalsCartCampaign {
  id: number;
  name: string;
  categoryId: number | null;
  brandId: number | null;
  action: 'buy_x_pay_y' | 'percent';
  buyQuantity: number;
  payQuantity: number;
  percentBasisPoints: number;
}

/** A promo code that is valid now (dates, usage limit and activity already checked). */
export interface TotalsPromoCode {
  code: string;
  kind: 'percent' | 'fixed';
  percentBasisPoints: number;
  /** Fixed amount off incl. VAT (öre). */
  amountIncVat: number;
  /** Minimum value of the items incl. VAT after campaigns (öre), all lines counted. */
  minOrderIncVat: number;
  /**
   * True: the code leaves out lines whose unit price a price campaign lowered (issue 40 §3
   * "gäller inte redan nedsatta varor"). Default false: every line.
   */
  excludeDiscountedItems?: boolean;
}

/** The shipping method chosen (or the default one), priced in the cart's market. */
export interface TotalsShipping {
  /** Fee incl. VAT, minor units of the market's currency. */
  feeIncVat: number;
  vatRateBasisPoints: number;
  freeShippingEligible: boolean;
}

/** Input of {@link computeCartTotals}. */
export interface TotalsInput {
  lines: readonly TotalsLine[];
  campaigns?: readonly TotalsCartCampaign[];
  promo?: TotalsPromoCode | null;
  shipping?: TotalsShipping | null;
  /** Payment fee incl. VAT (öre) and its VAT rate. */
  paymentFee?: { feeIncVat: number; vatRateBasisPoints: number } | null;
  /** Balance available on a gift card (öre); pays part or all of the total. */
  giftCardBalance?: number;
  /**
   * The market's free-shipping threshold: items worth at least this much incl. VAT (minor
   * units, after every discount) ship free on eligible methods. Null: no free shipping in the
   * market (amountLeftToFreeShipping is then 0 and freeShipping false).
   */
  freeShippingThresholdIncVat: number | null;
}

/** Totals of one line. */
export interface LineTotals {
  key: number;
  quantity: number;
  /** One unit: regular vs. selling after price campaigns. */
  unitPrice: PriceAmounts;
  /** The line: regular vs. selling after price campaigns, cart campaigns and percentage promo. */
  totalPrice: PriceAmounts;
  /** Cart-campaign discount incl. VAT on the line. */
  campaignDiscountIncVat: number;
  /** Percentage promo discount incl. VAT on the line. */
  promoDiscountIncVat: number;
  /** This line's share of the fixed-amount discount, incl. VAT. */
  fixedDiscountIncVat: number;
  /** What the line finally costs: totalPrice minus its fixed-discount share, incl. / excl. VAT. */
  finalIncVat: number;
  finalExVat: number;
  /** Ids of the cart campaigns that lowered this line. */
  campaignIds: number[];
}

/** VAT of one rate (basis points) in öre. */
export interface VatGroup {
  rateBasisPoints: number;
  amount: number;
}

/** The result of {@link computeCartTotals}. */
export interface CartTotals {
  lines: LineTotals[];
  /** Items after campaigns and percentage promo (before the fixed discount). */
  subTotal: PriceAmounts;
  /** Fixed-amount discount actually given (capped at the items' value). */
  fixedAmountDiscountIncVat: number;
  fixedAmountDiscountExVat: number;
  /** Items after every discount. */
  itemsIncVat: number;
  itemsExVat: number;
  /** Shipping fee charged (0 when free). */
  shippingFeeIncVat: number;
  shippingFeeExVat: number;
  /** True when the items reach the market's free-shipping threshold. */
  freeShipping: boolean;
  /** Minor units of items incl. VAT still needed for free shipping (0 when reached or none). */
  amountLeftToFreeShipping: number;
  /**
   * The same amount excl. VAT, at the VAT ratio of the cart's items (after discounts; their
   * regular prices when those are 0), for shoppers who see prices excl. VAT (companies, issue 40
   * §6). The threshold's rule is unchanged: the items incl. VAT decide. 0 for an empty cart.
   */
  amountLeftToFreeShippingExVat: number;
  paymentFeeIncVat: number;
  paymentFeeExVat: number;
  /** Everything to pay: items after discounts + shipping + payment fee; regular = no discounts. */
  total: PriceAmounts;
  /** VAT per rate, ascending rate, zero groups left out. */
  vats: VatGroup[];
  /** Ids of cart campaigns that gave a discount. */
  appliedCampaignIds: number[];
  /** The promo code in effect (null when none, or its minimum order is not met). */
  promoCode: string | null;
  /** False when a promo code was given but its minimum order value is not met. */
  promoRequirementsMet: boolean;
  /**
   * Keys of the lines the promo code in effect left out because a price campaign already
   * lowered them (`excludeDiscountedItems`, issue 40 §3), in line order; empty without such a
   * code. Every line key here: the code gave nothing.
   */
  promoExcludedLineKeys: number[];
  /** Paid with the gift card (öre), at most the total. */
  balancePending: number;
  /** Total minus the gift card part, incl. / excl. VAT. */
  totalExBalanceIncVat: number;
  totalExBalanceExVat: number;
}

/**
 * Splits `amount` over `weights` in proportion, in whole öre, so the parts add up exactly:
 * floor shares first, then the remaining öre to the largest fractional remainders (ties: the
 * earlier weight). All weights 0 gives everything to nothing (all zeros) unless amount is 0.
 * @throws RangeError for a negative amount or weight.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  if (amount < 0 || weights.some((w) => w < 0)) throw new RangeError('negative allocation');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  // BigInt: amount × weight can exceed 2^53 for large orders.
  const big = BigInt(amount);
  const bigSum = BigInt(sum);
  const shares = weights.map((w) => Number((big * BigInt(w)) / bigSum));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const order = weights
    .map((w, i) => ({ i, remainder: (big * BigInt(w)) % bigSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function campaignMatches(campaign: TotalsCartCampaign, line: TotalsLine): boolean {
  if (campaign.categoryId !== null) return line.categoryIds.includes(campaign.categoryId);
  return campaign.brandId !== null && line.brandId === campaign.brandId;
}

/**
 * Discount per line (öre incl. VAT) of one cart campaign on the lines' current amounts.
 * buy_x_pay_y: the matching units sorted by unit price, highest first; in every group of
 * `buyQuantity` units the `buyQuantity - payQuantity` cheapest are free.
 */
function campaignDiscounts(
  campaign: TotalsCartCampaign,
  lines: readonly TotalsLine[],
  remaining: readonly number[],
): number[] {
  const discounts = lines.map(() => 0);
  if (campaign.action === 'percent') {
    lines.forEach((line, i) => {
      if (campaignMatches(campaign, line)) {
        discounts[i] = divideRounded(remaining[i]! * campaign.percentBasisPoints, 10_000);
      }
    });
    return discounts;
  }
  const buy = campaign.buyQuantity;
  const free = buy - campaign.payQuantity;
  if (buy <= 0 || free <= 0) return discounts;
  const units: Array<{ line: number; price: number }> = [];
  lines.forEach((line, i) => {
    if (!campaignMatches(campaign, line) || line.quantity === 0) return;
    // The line's current amount spread over its units (largest remainder).
    const prices = allocateProportionally(remaining[i]!, Array(line.quantity).fill(1));
    for (const price of prices) units.push({ line: i, price });
  });
  units.sort((a, b) => b.price - a.price || a.line - b.line);
  for (let start = 0; start + buy <= units.length; start += buy) {
    for (let k = start + buy - free; k < start + buy; k += 1) {
      discounts[units[k]!.line]! += units[k]!.price;
    }
  }
  return discounts;
}

/**
 * Computes every amount of a cart (and of the order placed from it). Pure and deterministic.
 * @throws RangeError for a negative or non-integer quantity or amount.
 */
export function computeCartTotals(input: TotalsInput): CartTotals {
  const lines = input.lines;
  for (const line of lines) {
    for (const value of [line.quantity, line.regularUnitPriceIncVat, line.unitPriceIncVat]) {
      if (!Number.isSafeInteger(value) || value < 0) {
        throw new RangeError(`invalid line ${line.key}: ${value}`);
      }
    }
  }
  const threshold = input.freeShippingThresholdIncVat;
  if (threshold !== null && (!Number.isSafeInteger(threshold) || threshold < 0)) {
    throw new RangeError(`invalid free-shipping threshold: ${threshold}`);
  }
  const selling = lines.map(
    (l) => Math.min(l.unitPriceIncVat, l.regularUnitPriceIncVat) * l.quantity,
  );
  const remaining = [...selling];
  const campaignDiscount = lines.map(() => 0);
  const campaignIds: number[][] = lines.map(() => []);
  const applied: number[] = [];
  for (const campaign of input.campaigns ?? []) {
    const discounts = campaignDiscounts(campaign, lines, remaining);
    let any = false;
    discounts.forEach((d, i) => {
      const given = Math.min(d, remaining[i]!);
      if (given > 0) {
        remaining[i]! -= given;
        campaignDiscount[i]! += given;
        campaignIds[i]!.push(campaign.id);
        any = true;
      }
    });
    if (any) applied.push(campaign.id);
  }

  const afterCampaigns = remaining.reduce((a, b) => a + b, 0);
  const promo = input.promo ?? null;
  const promoRequirementsMet = promo === null || afterCampaigns >= promo.minOrderIncVat;
  const promoActive = promo !== null && promoRequirementsMet && lines.length > 0;
  // The lines the code applies to: all, or those without a campaign price.
  const promoApplies = lines.map(
    (line) =>
      !(promo?.excludeDiscountedItems ?? false) ||
      line.unitPriceIncVat >= line.regularUnitPriceIncVat,
  );
  const promoDiscount = lines.map(() => 0);
  if (promoActive && promo.kind === 'percent') {
    remaining.forEach((amount, i) => {
      if (!promoApplies[i]) return;
      promoDiscount[i] = Math.min(amount, divideRounded(amount * promo.percentBasisPoints, 10_000));
      remaining[i] = amount - promoDiscount[i]!;
    });
  }

  const lineTotals = lines.map((line, i) =>
    computePrice({
      regularPriceIncVat: line.regularUnitPriceIncVat * line.quantity,
      sellingPriceIncVat: remaining[i]!,
      vatRateBasisPoints: line.vatRateBasisPoints,
    }),
  );
  const subTotal = sumPrices(lineTotals);

  const fixedWeights = remaining.map((amount, i) => (promoApplies[i] ? amount : 0));
  const itemsBeforeFixed = fixedWeights.reduce((a, b) => a + b, 0);
  const fixedIncVat =
    promoActive && promo.kind === 'fixed' ? Math.min(promo.amountIncVat, itemsBeforeFixed) : 0;
  const fixedShares = allocateProportionally(fixedIncVat, fixedWeights);
  const finalInc = remaining.map((amount, i) => amount - fixedShares[i]!);
  const finalEx = finalInc.map((amount, i) => exVat(amount, lines[i]!.vatRateBasisPoints));
  const itemsIncVat = finalInc.reduce((a, b) => a + b, 0);
  const itemsExVat = finalEx.reduce((a, b) => a + b, 0);
  const fixedExVat = subTotal.sellingPriceExVat - itemsExVat;

  const freeShipping = threshold !== null && lines.length > 0 && itemsIncVat >= threshold;
  const amountLeftToFreeShipping = threshold === null ? 0 : Math.max(0, threshold - itemsIncVat);
  const amountLeftToFreeShippingExVat =
    itemsIncVat > 0
      ? exVatAtRatio(amountLeftToFreeShipping, itemsExVat, itemsIncVat)
      : exVatAtRatio(
          amountLeftToFreeShipping,
          subTotal.regularPriceExVat,
          subTotal.regularPriceIncVat,
        );
  // An empty cart ships nothing, so it costs nothing (issue 44 §5); else free over the threshold.
  const shipping = input.lines.length > 0 ? (input.shipping ?? null) : null;
  const shippingFeeIncVat =
    shipping === null
      ? 0
      : applyFreeShipping(
          shipping.feeIncVat,
          shipping.freeShippingEligible,
          itemsIncVat,
          threshold,
        );
  const shippingFeeExVat = shipping ? exVat(shippingFeeIncVat, shipping.vatRateBasisPoints) : 0;
  const payment = input.paymentFee ?? null;
  const paymentFeeIncVat = payment?.feeIncVat ?? 0;
  const paymentFeeExVat = payment ? exVat(paymentFeeIncVat, payment.vatRateBasisPoints) : 0;

  const vatByRate = new Map<number, number>();
  const addVat = (rate: number, amount: number) =>
    vatByRate.set(rate, (vatByRate.get(rate) ?? 0) + amount);
  lines.forEach((line, i) => addVat(line.vatRateBasisPoints, finalInc[i]! - finalEx[i]!));
  if (shipping) addVat(shipping.vatRateBasisPoints, shippingFeeIncVat - shippingFeeExVat);
  if (payment) addVat(payment.vatRateBasisPoints, paymentFeeIncVat - paymentFeeExVat);
  const vats = [...vatByRate.entries()]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, amount]) => ({ rateBasisPoints, amount }));

  const totalInc = itemsIncVat + shippingFeeIncVat + paymentFeeIncVat;
  const totalEx = itemsExVat + shippingFeeExVat + paymentFeeExVat;
  const regularInc = subTotal.regularPriceIncVat + shippingFeeIncVat + paymentFeeIncVat;
  const regularEx = subTotal.regularPriceExVat + shippingFeeExVat + paymentFeeExVat;
  const total: PriceAmounts = {
    sellingPriceIncVat: totalInc,
    sellingPriceExVat: totalEx,
    regularPriceIncVat: regularInc,
    regularPriceExVat: regularEx,
    discountIncVat: regularInc - totalInc,
    discountExVat: regularEx - totalEx,
    vat: totalInc - totalEx,
    discountPercentage: wholePercent(regularInc - totalInc, regularInc),
    isDiscounted: regularInc > totalInc,
  };

  const balancePending = Math.max(0, Math.min(input.giftCardBalance ?? 0, totalInc));
  const pendingEx = exVatAtRatio(balancePending, totalEx, totalInc);

  return {
    lines: lines.map((line, i) => ({
      key: line.key,
      quantity: line.quantity,
      unitPrice: computePrice({
        regularPriceIncVat: line.regularUnitPriceIncVat,
        sellingPriceIncVat: line.unitPriceIncVat,
        vatRateBasisPoints: line.vatRateBasisPoints,
      }),
      totalPrice: lineTotals[i]!,
      campaignDiscountIncVat: campaignDiscount[i]!,
      promoDiscountIncVat: promoDiscount[i]!,
      fixedDiscountIncVat: fixedShares[i]!,
      finalIncVat: finalInc[i]!,
      finalExVat: finalEx[i]!,
      campaignIds: campaignIds[i]!,
    })),
    subTotal,
    fixedAmountDiscountIncVat: fixedIncVat,
    fixedAmountDiscountExVat: fixedExVat,
    itemsIncVat,
    itemsExVat,
    shippingFeeIncVat,
    shippingFeeExVat,
    freeShipping,
    amountLeftToFreeShipping,
    amountLeftToFreeShippingExVat,
    paymentFeeIncVat,
    paymentFeeExVat,
    total,
    vats,
    appliedCampaignIds: applied,
    promoCode: promoActive ? promo.code : null,
    promoRequirementsMet,
    promoExcludedLineKeys: promoActive
      ? lines.filter((_, i) => !promoApplies[i]).map((line) => line.key)
      : [],
    balancePending,
    totalExBalanceIncVat: totalInc - balancePending,
    totalExBalanceExVat: totalEx - pendingEx,
  };
}

/**
 * The shop's free-shipping rule (SPEC §9 "free shipping over 499 kr"), the one place it is
 * applied: the cart's totals above, and a shipping provider's choices (shipping/provider.ts,
 * ADR 020 §4). An eligible method costs nothing once the items (after every discount, incl. VAT)
 * reach the market's threshold; a fee is never raised. Minor units.
 * @param threshold the market's threshold incl. VAT, null when the market has none
 */
export function applyFreeShipping(
  feeIncVat: number,
  eligible: boolean,
  itemsIncVat: number,
  threshold: number | null,
): number {
  return eligible && threshold !== null && itemsIncVat >= threshold ? 0 : feeIncVat;
}
