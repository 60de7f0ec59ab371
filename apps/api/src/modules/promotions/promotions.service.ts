/**
 * Promo codes and cart campaigns (SPEC §3 promo code, §8 "Koden är ej giltig"; GEINS-API §4.5
 * setCartPromoCode). The arithmetic is in the pure cart/totals.ts; this module reads and checks
 * the rules.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { TotalsCartCampaign, TotalsPromoCode } from '../cart/totals.ts';
import { cartCampaigns, promoCodes } from './promotions.tables.ts';

/** A promo code row. */
export type PromoCodeRecord = typeof promoCodes.$inferSelect;

/** Why a promo code cannot be used: unknown, not started or expired, inactive, or used up. */
export type PromoCodeProblem = 'unknown' | 'expired' | 'inactive' | 'used-up';

/** Codes are compared in upper case, trimmed (Swedish letters kept: `vår10` -> `VÅR10`). */
export function normalizePromoCode(code: string): string {
  return code.trim().toLocaleUpperCase('sv-SE');
}

/** The code row, active or not; null when unknown. One statement. */
export async function findPromoCode(db: Database, code: string): Promise<PromoCodeRecord | null> {
  const normalized = normalizePromoCode(code);
  if (normalized === '' || normalized.length > 64) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, normalized)).limit(1);
  return row ?? null;
}

/** What keeps a code from being used at `now`, or null when it can be used. */
export function promoCodeProblem(
  record: PromoCodeRecord | null,
  now: Date,
): PromoCodeProblem | null {
  if (!record) return 'unknown';
  if (!record.active) return 'inactive';
  if (record.startsAt > now || (record.endsAt !== null && record.endsAt <= now)) return 'expired';
  if (record.usageLimit !== null && record.timesUsed >= record.usageLimit) return 'used-up';
  return null;
}

/** The rule the totals function applies. */
export function toTotalsPromo(record: PromoCodeRecord): TotalsPromoCode {
  return {
    code: record.code,
    kind: record.kind === 'fixed' ? 'fixed' : 'percent',
    percentBasisPoints: record.percentBasisPoints,
    amountIncVat: record.amountIncVat,
    minOrderIncVat: record.minOrderIncVat,
  };
}

/**
 * Counts one use of a code inside the order transaction: succeeds only while the usage limit
 * is not reached (a conditional UPDATE, so concurrent orders cannot exceed it).
 * @returns false when the code is used up.
 */
export async function consumePromoCode(tx: Database, code: string): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ timesUsed: sql`${promoCodes.timesUsed} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        or(isNull(promoCodes.usageLimit), sql`${promoCodes.timesUsed} < ${promoCodes.usageLimit}`),
      ),
    )
    .returning({ code: promoCodes.code });
  return rows.length === 1;
}

/** Cart campaigns active at `now`, by id. One statement. */
export async function activeCartCampaigns(db: Database, now: Date): Promise<TotalsCartCampaign[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select()
    .from(cartCampaigns)
    .where(
      and(
        lte(cartCampaigns.startsAt, at),
        or(isNull(cartCampaigns.endsAt), gt(cartCampaigns.endsAt, at)),
      ),
    )
    .orderBy(cartCampaigns.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    categoryId: r.categoryId,
    brandId: r.brandId,
    action: r.action === 'percent' ? 'percent' : 'buy_x_pay_y',
    buyQuantity: r.buyQuantity,
    payQuantity: r.payQuantity,
    percentBasisPoints: r.percentBasisPoints,
  }));
}
