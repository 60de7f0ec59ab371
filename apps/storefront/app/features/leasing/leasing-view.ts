/**
 * The förmånscykel calculator's view (issue 21): what the server hands the product page and the
 * choice the shopper makes. The figures come from the API's pure calculation
 * (`@trampa/api/leasing`, ADR 013), run on the server for the first render and again in the
 * browser when a control changes. Money in öre.
 */
import { calculateLeasing, type LeasingRates, type LeasingResult } from '@trampa/api/leasing';
import { formatMoney } from '@trampa/api/money';

/** Query parameters of the calculator's GET form (works without JavaScript). */
export const LEASING_PARAMS = {
  period: 'manader',
  packageId: 'servicepaket',
  tax: 'marginalskatt',
} as const;

/** A service package as the calculator shows it (öre per year). */
export interface LeasingPackageView {
  id: string;
  name: string;
  pricePerYear: number;
  standardPricePerYear: number | null;
}

/** The shopper's choice. `taxPercent` is the text entered (decimal comma allowed). */
export interface LeasingChoice {
  period: number;
  packageId: string;
  taxPercent: string;
}

/** Everything the calculator needs (serialisable loader data). */
export interface LeasingView {
  /** Bike price incl. VAT, öre (the selling price). */
  priceIncVat: number;
  rates: LeasingRates;
  periods: number[];
  packages: LeasingPackageView[];
  /** Marginal tax limits and default, percent. */
  minTaxPercent: number;
  maxTaxPercent: number;
  defaultTaxPercent: number;
  /** The choice of the first render (from the GET form's parameters, else the defaults). */
  initial: LeasingChoice;
  /** The settings' default choice (the calculator opens by itself when `initial` differs). */
  defaults: LeasingChoice;
  /** Lowest net cost per month at the default marginal tax over every period and package. */
  fromNetCost: number;
  /** False when the price lies outside the limits: the page shows `limitText` instead. */
  withinLimits: boolean;
  /** The price limits, formatted ("5 000 kr"). */
  minPriceText: string;
  maxPriceText: string;
}

/** Whole kronor for shoppers: "624 kr" (sv-SE, non-breaking spaces). */
export function formatKronor(ore: number): string {
  return formatMoney(Math.round(ore / 100) * 100, 'SEK', 'sv-SE');
}

/**
 * The marginal tax a shopper typed, in basis points, or null when it is not a number within
 * `min`..`max` percent ("32", "32,5" and "32.5" are read).
 */
export function parseTaxPercent(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  if (!(value >= min && value <= max)) return null;
  return Math.round(value * 100);
}

/** The figures of a choice, or null when the marginal tax is invalid. */
export function leasingFigures(view: LeasingView, choice: LeasingChoice): LeasingResult | null {
  const tax = parseTaxPercent(choice.taxPercent, view.minTaxPercent, view.maxTaxPercent);
  if (tax === null) return null;
  const pkg = view.packages.find((p) => p.id === choice.packageId) ?? view.packages[0];
  return calculateLeasing(
    {
      priceIncVat: view.priceIncVat,
      periodMonths: choice.period,
      packageFeePerYear: pkg?.pricePerYear ?? 0,
      marginalTaxBasisPoints: tax,
    },
    view.rates,
  );
}
