/**
 * Förmånscykel (salary-exchange bike leasing) monthly cost: a pure function of the bike price,
 * the chosen period and service package and the employee's marginal tax (SPEC §1, §3 "leasing
 * calculation", §5, §9; issue 21; the formulas and their Skatteverket sources are in
 * docs/decisions/013-formanscykel-calculation.md).
 *
 * Money is integer minor units (öre) in and out. Intermediate values are kept unrounded and every
 * result is rounded once, at the end, half away from zero (as the pricing module does), so the
 * parts of a result need not add up to the öre.
 *
 * Pure and free of database imports: the storefront imports this file (`@trampa/api/leasing`).
 */

/** How the one-off setup fee is charged. */
export type SetupFeeMode = 'spread' | 'once';

/** The rates and fees of a calculation (all money in öre, rates in basis points: 1 % = 100). */
export interface LeasingRates {
  /** Yearly interest of the lease in basis points; 0 gives a straight P / n. */
  yearlyInterestBasisPoints: number;
  /** Setup fee in öre (SPEC §9: 200 kr = 20 000). */
  setupFee: number;
  /** `spread` adds setupFee / n to every month; `once` adds it to the first month. */
  setupFeeMode: SetupFeeMode;
  /** Reduction of the monthly benefit value in öre (SPEC §9: 250 kr = 25 000). */
  benefitReductionPerMonth: number;
  /** Employer's social fees (arbetsgivaravgifter) in basis points (31.42 % = 3142). */
  employerFeeBasisPoints: number;
  /**
   * Estimated market value of the bike after `residualValueMonths`, basis points of its price
   * (20 % = 2000 after 36 months, the big leasing providers' guide; issue 40 point 4). The
   * buy-out price at the end of a lease of any length follows from it ({@link residualShare}).
   */
  residualValueBasisPoints: number;
  /** The lease length, months, that `residualValueBasisPoints` is given for (36). */
  residualValueMonths: number;
}

/** One calculation's input. */
export interface LeasingInput {
  /** Bike price incl. VAT, öre (P). */
  priceIncVat: number;
  /** Lease period in months (n), a positive integer. */
  periodMonths: number;
  /** Service package fee per year incl. VAT, öre (S); 0 for no package. */
  packageFeePerYear: number;
  /** Employee's marginal tax in basis points (m; 32 % = 3200), 0..10 000. */
  marginalTaxBasisPoints: number;
}

/** The monthly figures of a regular month (the setup fee spread, or left out when `once`). */
export interface LeasingMonth {
  /** Leasing cost L, öre: bike annuity + S / 12 (+ setup fee / n when spread). */
  leasingCost: number;
  /** Benefit value F = L, öre. */
  benefitValue: number;
  /** Taxable benefit T = max(0, F − reduction), öre. */
  taxableBenefit: number;
  /** Gross-salary deduction G = (L + s·T) / (1 + s), öre. */
  grossDeduction: number;
  /** Net cost to the employee G·(1 − m) + T·m, öre. */
  netCost: number;
}

/**
 * Leasing against buying the bike now (issue 40 point 4), öre, each rounded once. The employee
 * does not own the bike after the period: they return it, or buy it out at its market value
 * (Skatteverket: a buy-out below market value is a taxable benefit and is not covered by the
 * 3 000 kr exemption), estimated here from the settings' residual value.
 */
export interface LeasingComparison {
  /** The bike's price incl. VAT (P), öre: what buying it now costs. */
  price: number;
  /** The employee's net cost over the whole period, öre (as {@link LeasingResult}). */
  netCostOverPeriod: number;
  /** Estimated market value at the end of the period (the buy-out price), öre. */
  buyOutPrice: number;
  /** `buyOutPrice` as a share of the price, whole percent (for "ca 20 % av priset"). */
  buyOutPercent: number;
  /** netCostOverPeriod + buyOutPrice, öre: leasing, then owning the bike. */
  totalWithBuyOut: number;
  /**
   * price − totalWithBuyOut, öre: > 0 leasing and buying out costs that much less than buying
   * now, < 0 that much more.
   */
  differenceWithBuyOut: number;
  /**
   * price − netCostOverPeriod, öre: what returning the bike leaves unspent against buying it
   * (< 0: the lease alone costs more than the price). The bike is not the employee's then.
   */
  differenceWhenReturned: number;
}

/** A calculation's result (öre, each rounded once). */
export interface LeasingResult extends LeasingMonth {
  /** The first month's figures (differs from the regular month only when the fee is `once`). */
  firstMonth: LeasingMonth;
  /** The employee's net cost over the whole period, öre. */
  netCostOverPeriod: number;
  /** Leasing against buying now, with the return or buy-out at the end (issue 40 point 4). */
  comparison: LeasingComparison;
}

/**
 * The monthly annuity of an amount: `amount · r / (1 − (1 + r)^−n)` with r the monthly rate
 * (yearly / 12); `amount / n` when the rate is 0. Unrounded.
 */
export function annuity(amount: number, periodMonths: number, yearlyBasisPoints: number): number {
  const r = yearlyBasisPoints / 10_000 / 12;
  if (r === 0) return amount / periodMonths;
  return (amount * r) / (1 - Math.pow(1 + r, -periodMonths));
}

/**
 * The bike's estimated market value after `periodMonths` as a share of its price (0..1,
 * unrounded): the settings' residual value r after R months, declining by the same factor each
 * month, r^(n / R) (20 % after 36 months gives 58.5 % after 12). 1 for a residual of 100 %.
 * @throws RangeError when the residual value is outside 0..100 % or its months are not positive.
 */
export function residualShare(
  periodMonths: number,
  rates: Pick<LeasingRates, 'residualValueBasisPoints' | 'residualValueMonths'>,
): number {
  const { residualValueBasisPoints: bp, residualValueMonths: months } = rates;
  if (!(bp >= 0 && bp <= 10_000)) throw new RangeError(`residual value out of range: ${bp}`);
  if (!Number.isInteger(months) || months <= 0) {
    throw new RangeError(`residual value months must be positive: ${months}`);
  }
  return Math.pow(bp / 10_000, periodMonths / months);
}

/** Rounds öre half away from zero (one rounding at the end). */
function roundOre(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(Number(value.toFixed(6))));
}

interface UnroundedMonth {
  leasingCost: number;
  benefitValue: number;
  taxableBenefit: number;
  grossDeduction: number;
  netCost: number;
}

/** The formulas of one month from its leasing cost L (unrounded). */
function month(leasingCost: number, m: number, s: number, reduction: number): UnroundedMonth {
  const benefitValue = leasingCost;
  const taxableBenefit = Math.max(0, benefitValue - reduction);
  const grossDeduction = (leasingCost + s * taxableBenefit) / (1 + s);
  const netCost = grossDeduction * (1 - m) + taxableBenefit * m;
  return { leasingCost, benefitValue, taxableBenefit, grossDeduction, netCost };
}

function rounded(value: UnroundedMonth): LeasingMonth {
  return {
    leasingCost: roundOre(value.leasingCost),
    benefitValue: roundOre(value.benefitValue),
    taxableBenefit: roundOre(value.taxableBenefit),
    grossDeduction: roundOre(value.grossDeduction),
    netCost: roundOre(value.netCost),
  };
}

/**
 * The monthly cost of a förmånscykel (issue 21, ADR 013):
 * L = P·annuity(n, rate) + S/12 (+ setup/n), F = L, T = max(0, F − 250 kr),
 * G = (L + s·T)/(1 + s), net = G·(1 − m) + T·m; and the comparison with buying now (issue 40):
 * buy-out = P·residualShare(n), total with buy-out = Σ net + buy-out, differences P − totals.
 * @throws RangeError when the period is not a positive integer, an amount is negative or not
 *   an integer, the marginal tax is outside 0..100 % or the residual value setting is invalid.
 */
export function calculateLeasing(input: LeasingInput, rates: LeasingRates): LeasingResult {
  const { priceIncVat, periodMonths: n, packageFeePerYear, marginalTaxBasisPoints } = input;
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`period must be positive: ${n}`);
  for (const [name, amount] of Object.entries({ priceIncVat, packageFeePerYear })) {
    if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`${name}: ${amount}`);
  }
  if (!(marginalTaxBasisPoints >= 0 && marginalTaxBasisPoints <= 10_000)) {
    throw new RangeError(`marginal tax out of range: ${marginalTaxBasisPoints}`);
  }
  const m = marginalTaxBasisPoints / 10_000;
  const s = rates.employerFeeBasisPoints / 10_000;
  const reduction = rates.benefitReductionPerMonth;
  const spread = rates.setupFeeMode === 'spread' ? rates.setupFee / n : 0;
  const base =
    annuity(priceIncVat, n, rates.yearlyInterestBasisPoints) + packageFeePerYear / 12 + spread;
  const regular = month(base, m, s, reduction);
  const first =
    rates.setupFeeMode === 'once' ? month(base + rates.setupFee, m, s, reduction) : regular;
  const netCostOverPeriod = first.netCost + regular.netCost * (n - 1);
  const share = residualShare(n, rates);
  const buyOutPrice = priceIncVat * share;
  return {
    ...rounded(regular),
    firstMonth: rounded(first),
    netCostOverPeriod: roundOre(netCostOverPeriod),
    comparison: {
      price: priceIncVat,
      netCostOverPeriod: roundOre(netCostOverPeriod),
      buyOutPrice: roundOre(buyOutPrice),
      buyOutPercent: Math.round(share * 100),
      totalWithBuyOut: roundOre(netCostOverPeriod + buyOutPrice),
      differenceWithBuyOut: roundOre(priceIncVat - netCostOverPeriod - buyOutPrice),
      differenceWhenReturned: roundOre(priceIncVat - netCostOverPeriod),
    },
  };
}
