/**
 * The shared helpers of the catalogue's writes in the back office and the CSV import (issue 26):
 * the transaction type, input parsing with Swedish errors, id allocation (catalogue ids are the
 * Geins integers, not sequences) and the alias history (old addresses answer 301).
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { catalogueFieldName } from './catalog-admin-fields.ts';
import { staffInputError } from './catalog-admin.input.ts';
import { aliasHistory } from './catalog-admin.tables.ts';
import type { brands, categories, parameterValues, products, skus } from './catalog.tables.ts';

/** A transaction of the shop's database. */
export type CatalogueTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** `pg_advisory_xact_lock` key of id allocation in the catalogue ('cata'). */
const ID_LOCK = 0x63617461;

const swedishLocale = z.locales.sv().localeError;

/**
 * `value` parsed with `schema`, or BAD_USER_INPUT with the first problem in Swedish, led by the
 * field's Swedish name ("EAN för storlek M: EAN-koden är inte giltig …",
 * catalog-admin-fields.ts), and the path of the bad field as `argument` (e.g. `skus.1.ean`).
 * zod's own messages (lengths, types) are in Swedish too.
 * @throws ShopError BAD_USER_INPUT
 */
export function parseCatalogueInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value, { error: swedishLocale });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  const name = catalogueFieldName(issue.path, value);
  throw staffInputError(name ? `${name}: ${issue.message}` : issue.message, path || undefined);
}

/**
 * The next free id of `table` (catalogue ids are the Geins integers, not a sequence): max + 1.
 * Call {@link lockCatalogueIds} first in the same transaction.
 */
export async function nextCatalogueId(
  tx: CatalogueTx,
  table: typeof products | typeof skus | typeof parameterValues | typeof categories | typeof brands,
): Promise<number> {
  const [row] = await tx
    .select({ id: sql<number>`coalesce(max(${table.id}), 0)::int + 1` })
    .from(table);
  return row!.id;
}

/** Serialises id allocation in the catalogue until the transaction ends (an advisory lock). */
export async function lockCatalogueIds(tx: CatalogueTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ID_LOCK})`);
}

/** Keeps an old alias answering (301) and frees a re-used one (see `alias_history`). */
export async function rememberAlias(
  tx: CatalogueTx,
  kind: 'product' | 'category' | 'brand',
  entityId: number,
  oldAlias: string | null,
  newAlias: string,
): Promise<void> {
  await tx
    .delete(aliasHistory)
    .where(and(eq(aliasHistory.kind, kind), eq(aliasHistory.alias, newAlias)));
  if (oldAlias === null || oldAlias === newAlias) return;
  await tx
    .insert(aliasHistory)
    .values({ kind, alias: oldAlias, entityId })
    .onConflictDoUpdate({
      target: [aliasHistory.kind, aliasHistory.alias],
      set: { entityId, changedAt: sql`now()` },
    });
}
