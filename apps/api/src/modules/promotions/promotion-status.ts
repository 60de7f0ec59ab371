/**
 * The one rule of where a promotion is in its life (issue 40 §3 "A code's and a campaign's status
 * follows its dates"), for promo codes and price campaigns alike: the back office's lists, detail
 * pages and filters show it, and the shop accepts a promo code only while it is `active`
 * (`promoCodeProblem`). Pure: the caller passes the clock (the API's `ctx.now`).
 */

/**
 * `planned` (Planerad): starts in the future; `active` (Aktiv): started and not ended; `ended`
 * (Avslutad): its end has passed (or it was ended before it started: end not after start);
 * `disabled` (Inaktiverad): turned off by hand, whatever its dates.
 */
export type PromotionStatus = 'planned' | 'active' | 'ended' | 'disabled';

/** Every status in the order the back office lists them. */
export const PROMOTION_STATUSES: readonly PromotionStatus[] = [
  'active',
  'planned',
  'ended',
  'disabled',
];

/** What {@link promotionStatus} reads of a promo code or a campaign. */
export interface PromotionPeriod {
  /** Start (inclusive). */
  startsAt: Date;
  /** End (exclusive); null: no end. */
  endsAt: Date | null;
  /** False: turned off by hand. Campaigns have no such switch (undefined: on). */
  active?: boolean;
}

/**
 * The status of a promotion at `now`: active exactly when `startsAt <= now < endsAt` (the rule
 * of campaign-price.ts `isCampaignActive`) and not turned off.
 */
export function promotionStatus(promotion: PromotionPeriod, now: Date): PromotionStatus {
  if (promotion.active === false) return 'disabled';
  const { startsAt, endsAt } = promotion;
  if (endsAt !== null && (endsAt <= now || endsAt <= startsAt)) return 'ended';
  if (startsAt > now) return 'planned';
  return 'active';
}
