/**
 * What the back office's catalogue writes read of the channel set-up (issue 26), one statement
 * each, usable inside a transaction: the default language, the markets with their currency and
 * VAT rate, and which language ids exist.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { loadChannelDirectory, type MarketInfo } from './channel.service.ts';
import { channels, languages, markets } from './channel.tables.ts';

/** The database or a transaction of it. */
type Reader = Pick<Database, 'select'>;

/** The first channel's default language id, e.g. `sv-SE` (`sv-SE` when there is no channel). */
export async function defaultLanguageId(db: Reader): Promise<string> {
  const [row] = await db
    .select({ id: channels.defaultLanguageId })
    .from(channels)
    .orderBy(asc(channels.id))
    .limit(1);
  return row?.id ?? 'sv-SE';
}

/** A market as price writes need it: currency (null when none) and standard VAT rate. */
export interface PricedMarket {
  id: string;
  currencyCode: string | null;
  vatRateBasisPoints: number;
}

/** Every market (inactive ones too), by id. */
export async function marketsById(db: Reader): Promise<Map<string, PricedMarket>> {
  const rows = await db
    .select({
      id: markets.id,
      currencyCode: markets.currencyCode,
      vatRateBasisPoints: markets.vatRateBasisPoints,
    })
    .from(markets);
  return new Map(rows.map((m) => [m.id, m]));
}

/** The ids among `ids` that are languages of the shop. */
export async function knownLanguageIds(db: Reader, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(inArray(languages.id, [...ids]));
  return rows.map((r) => r.id);
}

/**
 * Every market of every channel as the shop API describes it (alias, currency, VAT), by id:
 * the CSV import and export name their price columns by it (issue 26). Several statements in
 * parallel: not for use inside a transaction on one connection.
 */
export async function directoryMarketsById(db: Database): Promise<Map<string, MarketInfo>> {
  const directory = await loadChannelDirectory(db);
  return new Map(directory.channels.flatMap((c) => c.allMarkets).map((m) => [m.id, m]));
}
