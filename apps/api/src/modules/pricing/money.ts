/**
 * Money helpers (ARCHITECTURE convention 3): amounts live as integer minor units (öre for SEK)
 * inside the shop; the API shows Decimal major units (kronor) and `…Formatted` strings made with
 * `Intl.NumberFormat` of the market's culture (GEINS-API §4 "Money conventions").
 *
 * Pure and free of database imports: the storefront imports this file too (`@trampa/api/money`).
 */

const fractionDigitsCache = new Map<string, number>();

/**
 * Number of minor-unit digits of a currency per ISO 4217 as known to Intl
 * (2 for SEK, NOK, DKK, EUR; 0 for JPY).
 * @throws RangeError for a malformed currency code.
 */
export function currencyFractionDigits(currencyCode: string): number {
  const code = currencyCode.toUpperCase();
  let digits = fractionDigitsCache.get(code);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    fractionDigitsCache.set(code, digits);
  }
  return digits;
}

/**
 * Minor units to the major-unit number the API exposes as `Decimal`: 129950 öre -> 1299.5 kronor.
 * @param minor integer amount in minor units (öre)
 * @param currencyCode ISO 4217 code, e.g. `SEK`
 */
export function minorToDecimal(minor: number, currencyCode: string): number {
  const digits = currencyFractionDigits(currencyCode);
  return digits === 0 ? minor : Number((minor / 10 ** digits).toFixed(digits));
}

/**
 * Major units (kronor, as a client sends a `Decimal`) to integer minor units (öre), rounded half
 * away from zero: 1299.5 -> 129950.
 */
export function decimalToMinor(amount: number, currencyCode: string): number {
  const digits = currencyFractionDigits(currencyCode);
  const scaled = amount * 10 ** digits;
  return Math.sign(scaled) * Math.round(Math.abs(Number(scaled.toFixed(6))));
}

const formatterCache = new Map<string, Intl.NumberFormat>();

/**
 * Formats minor units in the currency and culture of a market: whole amounts without decimals,
 * others with all minor digits. Keeps Intl's output, which for `sv-SE` separates thousands and the
 * currency with a non-breaking space (U+00A0) and writes negative amounts with U+2212:
 * `formatMoney(129900, 'SEK', 'sv-SE')` -> "1 299 kr", `formatMoney(123450, 'SEK', 'sv-SE')` ->
 * "1 234,50 kr".
 * @param minor integer amount in minor units (öre)
 * @param currencyCode ISO 4217 code, e.g. `SEK`
 * @param culture BCP 47 culture of the market, e.g. `sv-SE`
 */
export function formatMoney(minor: number, currencyCode: string, culture: string): string {
  const digits = currencyFractionDigits(currencyCode);
  const whole = digits === 0 || minor % 10 ** digits === 0;
  const shown = whole ? 0 : digits;
  const key = `${culture}|${currencyCode}|${shown}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(culture, {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    });
    formatterCache.set(key, formatter);
  }
  return formatter.format(minorToDecimal(minor, currencyCode));
}

/** The minus sign of every deduction shown to shoppers (U+2212, as Intl writes it for sv-SE). */
export const MINUS_SIGN = '\u2212';

/**
 * Formats an amount taken off (a discount, a gift card) as a deduction with the one minus sign
 * of the shop, U+2212, in every culture: `formatDeduction(2000, 'SEK', 'sv-SE')` -> "−20 kr"
 * (issue 14: one minus style for money). Zero gives "0 kr" without a sign.
 * @param minor the amount taken off, integer minor units (its sign is ignored)
 */
export function formatDeduction(minor: number, currencyCode: string, culture: string): string {
  const amount = Math.abs(minor);
  const text = formatMoney(amount, currencyCode, culture);
  return amount === 0 ? text : `${MINUS_SIGN}${text}`;
}
