/**
 * The shop's förmånscykel settings (SPEC §9, issue 21): periods, setup fee, the benefit-value
 * reduction, service packages, the estimated residual value at the end (issue 40) and the price
 * limits per bike. Configuration, not data: a shop changes them here (one place), and the API
 * shows them to the storefront as `leasingSettings`.
 *
 * Pure and free of database imports: the storefront imports this file (`@trampa/api/leasing`).
 */
import type { LeasingRates } from './leasing-calculation.ts';

/** A service package of the lease (SPEC §9). */
export interface LeasingPackage {
  /** Stable id: `none`, `bas`, `trygg`, `bekymmersfri`. */
  id: string;
  /** Name shown to shoppers. */
  name: string;
  /** Price per year incl. VAT, öre (S). */
  pricePerYear: number;
  /** Standard price per year incl. VAT, öre, shown struck through; null when none. */
  standardPricePerYear: number | null;
}

/** All leasing settings (money in öre, rates in basis points). */
export interface LeasingSettings extends LeasingRates {
  /** Periods offered, months (SPEC §9: 12 and 36). */
  periods: number[];
  /** Period preselected in the calculator. */
  defaultPeriod: number;
  /** Packages offered, in display order; the first is "no package". */
  packages: LeasingPackage[];
  /** Package preselected in the calculator. */
  defaultPackageId: string;
  /** Lowest bike price incl. VAT that can be leased, öre. */
  minPrice: number;
  /** Highest bike price incl. VAT that can be leased, öre. */
  maxPrice: number;
  /** Marginal tax assumed until the customer enters one, basis points (32 %). */
  defaultMarginalTaxBasisPoints: number;
  /** Lowest marginal tax a customer may enter, basis points (0 %). */
  minMarginalTaxBasisPoints: number;
  /** Highest marginal tax a customer may enter, basis points (60 %). */
  maxMarginalTaxBasisPoints: number;
}

/** The settings of the shop (SPEC §9; limits 5 000–60 000 kr per bike). */
export const LEASING_SETTINGS: LeasingSettings = {
  periods: [12, 36],
  defaultPeriod: 36,
  packages: [
    { id: 'none', name: 'Inget servicepaket', pricePerYear: 0, standardPricePerYear: null },
    { id: 'bas', name: 'Bas', pricePerYear: 66_000, standardPricePerYear: 70_000 },
    { id: 'trygg', name: 'Trygg', pricePerYear: 102_000, standardPricePerYear: 120_000 },
    {
      id: 'bekymmersfri',
      name: 'Bekymmersfri',
      pricePerYear: 162_000,
      standardPricePerYear: 200_000,
    },
  ],
  defaultPackageId: 'none',
  setupFee: 20_000,
  setupFeeMode: 'spread',
  yearlyInterestBasisPoints: 0,
  benefitReductionPerMonth: 25_000,
  employerFeeBasisPoints: 3142,
  // The buy-out at the end is at market value (Skatteverket); the big providers (Bikelease,
  // Epassi, Bike Benefits) put a 36-month-old bike at about 20 % of its new price (ADR 013).
  residualValueBasisPoints: 2000,
  residualValueMonths: 36,
  minPrice: 500_000,
  maxPrice: 6_000_000,
  defaultMarginalTaxBasisPoints: 3200,
  minMarginalTaxBasisPoints: 0,
  maxMarginalTaxBasisPoints: 6000,
};

/** True when a bike at this price (incl. VAT, öre) is within the leasing limits. */
export function withinLeasingLimits(priceIncVat: number, settings: LeasingSettings): boolean {
  return priceIncVat >= settings.minPrice && priceIncVat <= settings.maxPrice;
}
