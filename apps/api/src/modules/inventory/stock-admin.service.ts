/**
 * Stock in the back office (issue 26 "Stock per SKU and store"): adjust the web shop's stock or a
 * store's shelf with a reason, and set a SKU's expected restock date. Every change runs in one
 * transaction with its history row (`stock_adjustments`) and its audit entry; raising a SKU's
 * sellable web stock from 0 queues the back-in-stock mails of issue 17 in the same transaction
 * (modules/engagement `enqueueBackInStockMails`, the restock scan's own step: no second mailer).
 *
 * Reading (search by SKU, EAN or product name; history) is stock-search.service.ts.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { enqueueBackInStockMails } from '../engagement/availability.service.ts';
import { sellableUnits } from './stock-status.ts';
import { STOCK_REASONS, stock, stockAdjustments, storeStock, stores } from './inventory.tables.ts';

/** Most units one SKU may hold in one place (a typo guard; far above any bike shop's stock). */
export const MAX_STOCK_UNITS = 1_000_000;

/**
 * An adjustment as the API and the CSV import take it: exactly one of `change` (units added,
 * negative to remove) or `quantity` (the new count, e.g. after a stock count). `storeId` null or
 * absent adjusts the web shop's stock (`stock.in_stock`), otherwise that store's shelf.
 */
export const stockAdjustmentSchema = z
  .object({
    skuId: z.number().int().positive(),
    storeId: z.number().int().positive().nullish(),
    change: z.number().int().min(-MAX_STOCK_UNITS).max(MAX_STOCK_UNITS).nullish(),
    quantity: z.number().int().min(0).max(MAX_STOCK_UNITS).nullish(),
    reason: z.enum(STOCK_REASONS),
    note: z.string().trim().max(500).nullish(),
  })
  .refine((input) => (input.change ?? null) === null || (input.quantity ?? null) === null, {
    message: 'give either change or quantity, not both',
    path: ['quantity'],
  })
  .refine((input) => (input.change ?? null) !== null || (input.quantity ?? null) !== null, {
    message: 'give change or quantity',
    path: ['change'],
  })
  .refine((input) => input.change !== 0, { message: 'must not be 0', path: ['change'] });

/** A parsed adjustment. */
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentSchema>;

/** An ISO date `yyyy-mm-dd` that exists in the calendar. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-mm-dd')
  .refine(
    (value) => {
      const day = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    },
    { message: 'must be a date yyyy-mm-dd' },
  );

/** The expected restock date of a SKU's web stock, or null to clear it. */
export const incomingDateSchema = z.object({
  skuId: z.number().int().positive(),
  incoming: isoDateSchema.nullable(),
});

/** What an adjustment did. */
export interface StockAdjustmentOutcome {
  /** The history row's id. */
  adjustmentId: number;
  skuId: number;
  storeId: number | null;
  quantityBefore: number;
  quantityAfter: number;
  /** Back-in-stock mails queued by this change (0 unless sellable web stock rose from 0). */
  backInStockMails: number;
}

/** The SKU's id and article number. @throws ShopError NOT_FOUND */
async function requireSku(tx: Database, skuId: number) {
  const [row] = await tx
    .select({ id: skus.id, articleNumber: skus.articleNumber })
    .from(skus)
    .where(eq(skus.id, skuId));
  if (!row) throw new ShopError('NOT_FOUND', 'SKU not found', { argument: 'skuId' });
  return row;
}

/** The new count of an adjustment. @throws ShopError BAD_USER_INPUT below 0 or above the cap */
function newQuantity(before: number, input: StockAdjustmentInput): number {
  const after = input.quantity ?? before + (input.change ?? 0);
  if (after < 0) throw badUserInput('Stock cannot go below 0', 'change');
  if (after > MAX_STOCK_UNITS) throw badUserInput('Too many units', 'change');
  return after;
}

/**
 * Locks the web stock row of a SKU (creating an empty one first) and sets `in_stock`.
 * @returns the units before and after, and whether sellable stock rose from 0
 */
async function adjustWebStock(tx: Database, input: StockAdjustmentInput) {
  await tx.insert(stock).values({ skuId: input.skuId }).onConflictDoNothing();
  const [row] = await tx.select().from(stock).where(eq(stock.skuId, input.skuId)).for('update');
  const before = row!.inStock;
  const after = newQuantity(before, input);
  await tx.update(stock).set({ inStock: after }).where(eq(stock.skuId, input.skuId));
  const restocked = sellableUnits(row!) === 0 && sellableUnits({ ...row!, inStock: after }) > 0;
  return { before, after, restocked };
}

/** Locks a store's shelf row of a SKU (creating an empty one first) and sets its quantity. */
async function adjustStoreStock(tx: Database, storeId: number, input: StockAdjustmentInput) {
  const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
  if (!store) throw new ShopError('NOT_FOUND', 'Store not found', { argument: 'storeId' });
  await tx.insert(storeStock).values({ storeId, skuId: input.skuId }).onConflictDoNothing();
  const [row] = await tx
    .select({ quantity: storeStock.quantity })
    .from(storeStock)
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.skuId, input.skuId)))
    .for('update');
  const before = row!.quantity;
  const after = newQuantity(before, input);
  await tx
    .update(storeStock)
    .set({ quantity: after })
    .where(and(eq(storeStock.storeId, storeId), eq(storeStock.skuId, input.skuId)));
  return { before, after, restocked: false };
}

/**
 * Adjusts one SKU's stock in one place inside the caller's transaction `tx` (the CSV import
 * runs many in one): locks the row, writes the new count, the history row and the audit entry,
 * and queues the back-in-stock mails when the SKU's sellable web stock rose from 0.
 * @throws ShopError NOT_FOUND (SKU or store), BAD_USER_INPUT (below 0)
 */
export async function adjustStockIn(
  tx: Database,
  input: StockAdjustmentInput,
  actor: AuditActor,
  now: Date,
): Promise<StockAdjustmentOutcome> {
  const sku = await requireSku(tx, input.skuId);
  const storeId = input.storeId ?? null;
  const { before, after, restocked } =
    storeId === null ? await adjustWebStock(tx, input) : await adjustStoreStock(tx, storeId, input);
  const note = input.note ?? '';
  const [history] = await tx
    .insert(stockAdjustments)
    .values({
      skuId: sku.id,
      storeId,
      reason: input.reason,
      quantityBefore: before,
      quantityAfter: after,
      change: after - before,
      note,
      staffUserId: actor.staffUserId,
      staffEmail: actor.staffEmail,
      at: now,
    })
    .returning({ id: stockAdjustments.id });
  const place = { skuId: sku.id, articleNumber: sku.articleNumber, storeId };
  await recordAudit(tx, {
    actor,
    action: 'stock.adjust',
    entityType: 'sku',
    entityId: sku.id,
    before: { ...place, quantity: before },
    after: { ...place, quantity: after, change: after - before, reason: input.reason, note },
    at: now,
  });
  const backInStockMails = restocked ? await enqueueBackInStockMails(tx, now, [sku.id]) : 0;
  return {
    adjustmentId: history!.id,
    skuId: sku.id,
    storeId,
    quantityBefore: before,
    quantityAfter: after,
    backInStockMails,
  };
}

/**
 * Adjusts one SKU's stock in one place, in one transaction (see {@link adjustStockIn}).
 * @throws ShopError NOT_FOUND (SKU or store), BAD_USER_INPUT (below 0)
 */
export async function adjustStock(
  db: Database,
  input: StockAdjustmentInput,
  actor: AuditActor,
  now: Date,
): Promise<StockAdjustmentOutcome> {
  return db.transaction((tx) => adjustStockIn(tx, input, actor, now));
}

/** The input of {@link setIncomingDate}. */
export type IncomingDateInput = z.infer<typeof incomingDateSchema>;

/**
 * Sets (or clears, with null) the expected restock date of a SKU's web stock inside the caller's
 * transaction `tx` (the CSV import runs many in one), with its audit entry.
 * @throws ShopError NOT_FOUND for an unknown SKU
 */
export async function setIncomingDateIn(
  tx: Database,
  input: IncomingDateInput,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const sku = await requireSku(tx, input.skuId);
  await tx.insert(stock).values({ skuId: sku.id }).onConflictDoNothing();
  const [row] = await tx.select().from(stock).where(eq(stock.skuId, sku.id)).for('update');
  await tx.update(stock).set({ incoming: input.incoming }).where(eq(stock.skuId, sku.id));
  const place = { skuId: sku.id, articleNumber: sku.articleNumber };
  await recordAudit(tx, {
    actor,
    action: 'stock.incoming',
    entityType: 'sku',
    entityId: sku.id,
    before: { ...place, incoming: row!.incoming },
    after: { ...place, incoming: input.incoming },
    at: now,
  });
}

/**
 * Sets (or clears, with null) the expected restock date of a SKU's web stock
 * (`StockType.incoming`, shown on the product page) in one transaction with its audit entry.
 * @throws ShopError NOT_FOUND for an unknown SKU
 */
export async function setIncomingDate(
  db: Database,
  input: IncomingDateInput,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction((tx) => setIncomingDateIn(tx, input, actor, now));
}
