/**
 * Loads the förmånscykel calculator of a product page (issue 21): the API's `leasingSettings`
 * (our own query) turned into öre and basis points, the shopper's choice from the GET form's
 * parameters (so the calculator works without JavaScript) and the "från" figure. Null when the
 * product is not leasable or the market does not pay in SEK (the scheme is Swedish).
 */
import { decimalToMinor } from '@trampa/api/money';
import type { AppLoadContext } from 'react-router';
import { LeasingSettingsDocument } from '../../graphql/generated';
import {
  formatKronor,
  LEASING_PARAMS,
  leasingFigures,
  type LeasingChoice,
  type LeasingView,
} from './leasing-view';

const ore = (kronor: number) => decimalToMinor(kronor, 'SEK');
const basisPoints = (percent: number) => Math.round(percent * 100);

/**
 * The calculator of a product: `priceIncVat` is its selling price in kronor of the market.
 * Null when the product is not leasable, has no price, or the market's currency is not SEK;
 * a failing settings query also gives null (the page is useful without the calculator).
 */
export async function loadLeasing(
  context: AppLoadContext,
  product: { leasable: boolean; priceIncVat: number | null | undefined },
  url: URL,
): Promise<LeasingView | null> {
  if (!product.leasable || product.priceIncVat == null || context.market.currency !== 'SEK') {
    return null;
  }
  const data = await context.api.query(LeasingSettingsDocument, {}).catch(() => null);
  const settings = data?.leasingSettings;
  if (!settings) return null;
  const priceIncVat = ore(product.priceIncVat);
  const packages = settings.packages.map((p) => ({
    id: p.id,
    name: p.name,
    pricePerYear: ore(p.pricePerYear),
    standardPricePerYear: p.standardPricePerYear == null ? null : ore(p.standardPricePerYear),
  }));
  const minPrice = ore(settings.minPrice);
  const maxPrice = ore(settings.maxPrice);
  const view: LeasingView = {
    priceIncVat,
    rates: {
      yearlyInterestBasisPoints: basisPoints(settings.yearlyInterestPercent),
      setupFee: ore(settings.setupFee),
      setupFeeMode: settings.setupFeeSpread ? 'spread' : 'once',
      benefitReductionPerMonth: ore(settings.benefitReductionPerMonth),
      employerFeeBasisPoints: basisPoints(settings.employerFeePercent),
      residualValueBasisPoints: basisPoints(settings.residualValuePercent),
      residualValueMonths: settings.residualValueMonths,
    },
    periods: settings.periods,
    packages,
    minTaxPercent: settings.minMarginalTaxPercent,
    maxTaxPercent: settings.maxMarginalTaxPercent,
    defaultTaxPercent: settings.defaultMarginalTaxPercent,
    initial: { period: 0, packageId: '', taxPercent: '' },
    defaults: {
      period: settings.defaultPeriod,
      packageId: settings.defaultPackageId,
      taxPercent: String(settings.defaultMarginalTaxPercent),
    },
    fromNetCost: 0,
    withinLimits: priceIncVat >= minPrice && priceIncVat <= maxPrice,
    minPriceText: formatKronor(minPrice),
    maxPriceText: formatKronor(maxPrice),
  };
  view.initial = choiceFromUrl(url, view);
  const defaultTax = view.defaults.taxPercent;
  view.fromNetCost = Math.min(
    ...view.periods.flatMap((period) =>
      packages.map(
        (p) =>
          leasingFigures(view, { period, packageId: p.id, taxPercent: defaultTax })?.netCost ??
          Infinity,
      ),
    ),
  );
  return view;
}

/** The choice the GET form sent, each part falling back to the default when unknown. */
function choiceFromUrl(url: URL, view: LeasingView): LeasingChoice {
  const period = Number(url.searchParams.get(LEASING_PARAMS.period));
  const packageId = url.searchParams.get(LEASING_PARAMS.packageId) ?? '';
  const tax = url.searchParams.get(LEASING_PARAMS.tax);
  return {
    period: view.periods.includes(period) ? period : view.defaults.period,
    packageId: view.packages.some((p) => p.id === packageId) ? packageId : view.defaults.packageId,
    taxPercent: tax ?? view.defaults.taxPercent,
  };
}
