/**
 * Money and dates in the back office's marketing forms (issue 26 "Prices"): amounts are typed in
 * kronor (or euro) with a decimal comma and sent as minor units (öre); times are typed in the
 * browser's local time (`datetime-local`) and sent as ISO instants.
 */

/**
 * Minor units of an amount typed as `1 299`, `1299,50` or `1299.5`; null when empty or not a
 * number (a minus sign is kept, so the API can say that negative amounts are not allowed).
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!cleaned || !/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/**
 * How the back office names a currency beside an amount: kronor as `kr`, every other currency
 * by its ISO code (`75 DKK`, `100 NOK`, `12,50 EUR`). sv-SE's own symbols ("Dkr", "Nkr") are not
 * what a Swedish shop owner reads in an invoice or a price list (issue 40 point 5).
 */
function currencyDisplay(currency: string): 'symbol' | 'code' {
  return currency === 'SEK' ? 'symbol' : 'code';
}

/**
 * Minor units as `1 299 kr`, `809,10 kr`, `75 DKK`, `12,50 EUR` (sv-SE: space grouping, decimal
 * comma, öre only when there are any). The one money format of the back office.
 */
export function formatAmount(minor: number, currency: string): string {
  return new Intl.NumberFormat('sv-SE', {
    style: 'currency',
    currency,
    currencyDisplay: currencyDisplay(currency),
    minimumFractionDigits: minor % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/**
 * A chart axis value in major units (kronor) as short Swedish text: `0 kr`, `800 kr`, `1,5 tkr`,
 * `12 tkr`, `1,2 mnkr` for SEK (tusen/miljoner kronor); other currencies as whole numbers with
 * their code (`12 000 DKK`). Not Intl's compact notation, whose sv-SE "1 tn kr" reads as tonnes.
 */
export function formatAxisAmount(major: number, currency: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat('sv-SE', { maximumFractionDigits: digits }).format(value);
  if (currency !== 'SEK') {
    return `${number(Math.round(major), 0)}\u00a0${currency}`;
  }
  const size = Math.abs(major);
  if (size >= 1_000_000) return `${number(major / 1_000_000, 1)}\u00a0mnkr`;
  if (size >= 1_000) return `${number(major / 1_000, 1)}\u00a0tkr`;
  return `${number(Math.round(major), 0)}\u00a0kr`;
}

/** Minor units for an input's value: `1299,50` (no grouping). */
export function amountText(minor: number): string {
  return (minor / 100).toFixed(minor % 100 === 0 ? 0 : 2).replace('.', ',');
}

/** An ISO instant as a `datetime-local` value in the browser's time zone. */
export function localInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as an ISO instant; null when empty or invalid. */
export function isoFromInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as `28 nov. 2026 10:00`; `–` for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '–';
}
