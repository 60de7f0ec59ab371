/**
 * The 30-day lowest price (prisinformationslagen 7 a §, EU Omnibus directive 2019/2161 art. 6a;
 * GEINS-API §4.2 `LowestPriceType`, `PriceLogItemType`; issue 25). The one home of the rules:
 * - the comparison price ("tidigare pris") of the current selling price is the lowest selling
 *   price in effect during the {@link WINDOW_DAYS} days before the current selling price took
 *   effect; a reduction (discount, percentage, `isDiscounted`) is only ever stated against it;
 *   without any earlier price known it is the selling price itself (nothing to compare with);
 * - the lowest price is the lowest selling price in effect during the last {@link WINDOW_DAYS}
 *   days up to now, the current one included;
 * - the price log lists the last {@link WINDOW_DAYS} days (UTC dates), each with the lowest
 *   price in effect that day.
 *
 * Pure: the rows come from price-log.ts, the current price from pricing.service.ts.
 */
import { computePrice, exVat, wholePercent, type PriceAmounts } from './price.ts';

/** Days of the window the law speaks of. */
export const WINDOW_DAYS = 30;
/**
 * Days of log the rules read before `now`: the comparison window of a price that took effect up
 * to {@link WINDOW_DAYS} days ago. For a selling price older than that, the row in effect at the
 * start of this period stands for everything before it.
 */
export const LOG_LOOKBACK_DAYS = 2 * WINDOW_DAYS;

const DAY_MS = 86_400_000;

/** A price log row: the prices in effect from `changedAt` until the next row (minor units). */
export interface PriceLogEntry {
  changedAt: Date;
  /** Selling price incl. VAT. */
  sellingPriceIncVat: number;
  /** Regular price incl. VAT. */
  regularPriceIncVat: number;
  /** VAT rate, basis points (2500 = 25 %). */
  vatRateBasisPoints: number;
}

/** The product's current prices (computed live, pricing.service.ts), minor units. */
export type CurrentPrice = Omit<PriceLogEntry, 'changedAt'>;

/** The amounts of a `LowestPriceType`, minor units. */
export interface LowestPriceAmounts {
  sellingPriceIncVat: number;
  sellingPriceExVat: number;
  /** The lowest price of the 30 days before the current selling price took effect. */
  comparisonPriceIncVat: number;
  comparisonPriceExVat: number;
  /** The lowest price of the last 30 days, the current one included. */
  lowestPriceIncVat: number;
  lowestPriceExVat: number;
  /** comparison - selling, never below 0. */
  discountIncVat: number;
  discountExVat: number;
  /** Whole percent of the comparison price (price.ts `wholePercent`). */
  discountPercentage: number;
  /** VAT contained in the selling price. */
  vat: number;
  /** True when the selling price is below the comparison price. */
  isDiscounted: boolean;
}

/** One day of `priceLog`: `PriceType` amounts of the day's lowest price, minor units. */
export interface PriceLogDay extends PriceAmounts {
  /** UTC date, `yyyy-mm-dd`. */
  date: string;
  /** True on the day(s) with the lowest selling price of the listed days. */
  isLowest: boolean;
}

/**
 * The log up to `now` with the current price as its last row: when the log does not end with
 * the current prices yet (a write or a campaign boundary not yet recorded), a row at `now`.
 */
function timeline(entries: readonly PriceLogEntry[], current: CurrentPrice, now: Date) {
  const rows = entries.filter((e) => e.changedAt <= now);
  const last = rows.at(-1);
  const same =
    last &&
    last.sellingPriceIncVat === current.sellingPriceIncVat &&
    last.regularPriceIncVat === current.regularPriceIncVat &&
    last.vatRateBasisPoints === current.vatRateBasisPoints;
  if (!same) rows.push({ ...current, changedAt: now });
  return rows;
}

/** The rows in effect at some moment of [from, to): the one in effect at `from` and later ones. */
function inEffect(rows: readonly PriceLogEntry[], from: Date, to: Date): PriceLogEntry[] {
  let opening = -1;
  for (let i = 0; i < rows.length && rows[i]!.changedAt <= from; i += 1) opening = i;
  return rows.filter((row, i) => (i === opening || row.changedAt > from) && row.changedAt < to);
}

function lowestOf(rows: readonly PriceLogEntry[]): PriceLogEntry | null {
  let best: PriceLogEntry | null = null;
  for (const row of rows) {
    if (best === null || row.sellingPriceIncVat < best.sellingPriceIncVat) best = row;
  }
  return best;
}

/**
 * The `LowestPriceType` amounts of a product in a market at `now` from its log rows (oldest
 * first, as price-log.ts `priceLogsByProductIds` gives them) and its current prices.
 */
export function lowestPriceOf(
  entries: readonly PriceLogEntry[],
  current: CurrentPrice,
  now: Date,
): LowestPriceAmounts {
  const rows = timeline(entries, current, now);
  // When the current selling price took effect: the start of the last run of equal prices.
  let start = rows.length - 1;
  while (start > 0 && rows[start - 1]!.sellingPriceIncVat === current.sellingPriceIncVat) {
    start -= 1;
  }
  const effectiveFrom = rows[start]!.changedAt;
  const before = inEffect(
    rows,
    new Date(effectiveFrom.getTime() - WINDOW_DAYS * DAY_MS),
    effectiveFrom,
  );
  const selling = current.sellingPriceIncVat;
  const comparison = lowestOf(before)?.sellingPriceIncVat ?? selling;
  const lowest = Math.min(
    selling,
    lowestOf(inEffect(rows, new Date(now.getTime() - WINDOW_DAYS * DAY_MS), now))
      ?.sellingPriceIncVat ?? selling,
  );
  const vatRate = current.vatRateBasisPoints;
  const sellingEx = exVat(selling, vatRate);
  const comparisonEx = exVat(comparison, vatRate);
  const discountInc = Math.max(0, comparison - selling);
  return {
    sellingPriceIncVat: selling,
    sellingPriceExVat: sellingEx,
    comparisonPriceIncVat: comparison,
    comparisonPriceExVat: comparisonEx,
    lowestPriceIncVat: lowest,
    lowestPriceExVat: exVat(lowest, vatRate),
    discountIncVat: discountInc,
    discountExVat: Math.max(0, comparisonEx - sellingEx),
    discountPercentage: wholePercent(discountInc, comparison),
    vat: selling - sellingEx,
    isDiscounted: discountInc > 0,
  };
}

/** `yyyy-mm-dd` of a moment, UTC. */
function utcDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * `priceLog`: the last {@link WINDOW_DAYS} UTC days up to and including today, oldest first,
 * each with the `PriceType` amounts of the lowest selling price in effect that day; days before
 * the product's first logged price are left out. `isLowest` marks the day(s) whose price is the
 * lowest of the list.
 */
export function priceLogDays(
  entries: readonly PriceLogEntry[],
  current: CurrentPrice,
  now: Date,
): PriceLogDay[] {
  const rows = timeline(entries, current, now);
  const today = Date.parse(`${utcDate(now)}T00:00:00Z`);
  const days: Array<Omit<PriceLogDay, 'isLowest'>> = [];
  for (let d = WINDOW_DAYS - 1; d >= 0; d -= 1) {
    const dayStart = new Date(today - d * DAY_MS);
    const dayEnd = new Date(Math.min(dayStart.getTime() + DAY_MS, now.getTime() + 1));
    const row = lowestOf(inEffect(rows, dayStart, dayEnd));
    if (!row) continue;
    days.push({
      date: utcDate(dayStart),
      ...computePrice({
        regularPriceIncVat: row.regularPriceIncVat,
        sellingPriceIncVat: row.sellingPriceIncVat,
        vatRateBasisPoints: row.vatRateBasisPoints,
      }),
    });
  }
  const lowest = Math.min(...days.map((day) => day.sellingPriceIncVat));
  return days.map((day) => ({ ...day, isLowest: day.sellingPriceIncVat === lowest }));
}
