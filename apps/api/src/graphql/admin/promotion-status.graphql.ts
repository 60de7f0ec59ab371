/**
 * The status of promo codes and price campaigns on the admin API (issue 40 §3): one enum for
 * both, decided by `promotionStatus` (modules/promotions/promotion-status.ts) at the API's clock.
 */
import { PROMOTION_STATUSES } from '../../modules/promotions/promotion-status.ts';
import { adminBuilder } from './builder.ts';

/** `PromotionStatus`: planned, active, ended, disabled. */
export const PromotionStatusEnum = adminBuilder.enumType('PromotionStatus', {
  description:
    'Where a promo code or campaign is at the API\'s clock: planned ("Planerad", starts in the ' +
    'future), active ("Aktiv"), ended ("Avslutad", its end has passed), disabled ' +
    '("Inaktiverad", turned off by hand; promo codes only).',
  values: PROMOTION_STATUSES,
});
