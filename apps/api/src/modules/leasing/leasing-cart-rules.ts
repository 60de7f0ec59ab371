/**
 * The rules of a leasing cart (issue 21, SPEC §5 leasing rules, §9): it holds at least one bike,
 * only leasable items, and each bike's price lies within the limits of the settings. One
 * function per rule; {@link leasingCartProblems} lists every broken rule. The API refuses an
 * application whose cart breaks one (LEASING_RULES); the storefront shows the same problems
 * with the Swedish texts of {@link LEASING_RULE_TEXTS}.
 *
 * Pure and free of database imports: the storefront imports this file (`@trampa/api/leasing`).
 */
import type { LeasingSettings } from './leasing-settings.ts';

/** A cart line as the rules see it. */
export interface LeasingCartLine {
  /** The line's SKU (for one-click removal). */
  skuId: number;
  productName: string;
  /** The product's leasable flag (bikes and e-bikes in the seed). */
  leasable: boolean;
  /** Selling price of one unit incl. VAT, öre. */
  unitPriceIncVat: number;
}

/** A broken rule: its code and, for line rules, the SKUs concerned. */
export type LeasingCartProblem =
  | { code: 'needsBike' }
  | { code: 'nonLeasable'; skuIds: number[] }
  | { code: 'priceOutsideLimits'; skuIds: number[] };

/** Swedish texts of the rules (SPEC §5); `{low}`/`{high}` are the limits in kronor. */
export const LEASING_RULE_TEXTS = {
  needsBike: 'Varukorgen måste innehålla minst en cykel',
  nonLeasable: 'Varor som inte kan leasas måste tas bort',
  priceOutsideLimits: 'Cykelns pris måste vara mellan {low} och {high}',
} as const;

/** Rule "the cart needs at least one bike": a leasable line is a bike. */
export function hasBike(lines: readonly LeasingCartLine[]): boolean {
  return lines.some((l) => l.leasable);
}

/** Rule "non-leasable items must be removed": the SKUs of lines that cannot be leased. */
export function nonLeasableSkus(lines: readonly LeasingCartLine[]): number[] {
  return lines.filter((l) => !l.leasable).map((l) => l.skuId);
}

/** Rule "values between {low} and {high}": the bikes priced outside the limits. */
export function bikesOutsideLimits(
  lines: readonly LeasingCartLine[],
  settings: Pick<LeasingSettings, 'minPrice' | 'maxPrice'>,
): number[] {
  return lines
    .filter(
      (l) =>
        l.leasable &&
        (l.unitPriceIncVat < settings.minPrice || l.unitPriceIncVat > settings.maxPrice),
    )
    .map((l) => l.skuId);
}

/** Every broken rule of a leasing cart, in the order a shopper should fix them; [] when none. */
export function leasingCartProblems(
  lines: readonly LeasingCartLine[],
  settings: Pick<LeasingSettings, 'minPrice' | 'maxPrice'>,
): LeasingCartProblem[] {
  const problems: LeasingCartProblem[] = [];
  const nonLeasable = nonLeasableSkus(lines);
  if (nonLeasable.length > 0) problems.push({ code: 'nonLeasable', skuIds: nonLeasable });
  if (!hasBike(lines)) problems.push({ code: 'needsBike' });
  const outside = bikesOutsideLimits(lines, settings);
  if (outside.length > 0) problems.push({ code: 'priceOutsideLimits', skuIds: outside });
  return problems;
}
