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

/** A calculation's result (öre, each rounded once). */
export interface LeasingResult extends LeasingMonth {
  /** The first month's figures (differs from the regular month only when the fee is `once`). */
  firstMonth: LeasingMonth;
  /** The employee's net cost over the whole period, öre. */
  netCostOverPeriod: number;
  /** P − netCostOverPeriod, öre: what the employee saves against buying at P (may be < 0). */
  savingOverPeriod: number;
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
 * G = (L + s·T)/(1 + s), net = G·(1 − m) + T·m, saving = P − Σ net.
 * @throws RangeError when the period is not a positive integer, an amount is negative or not
 *   an integer, or the marginal tax is outside 0..100 %.
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
  return {
    ...rounded(regular),
    firstMonth: rounded(first),
    netCostOverPeriod: roundOre(netCostOverPeriod),
    savingOverPeriod: roundOre(priceIncVat - netCostOverPeriod),
  };
}
