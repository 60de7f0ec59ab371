/**
 * Regular prices and price campaigns of the seed. Amounts are whole kronor here and öre
 * (minor units, incl. 25 % VAT) in the rows; every price ends in 9 ("12 999 kr", "499 kr").
 */
import type { ProductKind } from './images/product-kinds.ts';
import type { Random } from './random.ts';

/** The step a price is rounded to: tens under 1 000 kr, hundreds above. */
function step(kr: number): number {
  return kr < 1000 ? 10 : 100;
}

/** Rounds down to a price ending in 9 (kr): 452 → 449, 4 532 → 4 499, 44 → 39. */
export function priceEndingIn9(kr: number): number {
  const unit = step(kr);
  const rounded = Math.floor((kr + 1) / unit) * unit - 1;
  return Math.max(9, rounded);
}

/**
 * A regular price (kr) within [min, max] at position `tier` (0..1) on a logarithmic scale,
 * ending in 9.
 */
export function regularPriceKr(range: readonly [number, number], tier: number): number {
  const [min, max] = range;
  const kr = min * Math.pow(max / min, Math.min(1, Math.max(0, tier)));
  return Math.min(max, Math.max(min, priceEndingIn9(kr)));
}

/**
 * A campaign price (kr) 10-40 % below `regularKr`, ending in 9; null when no such price exists
 * (prices too small to discount).
 */
export function campaignPriceKr(regularKr: number, rng: Random): number | null {
  const target = regularKr * (1 - rng.float(0.1, 0.4));
  let kr = priceEndingIn9(target);
  const ok = (p: number) => p <= regularKr * 0.9 && p >= regularKr * 0.6;
  for (let i = 0; i < 5 && !ok(kr); i += 1) {
    kr = kr > regularKr * 0.9 ? kr - step(kr) : kr + step(kr);
  }
  return ok(kr) ? kr : null;
}

/** A price campaign; the period is relative to the seed's `now`, in days. */
export interface SeedCampaign {
  id: number;
  alias: string;
  name: string;
  startsInDays: number;
  endsInDays: number;
  /** Share of the eligible products that get a campaign price. */
  share: number;
  /** Eligible kinds; all when omitted. */
  kinds?: readonly ProductKind[];
}

/**
 * Campaigns: two active now (Vårrea, Hjälmveckan), one not started (Black Week) and one ended
 * (Sommarrea), so that periods matter.
 */
export const CAMPAIGNS: readonly SeedCampaign[] = [
  { id: 1, alias: 'varrea', name: 'Vårrea', startsInDays: -10, endsInDays: 21, share: 0.09 },
  {
    id: 2,
    alias: 'hjalmveckan',
    name: 'Hjälmveckan',
    startsInDays: -3,
    endsInDays: 11,
    share: 0.4,
    kinds: ['hjalm'],
  },
  { id: 3, alias: 'black-week', name: 'Black Week', startsInDays: 12, endsInDays: 19, share: 0.07 },
  { id: 4, alias: 'sommarrea', name: 'Sommarrea', startsInDays: -75, endsInDays: -40, share: 0.05 },
];

/**
 * The campaigns a product takes part in. Of the active ones at most one (Hjälmveckan before
 * Vårrea); the inactive ones independently.
 */
export function campaignsFor(kind: ProductKind, rng: Random): SeedCampaign[] {
  const chosen: SeedCampaign[] = [];
  let active = false;
  for (const campaign of CAMPAIGNS) {
    const eligible = !campaign.kinds || campaign.kinds.includes(kind);
    const isActive = campaign.startsInDays <= 0 && campaign.endsInDays > 0;
    const roll = rng.next();
    if (!eligible || (isActive && active)) continue;
    if (roll < campaign.share) {
      chosen.push(campaign);
      if (isActive) active = true;
    }
  }
  return chosen;
}

/** How a market's prices end: `nine` "1 299 kr" / "879 kr."; `ninety` "129,90 €" (under 1 000). */
export type PriceRounding = 'nine' | 'ninety';

/** A market's price list settings, derived from the Swedish price list. */
export interface MarketPriceList {
  /** Minor units of the market currency per öre (fixed rate, e.g. 1 / 0.96 for NOK). */
  priceFactor: number;
  /** The market's VAT rate in basis points (2550 = 25.5 %). */
  vatRateBasisPoints: number;
  rounding: PriceRounding;
}

/**
 * A market's price incl. its own VAT (minor units) derived from a Swedish price incl. 25 % VAT
 * (öre): the price excl. VAT is converted at the fixed rate, the market's VAT added and the
 * result rounded to the nearest of the market's price endings. Deterministic, no randomness:
 * 1 429 kr -> 129,90 € in Finland (rate 11, 25.5 % VAT); 449 kr -> 469 kr in Norway.
 * @param seIncVat Swedish price in öre incl. VAT
 * @param seVatRateBasisPoints Swedish VAT rate (2500)
 */
export function marketPriceMinor(
  seIncVat: number,
  seVatRateBasisPoints: number,
  list: MarketPriceList,
): number {
  const kr =
    ((seIncVat / (10_000 + seVatRateBasisPoints)) *
      (10_000 + list.vatRateBasisPoints) *
      list.priceFactor) /
    100;
  if (list.rounding === 'ninety' && kr < 1000) return Math.max(90, Math.round(kr) * 100 - 10);
  // The nearest price ending in 9 (half a step up, then down to the ending).
  return priceEndingIn9(kr + step(kr) / 2) * 100;
}
