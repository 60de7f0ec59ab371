/**
 * A process-wide, short-lived copy of the shop's reference data: the channel directory (channels,
 * markets, languages; 5 statements), the category tree (1 statement) and the menus (3 statements
 * for all of them, issue 16). Every GraphQL operation needs the first two, and a server-rendered
 * page sends 3-5 operations, so reading them per request was most of a page's SQL. They change only when the shop's set-up changes (seed, migration,
 * administration), so a copy at most `ttlMs` old is served; after a change every instance shows
 * it within that time. Prices, stock, carts and orders are never cached here.
 */
import { loadCategoryTree, type CategoryTree } from '../modules/catalog/catalog.service.ts';
import { loadChannelDirectory, type ChannelDirectory } from '../modules/channel/channel.service.ts';
import { loadMenuDirectory, type MenuDirectory } from '../modules/menus/menus.service.ts';
import type { Database } from '../db/client.ts';

/** The cached look-ups; each returns a shared, read-only object (do not mutate it). */
export interface ReferenceData {
  directory(): Promise<ChannelDirectory>;
  categoryTree(): Promise<CategoryTree>;
  /** Every menu by location (issue 16). */
  menus(): Promise<MenuDirectory>;
  /** Drops the copies, so the next look-up reads the database (after a seed, in tests). */
  invalidate(): void;
}

/**
 * Creates the cache for one database.
 * @param ttlMs how long a copy is served, in milliseconds; 0 reads the database on every call
 * @param clock current time in milliseconds (tests)
 */
export function createReferenceData(
  db: Database,
  ttlMs: number,
  clock: () => number = Date.now,
): ReferenceData {
  const directory = cached(() => loadChannelDirectory(db), ttlMs, clock);
  const categoryTree = cached(() => loadCategoryTree(db), ttlMs, clock);
  const menus = cached(() => loadMenuDirectory(db), ttlMs, clock);
  const data: ReferenceData = {
    directory: directory.get,
    categoryTree: categoryTree.get,
    menus: menus.get,
    invalidate() {
      directory.clear();
      categoryTree.clear();
      menus.clear();
    },
  };
  let caches = registry.get(db);
  if (!caches) registry.set(db, (caches = new Set()));
  caches.add(data);
  return data;
}

/** The caches created on each database in this process ({@link invalidateReferenceData}). */
const registry = new WeakMap<Database, Set<ReferenceData>>();

/**
 * Drops every copy this process holds of `db`'s reference data: after a back-office change of
 * categories (issue 26), so that this process shows it at once. Other instances show it within
 * their time-to-live (REFERENCE_DATA_TTL_SECONDS).
 */
export function invalidateReferenceData(db: Database): void {
  for (const data of registry.get(db) ?? []) data.invalidate();
}

function cached<T>(load: () => Promise<T>, ttlMs: number, clock: () => number) {
  let entry: { value: Promise<T>; loadedAt: number } | undefined;
  return {
    get(): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = clock();
      if (!entry || now - entry.loadedAt >= ttlMs) {
        const value = load();
        const current = { value, loadedAt: now };
        entry = current;
        // A failed read is not kept: the next call tries again.
        value.catch(() => {
          if (entry === current) entry = undefined;
        });
      }
      return entry.value;
    },
    clear() {
      entry = undefined;
    },
  };
}
