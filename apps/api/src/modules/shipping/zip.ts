/**
 * Postcodes per country (issue 4 "Shipping per market": the checkout asks for a postcode of the
 * checkout market's country). Pure and free of database imports: the storefront imports it too
 * (`@trampa/api/zip`) to tell the shopper at once that a postcode is malformed (issue 14), and
 * every place that prints a postcode writes it with {@link formatZip} (issue 40 §6: the
 * confirmation, the account's orders, the order e-mail, documents and the back office).
 */

/** Postcode shape per country (ISO 3166-1 alpha-2): digits and the range in use. */
const ZIP_RULES: Readonly<Record<string, { digits: number; min: number; max: number }>> = {
  /** Posten: 100 00 – 984 99. */
  SE: { digits: 5, min: 10_000, max: 98_499 },
  /** Posten Norge: 0001 – 9991. */
  NO: { digits: 4, min: 1, max: 9_991 },
  /** PostNord Danmark: 0800 – 9990. */
  DK: { digits: 4, min: 800, max: 9_990 },
  /** Posti: 00100 – 99999. */
  FI: { digits: 5, min: 100, max: 99_999 },
  /** Deutsche Post: 01001 – 99998. */
  DE: { digits: 5, min: 1_001, max: 99_998 },
};

/**
 * A postcode of the country without spaces (and without a leading country prefix such as
 * "FI-"), or null when it is not a postcode there. Countries without a rule accept 3–10 letters
 * and digits.
 * @param countryCode ISO 3166-1 alpha-2 code of the checkout market's country, default SE
 */
export function normalizeZip(
  zip: string | null | undefined,
  countryCode: string = 'SE',
): string | null {
  const code = countryCode.toUpperCase();
  const compact = (zip ?? '')
    .replace(/\s+/g, '')
    .replace(new RegExp(`^${code}-`, 'i'), '')
    .toUpperCase();
  const rule = ZIP_RULES[code];
  if (!rule) return /^[A-Z0-9]{3,10}$/.test(compact) ? compact : null;
  if (compact.length !== rule.digits || !/^\d+$/.test(compact)) return null;
  const value = Number(compact);
  return value >= rule.min && value <= rule.max ? compact : null;
}

/**
 * A postcode as the country's post writes it, for printing: Swedish postcodes in two groups
 * ("41101" and "411 01" -> "411 01", Posten's form), the other countries' without spaces
 * ("0150", "2100", "00100", "10115"). A value that is not a postcode of the country is printed as
 * it was entered (trimmed, inner spaces collapsed) rather than hidden; empty gives "".
 * Issue 40 §6: one formatter for every postcode the shop prints.
 * @param countryCode ISO 3166-1 alpha-2 code of the address's country; anything else (empty, or
 *   a country's name, which addresses may hold) counts as SE, the shop's home country
 */
export function formatZip(zip: string | null | undefined, countryCode: string = 'SE'): string {
  const code = /^[a-z]{2}$/i.test(countryCode) ? countryCode.toUpperCase() : 'SE';
  const normalized = normalizeZip(zip, code);
  if (normalized === null) return (zip ?? '').trim().replace(/\s+/g, ' ');
  return code === 'SE' ? `${normalized.slice(0, 3)} ${normalized.slice(3)}` : normalized;
}
