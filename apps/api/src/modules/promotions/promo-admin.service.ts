/**
 * Promo codes in the back office (issue 26 "Prices": promo codes with their rules and currency per
 * market): list, create, edit, deactivate and activate again. The rules the cart applies stay in
 * promotions.service.ts (`promoCodeProblem`, `toTotalsPromo`) and cart/totals.ts; this module
 * writes `promo_codes` and `promo_code_amounts`, each change in one transaction with its audit
 * entry (before/after). A code's text never changes (carts and orders refer to it).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { promotionStatus, type PromotionStatus } from './promotion-status.ts';
import { normalizePromoCode } from './promotions.service.ts';
import { promoCodeAmounts, promoCodes } from './promotions.tables.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The money of a code in one currency (minor units incl. VAT). */
export interface PromoCodeAmount {
  /** ISO 4217, e.g. SEK. */
  currencyCode: string;
  /** Off the order (fixed codes); 0 for percentage codes. */
  amountIncVat: number;
  /** The least the items must be worth. */
  minOrderIncVat: number;
}

/** A promo code as the back office shows it. */
export interface PromoCodeView {
  code: string;
  name: string;
  kind: 'percent' | 'fixed';
  /** Percentage codes: 1000 = 10 %. */
  percentBasisPoints: number;
  startsAt: Date;
  endsAt: Date | null;
  /** Orders allowed; null: unlimited. */
  usageLimit: number | null;
  timesUsed: number;
  /** False: turned off by hand. */
  active: boolean;
  /** Where the code is at the clock it was read with (promotion-status.ts, issue 40 §3). */
  status: PromotionStatus;
  /** True: the code leaves out items with a campaign price (issue 40 §3). */
  excludeDiscountedItems: boolean;
  /** Per currency; a code with amounts is valid only in those currencies. */
  amounts: PromoCodeAmount[];
}

/** What {@link createPromoCode} and {@link updatePromoCode} take. */
export interface PromoCodeInput {
  name: string;
  kind: 'percent' | 'fixed';
  percentBasisPoints: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  /** "Gäller inte redan nedsatta varor" (issue 40 §3). */
  excludeDiscountedItems: boolean;
  amounts: PromoCodeAmount[];
}

/**
 * Checks the rules of a code (dates, kind and amounts).
 * @throws ShopError BAD_USER_INPUT (Swedish)
 */
function checkRules(input: PromoCodeInput): void {
  if (input.endsAt !== null && input.endsAt <= input.startsAt) {
    throw swedishInputError('Slutdatumet måste vara efter startdatumet.', 'input.endsAt');
  }
  if (input.kind === 'percent' && input.percentBasisPoints <= 0) {
    throw swedishInputError('Ange rabatten i procent (mer än 0).', 'input.percent');
  }
  if (input.kind === 'fixed' && !input.amounts.some((a) => a.amountIncVat > 0)) {
    throw swedishInputError(
      'En rabatt i kronor behöver ett belopp i minst en valuta.',
      'input.amounts',
    );
  }
  const currencies = new Set<string>();
  for (const amount of input.amounts) {
    if (currencies.has(amount.currencyCode)) {
      throw swedishInputError('Samma valuta finns två gånger.', 'input.amounts');
    }
    currencies.add(amount.currencyCode);
  }
}

/** The code's rows without amounts for currencies a fixed code gives nothing in. */
function amountRows(code: string, input: PromoCodeInput) {
  return input.amounts.map((a) => ({
    code,
    currencyCode: a.currencyCode,
    amountIncVat: input.kind === 'fixed' ? a.amountIncVat : 0,
    minOrderIncVat: a.minOrderIncVat,
  }));
}

/** Views of codes with their status at `now` (two statements). */
async function viewsOf(db: Database, codes: string[] | null, now: Date): Promise<PromoCodeView[]> {
  const rows = codes
    ? codes.length === 0
      ? []
      : await db.select().from(promoCodes).where(inArray(promoCodes.code, codes))
    : await db.select().from(promoCodes).orderBy(asc(promoCodes.code));
  if (rows.length === 0) return [];
  const amounts = await db
    .select()
    .from(promoCodeAmounts)
    .where(
      inArray(
        promoCodeAmounts.code,
        rows.map((row) => row.code),
      ),
    )
    .orderBy(asc(promoCodeAmounts.currencyCode));
  return rows.map((row) => ({
    ...row,
    kind: row.kind === 'fixed' ? 'fixed' : 'percent',
    status: promotionStatus(row, now),
    amounts: amounts
      .filter((a) => a.code === row.code)
      .map(({ currencyCode, amountIncVat, minOrderIncVat }) => ({
        currencyCode,
        amountIncVat,
        minOrderIncVat,
      })),
  }));
}

/**
 * Every promo code by code with its status at `now`; only those of `status` when given (issue
 * 40 §3 filter). Two statements.
 */
export async function listPromoCodes(
  db: Database,
  now: Date,
  status: PromotionStatus | null = null,
): Promise<PromoCodeView[]> {
  const views = await viewsOf(db, null, now);
  return status === null ? views : views.filter((view) => view.status === status);
}

/** One code (any case) with its status at `now`, null when unknown. */
export async function getPromoCode(
  db: Database,
  code: string,
  now: Date,
): Promise<PromoCodeView | null> {
  return (await viewsOf(db, [normalizePromoCode(code)], now))[0] ?? null;
}

function auditView(view: PromoCodeView | null): Record<string, unknown> | null {
  if (!view) return null;
  // The rules as stored; the status is only what they mean at one moment.
  const { status: _status, ...rules } = view;
  return {
    ...rules,
    startsAt: rules.startsAt.toISOString(),
    endsAt: rules.endsAt?.toISOString() ?? null,
  };
}

/**
 * Creates a code (action `promo.create`), stored in upper case (`vår10` → `VÅR10`).
 * @throws ShopError BAD_USER_INPUT (Swedish) for a taken code, an end not after the start, a
 *   percentage code without a percentage, a fixed code without an amount, a currency twice
 */
export async function createPromoCode(
  db: Database,
  codeText: string,
  input: PromoCodeInput,
  actor: AuditActor,
  now: Date,
): Promise<PromoCodeView> {
  const code = normalizePromoCode(codeText);
  checkRules(input);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(promoCodes)
      .values({
        code,
        name: input.name,
        kind: input.kind,
        percentBasisPoints: input.kind === 'percent' ? input.percentBasisPoints : 0,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        usageLimit: input.usageLimit,
        excludeDiscountedItems: input.excludeDiscountedItems,
      })
      .onConflictDoNothing()
      .returning({ code: promoCodes.code });
    if (inserted.length === 0) {
      throw swedishInputError(`Rabattkoden ${code} finns redan.`, 'code');
    }
    if (input.amounts.length > 0) await tx.insert(promoCodeAmounts).values(amountRows(code, input));
    const after = (await viewsOf(tx, [code], now))[0]!;
    await recordAudit(tx, {
      actor,
      action: 'promo.create',
      entityType: 'promo_code',
      entityId: code,
      before: null,
      after: auditView(after),
    });
    return after;
  });
}

/** The code locked for a change, with its status at `now`. @throws ShopError NOT_FOUND */
async function lockCode(tx: Tx, code: string, now: Date): Promise<PromoCodeView> {
  const [row] = await tx
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(eq(promoCodes.code, code))
    .for('update');
  if (!row) throw swedishNotFound('Rabattkoden finns inte.');
  return (await viewsOf(tx, [code], now))[0]!;
}

/**
 * Changes a code's rules (action `promo.update`); its text and use count stay.
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (Swedish) as {@link createPromoCode}, and for a
 *   usage limit below the uses so far
 */
export async function updatePromoCode(
  db: Database,
  codeText: string,
  input: PromoCodeInput,
  actor: AuditActor,
  now: Date,
): Promise<PromoCodeView> {
  const code = normalizePromoCode(codeText);
  checkRules(input);
  return db.transaction(async (tx) => {
    const before = await lockCode(tx, code, now);
    if (input.usageLimit !== null && input.usageLimit < before.timesUsed) {
      throw swedishInputError(
        `Koden har redan använts ${before.timesUsed} gånger; gränsen kan inte vara lägre.`,
        'input.usageLimit',
      );
    }
    await tx
      .update(promoCodes)
      .set({
        name: input.name,
        kind: input.kind,
        percentBasisPoints: input.kind === 'percent' ? input.percentBasisPoints : 0,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        usageLimit: input.usageLimit,
        excludeDiscountedItems: input.excludeDiscountedItems,
      })
      .where(eq(promoCodes.code, code));
    await tx.delete(promoCodeAmounts).where(eq(promoCodeAmounts.code, code));
    if (input.amounts.length > 0) await tx.insert(promoCodeAmounts).values(amountRows(code, input));
    const after = (await viewsOf(tx, [code], now))[0]!;
    await recordAudit(tx, {
      actor,
      action: 'promo.update',
      entityType: 'promo_code',
      entityId: code,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/**
 * Deactivates (`active` false: action `promo.deactivate`) or activates again (`promo.activate`)
 * a code. Carts holding a deactivated code lose its discount at their next view
 * (`promoCodeProblem` 'inactive').
 * @throws ShopError NOT_FOUND
 */
export async function setPromoCodeActive(
  db: Database,
  codeText: string,
  active: boolean,
  actor: AuditActor,
  now: Date,
): Promise<PromoCodeView> {
  const code = normalizePromoCode(codeText);
  return db.transaction(async (tx) => {
    const before = await lockCode(tx, code, now);
    await tx.update(promoCodes).set({ active }).where(eq(promoCodes.code, code));
    const after = { ...before, active, status: promotionStatus({ ...before, active }, now) };
    await recordAudit(tx, {
      actor,
      action: active ? 'promo.activate' : 'promo.deactivate',
      entityType: 'promo_code',
      entityId: code,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
