/**
 * The column format of the catalogue CSV (issue 26 "CSV import and export"; docs/csv-format.md):
 * one row per SKU, product columns repeated on each of its SKUs' rows, a price and VAT column
 * pair per market and a stock column per store. The cell parsers and writers here are pure and
 * each other's inverse, so an export imports back unchanged.
 */

/** The separator: semicolon, as Excel writes CSV in Swedish (the decimal comma stays free). */
export const CSV_DELIMITER = ';';

/** The fixed columns, in file order; then the market columns, then the stock columns. */
export const PRODUCT_COLUMNS = [
  'produkt_artikelnummer',
  'alias',
  'namn',
  'kort_text',
  'beskrivning',
  'varumarke',
  'kategori',
  'publicerad',
] as const;

/**
 * The SKU columns, after the product columns. `langd_mm`, `bredd_mm` and `hojd_mm` (issue 43,
 * the packed size) came later: a file without them imports as before (the sizes are kept).
 */
export const SKU_COLUMNS = [
  'sku_artikelnummer',
  'storlek',
  'ean',
  'vikt_g',
  'langd_mm',
  'bredd_mm',
  'hojd_mm',
] as const;

/** Most millimetres of a packed length, width or height (catalog-admin.input.ts's rule). */
export const MAX_DIMENSION_MM = 5_000;

/** The web stock columns, after the market columns. */
export const WEB_STOCK_COLUMNS = ['lager_webb', 'inleverans'] as const;

/** The columns every file must have. */
export const REQUIRED_COLUMNS = [
  'produkt_artikelnummer',
  'namn',
  'varumarke',
  'kategori',
  'sku_artikelnummer',
  'storlek',
] as const;

/** Price incl. VAT in a market: `pris_<market alias>`, e.g. `pris_se`. */
export function priceColumn(marketAlias: string): string {
  return `pris_${marketAlias}`;
}

/** Price excl. VAT in a market (import only): `pris_exkl_moms_<market alias>`. */
export function priceExVatColumn(marketAlias: string): string {
  return `pris_exkl_moms_${marketAlias}`;
}

/** VAT rate in percent in a market: `moms_<market alias>`, e.g. `moms_se`. */
export function vatColumn(marketAlias: string): string {
  return `moms_${marketAlias}`;
}

/** Units on a store's shelf: `lager_<store alias>`, e.g. `lager_stockholm`. */
export function storeStockColumn(storeAlias: string): string {
  return `lager_${storeAlias}`;
}

/** A cell that did not parse: the Swedish message for the report. */
export class CellError extends Error {}

/** Spaces (also the no-break and narrow no-break spaces of Swedish number formats) removed. */
function withoutSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, '');
}

/**
 * Kronor (or euro …) with at most two decimals, comma or point, spaces allowed ("1 299,00",
 * "1299.5", "1299") → minor units (öre). Empty → null.
 * @throws CellError for anything else
 */
export function parseMoney(text: string): number | null {
  const value = withoutSpaces(text);
  if (value === '') return null;
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) throw new CellError('Ange priset i kronor, t.ex. 1299,00');
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Minor units → "1299,00" (no thousands separator: ERPs read it back as one number). */
export function formatMoney(minor: number): string {
  return `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
}

/**
 * A VAT rate in percent with at most two decimals ("25", "12", "6", "25,5") → basis points.
 * Empty → null.
 * @throws CellError for anything else or above 100 %
 */
export function parseVatPercent(text: string): number | null {
  const value = withoutSpaces(text).replace(/%$/, '');
  if (value === '') return null;
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(value);
  const points = match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : NaN;
  if (!(points >= 0 && points <= 10_000)) throw new CellError('Ange momsen i procent, t.ex. 25');
  return points;
}

/** Basis points → percent: 2500 → "25", 1250 → "12,5". */
export function formatVatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  if (rest === 0) return String(whole);
  return `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A whole number of units, grams or millimetres, 0 to `max` ("12"). Empty → null.
 * @throws CellError for anything else
 */
export function parseCount(text: string, max = 1_000_000): number | null {
  const value = withoutSpaces(text);
  if (value === '') return null;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max) {
    throw new CellError(`Ange ett heltal från 0 till ${max}`);
  }
  return Number(value);
}

/**
 * "ja"/"nej" (also "1"/"0", "true"/"false", any case) → boolean. Empty → null.
 * @throws CellError for anything else
 */
export function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (value === '') return null;
  if (['ja', '1', 'true', 'j', 'yes'].includes(value)) return true;
  if (['nej', '0', 'false', 'n', 'no'].includes(value)) return false;
  throw new CellError('Skriv ja eller nej');
}

/** true → "ja", false → "nej". */
export function formatYesNo(value: boolean): string {
  return value ? 'ja' : 'nej';
}

/**
 * A date yyyy-mm-dd that exists ("2026-12-24"). Empty → null.
 * @throws CellError for anything else
 */
export function parseDate(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  const day = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(day.getTime()) ||
    !day.toISOString().startsWith(value)
  ) {
    throw new CellError('Ange datumet som ÅÅÅÅ-MM-DD, t.ex. 2026-12-24');
  }
  return value;
}
