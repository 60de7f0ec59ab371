/**
 * What the sitemaps list (issue 20): the canonical paths of every active product, every
 * visible category, every brand and every running discount campaign, with a last-modified
 * date. Read from the database in keyset pages (no statement holds 100 000 rows at once) and
 * kept per database and catalogue version (`catalogue_state.version`, raised by every catalogue,
 * price or campaign write): a request costs one statement while nothing changed.
 * Content pages (issue 16: `/kopvillkor`, `/om-oss`) as the content module lists them
 * (content-sitemap.ts: published, active and seen by an anonymous visitor in every market); the
 * cache stamp also covers them (a digest of their listing fields and activity boundaries).
 *
 * lastmod: products their `created_at` (the schema keeps no later edit time); categories and
 * brands the time this process first saw the current catalogue version (their list pages
 * change with any catalogue write); campaigns their start; content pages their `updated_at`.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, catalogueState, products } from './catalog.tables.ts';
import {
  brandCanonicalUrl,
  categoryCanonicalUrl,
  loadCategoryTree,
  productCanonicalUrl,
} from './catalog.service.ts';
import { contentSitemapPages, contentSitemapStampSql } from '../content/content-sitemap.ts';
import { latestCampaignBoundarySql } from '../pricing/campaign-price.ts';
import { listRunningCampaigns } from '../pricing/pricing.service.ts';

/** The per-type sitemaps, in the order the index lists them. */
export const SITEMAP_TYPES = ['products', 'categories', 'brands', 'campaigns', 'pages'] as const;

/** One per-type sitemap (`pages`: the content pages of issue 16, `sitemap-pages-1.xml`). */
export type SitemapType = (typeof SITEMAP_TYPES)[number];

/** Most URLs in one sitemap file (sitemaps.org: 50 000). */
export const MAX_URLS_PER_SITEMAP = 50_000;

/** Rows read per statement while collecting products. */
const PAGE_SIZE = 10_000;

/** One URL of a sitemap: its canonical path (no market prefix) and last change, ISO 8601. */
export interface SitemapEntry {
  path: string;
  lastmod: string;
}

/** Every entry of every type under one catalogue version. */
export interface SitemapSnapshot {
  /** `catalogue_state.version` the entries were read under. */
  version: number;
  entries: Record<SitemapType, SitemapEntry[]>;
}

interface Cached {
  stamp: string;
  snapshot: Promise<SitemapSnapshot>;
  /** True once `snapshot` has resolved. */
  done: boolean;
}

const cache = new WeakMap<Database, Cached>();

/**
 * The current `catalogue_state.version` (0 before the first catalogue write), the latest
 * campaign start or end at or before `now` (which campaigns run changes only then) and the
 * content pages' stamp (`since` holds both). One statement.
 */
async function readStamp(db: Database, now: Date): Promise<{ version: number; since: string }> {
  const result = await db.execute(
    sql`select (select ${catalogueState.version} from ${catalogueState} where ${catalogueState.id} = 1)::text as version,
      ${latestCampaignBoundarySql(now)}::text as since, ${contentSitemapStampSql(now)} as content`,
  );
  const row = (
    result as unknown as {
      rows: Array<{ version: string | null; since: string | null; content: string | null }>;
    }
  ).rows[0];
  return {
    version: Number(row?.version ?? 0),
    since: `${row?.since ?? ''}|${row?.content ?? ''}`,
  };
}

/** `value` (a Date or a timestamp text) as ISO 8601 in UTC. */
function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Active products' canonical paths, in id order, read {@link PAGE_SIZE} at a time. */
async function productEntries(
  db: Database,
  tree: Awaited<ReturnType<typeof loadCategoryTree>>,
): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  let after = -1;
  for (;;) {
    const rows = await db
      .select({
        id: products.id,
        alias: products.alias,
        primaryCategoryId: products.primaryCategoryId,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(and(eq(products.active, true), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PAGE_SIZE);
    for (const row of rows) {
      entries.push({ path: productCanonicalUrl(tree, row), lastmod: iso(row.createdAt) });
    }
    if (rows.length < PAGE_SIZE) return entries;
    after = rows[rows.length - 1]!.id;
  }
}

/** The small lists (categories, brands, campaigns, content pages) as of `now`; see the module comment. */
async function smallEntries(
  db: Database,
  tree: Awaited<ReturnType<typeof loadCategoryTree>>,
  now: Date,
): Promise<Omit<SitemapSnapshot['entries'], 'products'>> {
  const seen = now.toISOString();
  const visible = tree.all.filter((category) =>
    tree.pathOf(category.id).every((step) => !step.isHidden),
  );
  const brandRows = await db.select({ alias: brands.alias }).from(brands).orderBy(asc(brands.id));
  const campaignRows = await listRunningCampaigns(db, now);
  const pageRows = await contentSitemapPages(db, now);
  return {
    categories: visible.map((c) => ({ path: categoryCanonicalUrl(tree, c.id), lastmod: seen })),
    brands: brandRows.map((b) => ({ path: brandCanonicalUrl(b), lastmod: seen })),
    campaigns: campaignRows.map((c) => ({
      path: `/dc/${encodeURIComponent(c.alias)}`,
      lastmod: iso(c.startsAt),
    })),
    pages: pageRows.map((page) => ({ path: page.path, lastmod: iso(page.updatedAt) })),
  };
}

/** Reads every entry now (see the module comment for lastmod). */
async function readSnapshot(db: Database, version: number, now: Date): Promise<SitemapSnapshot> {
  const tree = await loadCategoryTree(db);
  const small = await smallEntries(db, tree, now);
  return { version, entries: { products: await productEntries(db, tree), ...small } };
}

/** The cached snapshot of `stamp`, read now when there is none (kept until the stamp changes). */
function snapshotFor(db: Database, stamp: string, version: number, now: Date): Cached {
  const cached = cache.get(db);
  if (cached && cached.stamp === stamp) return cached;
  const entry: Cached = { stamp, snapshot: readSnapshot(db, version, now), done: false };
  cache.set(db, entry);
  entry.snapshot.then(
    () => {
      entry.done = true;
    },
    () => {
      if (cache.get(db) === entry) cache.delete(db);
    },
  );
  return entry;
}

/**
 * The sitemap entries under the current catalogue version: from memory when this process read
 * them under the same version and campaign boundary (campaigns start and end by the clock),
 * else read again. One statement when cached.
 */
export async function sitemapSnapshot(db: Database, now = new Date()): Promise<SitemapSnapshot> {
  const { version, since } = await readStamp(db, now);
  return snapshotFor(db, `${version}|${since}`, version, now).snapshot;
}

/** One file of the sitemap index: its type, chunk number (from 1) and newest lastmod. */
export interface SitemapChunk {
  type: SitemapType;
  chunk: number;
  lastmod: string;
}

/** The newest lastmod of `entries` (ISO 8601); the epoch when there are none. */
function newest(entries: ReadonlyArray<{ lastmod: string }>): string {
  let latest = '';
  for (const entry of entries) if (entry.lastmod > latest) latest = entry.lastmod;
  return latest || new Date(0).toISOString();
}

/** The files of `entries`: one per {@link MAX_URLS_PER_SITEMAP} entries; none when empty. */
function chunksOf(type: SitemapType, entries: readonly SitemapEntry[]): SitemapChunk[] {
  const chunks: SitemapChunk[] = [];
  for (let start = 0; start < entries.length; start += MAX_URLS_PER_SITEMAP) {
    const slice = entries.slice(start, start + MAX_URLS_PER_SITEMAP);
    chunks.push({ type, chunk: start / MAX_URLS_PER_SITEMAP + 1, lastmod: newest(slice) });
  }
  return chunks;
}

/**
 * The files of the sitemap index, in {@link SITEMAP_TYPES} order. From the snapshot once it is
 * read under the current stamp; before that (the first request after a catalogue write) the
 * snapshot starts reading in the background for the files that follow, and the products' files
 * come from one aggregate statement (count and newest `created_at` per 50 000 in id order), so
 * the index does not wait for every product row.
 */
export async function sitemapIndex(db: Database, now = new Date()): Promise<SitemapChunk[]> {
  const { version, since } = await readStamp(db, now);
  const entry = snapshotFor(db, `${version}|${since}`, version, now);
  if (entry.done) {
    const { entries } = await entry.snapshot;
    return SITEMAP_TYPES.flatMap((type) => chunksOf(type, entries[type]));
  }
  const result = await db.execute(
    sql`select chunk::int as chunk, max(created_at) as lastmod from (
        select (row_number() over (order by ${products.id}) - 1) / ${MAX_URLS_PER_SITEMAP} + 1 as chunk,
          ${products.createdAt} as created_at
        from ${products} where ${products.active}) as numbered
      group by chunk order by chunk`,
  );
  const rows = (result as unknown as { rows: Array<{ chunk: number; lastmod: Date | string }> })
    .rows;
  const small = await smallEntries(db, await loadCategoryTree(db), now);
  return [
    ...rows.map((row) => ({
      type: 'products' as const,
      chunk: Number(row.chunk),
      lastmod: iso(row.lastmod),
    })),
    ...chunksOf('categories', small.categories),
    ...chunksOf('brands', small.brands),
    ...chunksOf('campaigns', small.campaigns),
    ...chunksOf('pages', small.pages),
  ];
}
