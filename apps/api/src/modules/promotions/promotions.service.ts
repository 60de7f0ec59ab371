/**
 * Promo codes and cart campaigns (SPEC §3 promo code, §8 "Koden är ej giltig"; GEINS-API §4.5
 * setCartPromoCode). The arithmetic is in the pure cart/totals.ts; this module reads and checks
 * the rules.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { TotalsCartCampaign, TotalsPromoCode } from '../cart/totals.ts';
import { promotionStatus } from './promotion-status.ts';
import { cartCampaigns, promoCodeAmounts, promoCodes } from './promotions.tables.ts';

/**
 * A promo code row with its money amounts in the currency it was looked up for (issue 13 §4).
 */
export type PromoCodeRecord = typeof promoCodes.$inferSelect & {
  /** The currency looked up (ISO 4217, e.g. SEK). */
  currencyCode: string;
  /**
   * The code's amounts in that currency (minor units incl. VAT), or null when it has none there.
   */
  amounts: { amountIncVat: number; minOrderIncVat: number } | null;
  /** True when the code has amounts in some currency (then it is valid only in those). */
  hasAmounts: boolean;
};

/**
 * Why a promo code cannot be used: unknown, not started or expired, inactive, used up, or
 * without an amount in the cart's currency (issue 13 §4: a fixed amount belongs to a currency).
 */
export type PromoCodeProblem = 'unknown' | 'expired' | 'inactive' | 'used-up' | 'currency';

/** Codes are compared in upper case, trimmed (Swedish letters kept: `vår10` -> `VÅR10`). */
export function normalizePromoCode(code: string): string {
  return code.trim().toLocaleUpperCase('sv-SE');
}

/**
 * The code row, active or not, with its amounts in `currencyCode`; null when unknown. One
 * statement.
 * @param currencyCode the cart's (checkout market's) currency, ISO 4217
 */
export async function findPromoCode(
  db: Database,
  code: string,
  currencyCode: string,
): Promise<PromoCodeRecord | null> {
  const normalized = normalizePromoCode(code);
  if (normalized === '' || normalized.length > 64) return null;
  const [row] = await db
    .select({
      code: promoCodes,
      amountIncVat: promoCodeAmounts.amountIncVat,
      minOrderIncVat: promoCodeAmounts.minOrderIncVat,
      hasAmounts: sql<boolean>`exists (select 1 from ${promoCodeAmounts} where ${promoCodeAmounts.code} = ${promoCodes.code})`,
    })
    .from(promoCodes)
    .leftJoin(
      promoCodeAmounts,
      and(
        eq(promoCodeAmounts.code, promoCodes.code),
        eq(promoCodeAmounts.currencyCode, currencyCode),
      ),
    )
    .where(eq(promoCodes.code, normalized))
    .limit(1);
  if (!row) return null;
  return {
    ...row.code,
    currencyCode,
    amounts:
      row.amountIncVat === null || row.minOrderIncVat === null
        ? null
        : { amountIncVat: row.amountIncVat, minOrderIncVat: row.minOrderIncVat },
    hasAmounts: row.hasAmounts === true,
  };
}

/**
 * What keeps a code from being used at `now` in the currency it was looked up for, or null
 * when it can be used: only a code whose status ({@link promotionStatus}, issue 40 §3) is
 * `active` can be used (`disabled` gives 'inactive', `planned` and `ended` 'expired'). A fixed
 * code needs an amount in that currency; a code with amounts in some currencies is valid only in
 * those (issue 13 §4).
 */
export function promoCodeProblem(
  record: PromoCodeRecord | null,
  now: Date,
): PromoCodeProblem | null {
  if (!record) return 'unknown';
  const status = promotionStatus(record, now);
  if (status === 'disabled') return 'inactive';
  if (status !== 'active') return 'expired';
  if (record.usageLimit !== null && record.timesUsed >= record.usageLimit) return 'used-up';
  if (record.amounts === null && (record.kind === 'fixed' || record.hasAmounts)) return 'currency';
  return null;
}

/** The rule the totals function applies, with the amounts of the record's currency. */
export function toTotalsPromo(record: PromoCodeRecord): TotalsPromoCode {
  return {
    code: record.code,
    kind: record.kind === 'fixed' ? 'fixed' : 'percent',
    percentBasisPoints: record.percentBasisPoints,
    amountIncVat: record.kind === 'fixed' ? (record.amounts?.amountIncVat ?? 0) : 0,
    minOrderIncVat: record.amounts?.minOrderIncVat ?? 0,
    excludeDiscountedItems: record.excludeDiscountedItems,
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
