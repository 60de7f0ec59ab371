/**
 * The back office's display formats besides money (money.ts) (issue 40 point 5: "one
 * formatting function per thing, shared by the admin app"): percentages with a decimal comma
 * and markets by name instead of their internal id.
 */

const percent = new Intl.NumberFormat('sv-SE', { style: 'percent', maximumFractionDigits: 2 });

/** A percentage (`25.5` for 25,5 %) as sv-SE text: `25,5 %`, `12 %`, `6 %`. */
export function formatPercent(value: number): string {
  return percent.format(value / 100);
}

/** Basis points (2550 = 25,5 %), as VAT rates are stored, as {@link formatPercent} text. */
export function formatBasisPoints(basisPoints: number): string {
  return formatPercent(basisPoints / 100);
}

const regions = new Intl.DisplayNames('sv', { type: 'region' });

/**
 * A country code (ISO 3166-1 alpha-2, `SE`) as its Swedish name (`Sverige`), as an address is
 * printed; an unknown or empty code is shown as it is.
 */
export function countryName(code: string): string {
  if (!code) return code;
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * A market id (`SE|SEK`, the Geins form `{country}|{currency}`) as staff read it: the country's
 * Swedish name and the currency, `Sverige (SEK)`, `Norge (NOK)`. An id of another form is shown
 * as it is.
 */
export function marketName(marketId: string): string {
  const [country = '', currency = ''] = marketId.split('|');
  const name = countryName(country);
  return currency ? `${name} (${currency})` : name;
}
