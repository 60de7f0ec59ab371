/**
 * Gift cards in the back office (issue 26 "Prices": gift cards — issue, balance, void): issue a
 * card with a generated code (handed out once: the back office shows it at issue and never
 * again; lists and the audit log show only its last four characters), look a card up by code
 * with its history, and void it. Each change runs in one transaction with its audit entry.
 * What a card pays in a cart stays the rule of giftcards.service.ts (a voided card has no
 * balance, so carts and orders refuse it).
 */
import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { normalizeGiftCardCode } from './giftcards.service.ts';
import { giftCards, giftCardTransactions } from './giftcards.tables.ts';

/** Letters and digits of generated codes: no 0/O, 1/I/L, so a code read aloud is not misheard. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters of a generated code: 16 of 31, about 79 bits. */
const CODE_LENGTH = 16;

/** One line of a card's history (minor units). */
export interface GiftCardEvent {
  kind: 'issue' | 'order' | 'void';
  /** Issued with, drawn by an order, or taken away by a void; always positive. */
  amount: number;
  orderId: number | null;
  at: Date;
}

/** A card as the back office shows it: never the whole code. */
export interface GiftCardView {
  /** `•••• 7KQ2`: the last four characters. */
  maskedCode: string;
  currencyCode: string;
  /** Minor units. */
  balance: number;
  expiresAt: Date | null;
  issuedAt: Date | null;
  voidedAt: Date | null;
  /** active, expired, voided or empty (balance 0) at `now`. */
  status: 'active' | 'expired' | 'voided' | 'empty';
  history: GiftCardEvent[];
}

/** A new random code of {@link CODE_LENGTH} characters (crypto-random). */
export function generateGiftCardCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code in groups of four for reading: `ABCD-EFGH-JKMN-PQRS`. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The last four characters behind dots. */
export function maskGiftCardCode(code: string): string {
  return `•••• ${code.slice(-4)}`;
}

type CardRow = typeof giftCards.$inferSelect;

async function viewOf(db: Database, card: CardRow, now: Date): Promise<GiftCardView> {
  const rows = await db
    .select()
    .from(giftCardTransactions)
    .where(eq(giftCardTransactions.code, card.code))
    .orderBy(asc(giftCardTransactions.createdAt), asc(giftCardTransactions.id));
  const status = card.voidedAt
    ? 'voided'
    : card.expiresAt && card.expiresAt <= now
      ? 'expired'
      : card.balance === 0
        ? 'empty'
        : 'active';
  return {
    maskedCode: maskGiftCardCode(card.code),
    currencyCode: card.currencyCode,
    balance: card.balance,
    expiresAt: card.expiresAt,
    issuedAt: card.issuedAt,
    voidedAt: card.voidedAt,
    status,
    history: rows.map((row) => ({
      kind: row.kind === 'issue' || row.kind === 'void' ? row.kind : 'order',
      amount: row.amount,
      orderId: row.orderId,
      at: row.createdAt,
    })),
  };
}

function auditView(view: GiftCardView): Record<string, unknown> {
  return {
    code: view.maskedCode,
    currencyCode: view.currencyCode,
    balance: view.balance,
    expiresAt: view.expiresAt?.toISOString() ?? null,
    voidedAt: view.voidedAt?.toISOString() ?? null,
  };
}

/** What {@link issueGiftCard} needs. */
export interface NewGiftCard {
  /** ISO 4217, a market's currency. */
  currencyCode: string;
  /** Minor units, more than 0. */
  amount: number;
  /** Null: never expires. */
  expiresAt: Date | null;
}

/**
 * Issues a card (action `giftcard.issue`) with a new random code and an `issue` line in its
 * history.
 * @returns the code, formatted in groups of four (hand it to the customer: it is not shown
 *   again), and the card
 * @throws ShopError BAD_USER_INPUT (Swedish) for an amount of 0 or an expiry that has passed
 */
export async function issueGiftCard(
  db: Database,
  input: NewGiftCard,
  actor: AuditActor,
  now: Date,
): Promise<{ code: string; card: GiftCardView }> {
  if (input.amount <= 0) throw swedishInputError('Beloppet måste vara mer än 0.', 'input.amount');
  if (input.expiresAt && input.expiresAt <= now) {
    throw swedishInputError('Sista giltighetsdagen har redan passerat.', 'input.expiresAt');
  }
  return db.transaction(async (tx) => {
    let row: CardRow | undefined;
    // A clash of 79-bit random codes is next to impossible; try a few times all the same.
    for (let attempt = 0; attempt < 5 && !row; attempt += 1) {
      [row] = await tx
        .insert(giftCards)
        .values({
          code: generateGiftCardCode(),
          currencyCode: input.currencyCode,
          balance: input.amount,
          expiresAt: input.expiresAt,
          issuedAt: now,
        })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) throw new Error('Could not generate a free gift card code');
    await tx
      .insert(giftCardTransactions)
      .values({ code: row.code, kind: 'issue', amount: input.amount, createdAt: now });
    const card = await viewOf(tx, row, now);
    await recordAudit(tx, {
      actor,
      action: 'giftcard.issue',
      entityType: 'gift_card',
      entityId: card.maskedCode,
      before: null,
      after: auditView(card),
    });
    return { code: formatGiftCardCode(row.code), card };
  });
}

/** The card of a code (spaces and dashes ignored, any case), null when unknown. */
export async function lookUpGiftCard(
  db: Database,
  code: string,
  now: Date,
): Promise<GiftCardView | null> {
  const normalized = normalizeGiftCardCode(code);
  if (!normalized || normalized.length > 64) return null;
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, normalized));
  return card ? viewOf(db, card, now) : null;
}

/**
 * Voids a card (action `giftcard.void`): its balance goes to 0 (a `void` line of the amount taken
 * away) and it is marked voided; carts and orders then refuse it.
 * @throws ShopError NOT_FOUND for an unknown code; BAD_USER_INPUT (Swedish) when already voided
 */
export async function voidGiftCard(
  db: Database,
  code: string,
  actor: AuditActor,
  now: Date,
): Promise<GiftCardView> {
  const normalized = normalizeGiftCardCode(code);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.code, normalized))
      .for('update');
    if (!card) throw swedishNotFound('Presentkortet finns inte.');
    if (card.voidedAt) throw swedishInputError('Presentkortet är redan makulerat.', 'code');
    const before = await viewOf(tx, card, now);
    const [updated] = await tx
      .update(giftCards)
      .set({ balance: 0, voidedAt: now })
      .where(eq(giftCards.code, normalized))
      .returning();
    await tx
      .insert(giftCardTransactions)
      .values({ code: normalized, kind: 'void', amount: card.balance, createdAt: now });
    const after = await viewOf(tx, updated!, now);
    await recordAudit(tx, {
      actor,
      action: 'giftcard.void',
      entityType: 'gift_card',
      entityId: after.maskedCode,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
