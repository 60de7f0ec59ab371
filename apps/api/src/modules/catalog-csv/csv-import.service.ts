/**
 * The catalogue CSV import (issue 26 "CSV import and export"; docs/csv-format.md): products,
 * SKUs, prices and stock from a retailer's ERP, all or nothing.
 *
 * 1. Every row is read and checked (csv-rows.ts), then grouped into products (rows with the same
 *    `produkt_artikelnummer`); brands, categories, article numbers and aliases are checked
 *    against the database, and every product is validated with the product editor's own schema
 *    (`productInputSchema`, catalog-admin.input.ts). Every problem is reported with its row and
 *    column; with any problem nothing is written.
 * 2. Otherwise one transaction writes every product through the product editor's
 *    `saveProductInTransaction` (the same rules: ids, SKUs, prices incl./excl. VAT through the one
 *    VAT rule, the price log, an audit entry per product), then the stock through
 *    `adjustStockIn` (history rows, audit entries, back-in-stock mails on 0 → n) and
 *    `setIncomingDateIn`, and one audit entry for the import. Should a write still refuse a
 *    product, the whole import rolls back and the report names the product's first row.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { defaultLanguageId, directoryMarketsById } from '../channel/channel-admin.ts';
import { saveProductInTransaction } from '../catalog/catalog-admin.service.ts';
import { listStores } from '../inventory/inventory.service.ts';
import { stock, storeStock } from '../inventory/inventory.tables.ts';
import { adjustStockIn, setIncomingDateIn } from '../inventory/stock-admin.service.ts';
import { createProductsInBulk } from './csv-bulk-create.ts';
import { csvEncodingError } from './csv-encoding.ts';
import { csvMarkets } from './csv-export.service.ts';
import { groupProducts, inSlices, locate, planImport, type CsvImportProgress } from './csv-plan.ts';
import { readCatalogueCsv, type CsvRow, type CsvRowError } from './csv-rows.ts';

/** What an import did, or why it did nothing. */
export interface CsvImportResult {
  /** True when everything was imported; false when nothing was (see `errors`). */
  ok: boolean;
  /** Data rows in the file. */
  rows: number;
  /** Products created and updated (0 when not ok). */
  created: number;
  updated: number;
  /** Stock changes written (web stock and store shelves). */
  stockChanges: number;
  /** Every problem found, by row; empty when ok. */
  errors: CsvRowError[];
}

/** Most rows one file may have. */
export const MAX_CSV_ROWS = 200_000;

/** A product a write refused after the checks: rolls the import back. */
class ImportRefused extends Error {
  constructor(readonly error: CsvRowError) {
    super(error.message);
  }
}

/** Writes the stock columns of the rows (only what differs), inside the import's transaction. */
async function writeStock(
  tx: Database,
  rows: CsvRow[],
  actor: AuditActor,
  now: Date,
): Promise<number> {
  const withStock = rows.filter(
    (r) =>
      r.webStock != null ||
      r.incoming !== undefined ||
      [...r.storeStock.values()].some((v) => v !== null),
  );
  if (withStock.length === 0) return 0;
  const ids = new Map(
    (
      await inSlices(
        withStock.map((r) => r.skuArticleNumber),
        (slice) =>
          tx
            .select({ id: skus.id, articleNumber: skus.articleNumber })
            .from(skus)
            .where(inArray(skus.articleNumber, slice)),
      )
    ).map((s) => [s.articleNumber, s.id]),
  );
  const skuIds = [...ids.values()];
  const web = new Map(
    (await tx.select().from(stock).where(inArray(stock.skuId, skuIds))).map((s) => [s.skuId, s]),
  );
  const shelves = new Map(
    (await tx.select().from(storeStock).where(inArray(storeStock.skuId, skuIds))).map((s) => [
      `${s.skuId}:${s.storeId}`,
      s.quantity,
    ]),
  );
  let changes = 0;
  const adjust = { reason: 'korrigering' as const, note: 'CSV-import' };
  for (const row of withStock) {
    const skuId = ids.get(row.skuArticleNumber)!;
    const current = web.get(skuId);
    if (row.webStock != null && row.webStock !== (current?.inStock ?? 0)) {
      await adjustStockIn(
        tx,
        { skuId, storeId: null, quantity: row.webStock, ...adjust },
        actor,
        now,
      );
      changes += 1;
    }
    for (const [storeId, units] of row.storeStock) {
      if (units === null || units === (shelves.get(`${skuId}:${storeId}`) ?? 0)) continue;
      await adjustStockIn(tx, { skuId, storeId, quantity: units, ...adjust }, actor, now);
      changes += 1;
    }
    if (row.incoming !== undefined && row.incoming !== (current?.incoming ?? null)) {
      await setIncomingDateIn(tx, { skuId, incoming: row.incoming }, actor, now);
    }
  }
  return changes;
}

/**
 * Imports a catalogue CSV (see the module comment): all rows or none.
 * @param onProgress called as rows are checked and products written
 * @returns the outcome; `ok` false with every problem found when nothing was imported
 */
export async function importCatalogueCsv(
  db: Database,
  text: string,
  actor: AuditActor,
  now: Date,
  onProgress: (progress: CsvImportProgress) => void = () => undefined,
): Promise<CsvImportResult> {
  const encoding = csvEncodingError(text);
  if (encoding)
    return { ok: false, rows: 0, created: 0, updated: 0, stockChanges: 0, errors: [encoding] };
  const markets = await csvMarkets(db);
  const marketAlias = new Map(markets.map((m) => [m.id, m.alias]));
  const stores = (await listStores(db)).map((s) => ({ id: s.id, alias: s.alias }));
  const file = readCatalogueCsv(text, markets, stores);
  const errors = [...file.errors];
  const fail = (): CsvImportResult => ({
    ok: false,
    rows: file.rows.length,
    created: 0,
    updated: 0,
    stockChanges: 0,
    errors: errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column)),
  });
  if (file.rows.length > MAX_CSV_ROWS) {
    errors.push({ row: 0, column: '', message: `Filen har fler än ${MAX_CSV_ROWS} rader` });
  }
  if (errors.length > 0 && file.rows.length === 0) return fail();
  const groups = groupProducts(file.rows, errors);
  const plans = await planImport(db, groups, marketAlias, errors, onProgress);
  if (errors.length > 0) return fail();
  const created = plans.filter((p) => p.existingId === null);
  const changed = plans.filter((p) => p.existingId !== null && !p.unchanged);
  const total = created.length + changed.length;
  const language = await defaultLanguageId(db);
  const marketInfo = await directoryMarketsById(db);
  try {
    return await db.transaction(async (tx) => {
      onProgress({ phase: 'write', done: 0, total });
      let stockChanges = await createProductsInBulk(
        tx,
        created.map((plan) => ({
          input: plan.parsed,
          stock: plan.group.rows.map((row) => ({
            web: row.webStock ?? null,
            incoming: row.incoming,
            stores: row.storeStock,
          })),
        })),
        { language, markets: marketInfo, actor, now },
      );
      onProgress({ phase: 'write', done: created.length, total });
      for (const [index, plan] of changed.entries()) {
        try {
          await saveProductInTransaction(tx, plan.existingId, plan.input, { actor, now });
        } catch (error) {
          if (!(error instanceof ShopError) || error.code !== 'BAD_USER_INPUT') throw error;
          const path = String(error.extensions.argument ?? '').split('.');
          throw new ImportRefused({
            ...locate(plan.group, path, marketAlias, plan.input),
            message: error.message,
          });
        }
        if (index % 25 === 24) {
          onProgress({ phase: 'write', done: created.length + index + 1, total });
        }
      }
      const existingRows = plans.filter((p) => p.existingId !== null).flatMap((p) => p.group.rows);
      stockChanges += await writeStock(tx as unknown as Database, existingRows, actor, now);
      onProgress({ phase: 'write', done: total, total });
      const result = {
        ok: true,
        rows: file.rows.length,
        created: created.length,
        updated: changed.length,
        stockChanges,
        errors: [],
      };
      await recordAudit(tx, {
        actor,
        action: 'catalogue.csv.import',
        entityType: 'csv',
        entityId: null,
        before: null,
        after: {
          sha256: createHash('sha256').update(text).digest('hex'),
          rows: result.rows,
          created: result.created,
          updated: result.updated,
          stockChanges,
        },
        at: now,
      });
      return result;
    });
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    errors.push(error.error);
    return fail();
  }
}
