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

/** The logged-in customer's profile as `getUser` gives it (the parts the application uses). */
export interface LeasingProfile {
  email?: string | null;
  address?: {
    firstName?: string | null;
    lastName?: string | null;
    addressLine1?: string | null;
    zip?: string | null;
    city?: string | null;
    mobile?: string | null;
    phone?: string | null;
  } | null;
}

/** The application form's fields about the employee, by input name. */
export type LeasingEmployeeValues = Record<
  'firstName' | 'lastName' | 'email' | 'phone' | 'addressLine1' | 'zip' | 'city',
  string
>;

/**
 * The application's employee fields filled in from a logged-in customer's account (issue 40
 * point 4): name, e-mail, mobile (else phone) and address; '' where the account has none. The
 * employer fields are never filled: the account does not know the employer.
 */
export function employeeDefaults(
  profile: LeasingProfile | null | undefined,
): LeasingEmployeeValues {
  const from = profile?.address ?? {};
  const text = (value: string | null | undefined) => (value ?? '').trim();
  return {
    firstName: text(from.firstName),
    lastName: text(from.lastName),
    email: text(profile?.email),
    phone: text(from.mobile) || text(from.phone),
    addressLine1: text(from.addressLine1),
    zip: text(from.zip),
    city: text(from.city),
  };
}
