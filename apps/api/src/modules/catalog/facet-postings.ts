/**
 * Facet counts from bitmaps (issue 5, "Speed"; GEINS-API §5.4 facets): the `facet_postings` of
 * a catalogue version hold, per facet key, a bitmap of the active products having it (bit =
 * product id). A list whose scope and selections are all facet keys (a category or brand page
 * with Category, Brand, Sku and Parameter facets selected) counts every facet value with
 * `bit_count(value & selection)`: a few microseconds per value whatever the number of products,
 * instead of reading the scope's product, SKU and parameter rows (docs/performance.md has the
 * figures). The price parts (Price and Discount
 * buckets, the price range) read the market's price rows of the selected products only (the
 * `get_bit` test on the price index). Search words come from the postings of the documents'
 * lexemes per field (`w<field><lexeme>`, field A name, B brand, C categories, D texts), so a
 * search list's count, facets and RELEVANCE page read no document and do not join every hit
 * with `products` ({@link postingsRankedPageStatement}).
 *
 * The postings are built per catalogue structure version in one statement
 * ({@link buildFacetPostings}), by the job queue (modules/jobs) after a write to what they are built from
 * (`catalogue_state.structure_version`, migrations 0007 and 0014; a price write does not count): until
 * they exist, lists count from rows as before (product-list.service.ts), so no request waits for
 * a build. Counts are the same on both paths (test `facet-postings.test.ts`).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { prepared, uncounted, type Database } from '../../db/client.ts';
import { priceCampaignPrices, priceCampaigns, productPrices } from '../pricing/pricing.tables.ts';
import {
  catalogueState,
  categories,
  facetChanges,
  facetPostings,
  pricePostings,
  productCategories,
  productParameters,
  products,
  sellingPrices,
  skus,
} from './catalog.tables.ts';
import { EXACT_POINT, FIELD_POINTS, prefixQuery } from '../search/search-text.ts';
import { productSearch } from '../search/search.tables.ts';
import { DISCOUNT_BUCKETS, PRICE_BUCKETS } from './facet-ids.ts';
import { latestCampaignBoundarySql } from './list-cache.ts';
import { FACET_POSTINGS_JOB, pricePostingsJob } from '../jobs/job-kinds.ts';
import { enqueueJob, type NewJob } from '../jobs/queue.ts';

/**
 * Thresholds (minor units) of the fine price buckets of the price range (`r<i>` price postings,
 * i = `width_bucket(selling, RANGE_THRESHOLDS)`): 0, then from 10 kr up by 30 % a step to about
 * 200 000 kr. The lowest and highest fine bucket holding a product of a list bound the walk for
 * its lowest and highest price.
 */
export const RANGE_THRESHOLDS: readonly number[] = (() => {
  const thresholds = [0];
  for (let t = 1000; t < 20_000_000; t = Math.round(t * 1.3)) thresholds.push(t);
  return thresholds;
})();

/**
 * The marker key of a market's complete price postings; a new name whenever their keys change
 * (postings stored by an older build are then rebuilt, not read).
 */
const PRICE_MARKER = '#r1';

/** {@link RANGE_THRESHOLDS} as an SQL `int[]`. */
function thresholdsSql(): SQL {
  return sql`array[${sql.join(
    RANGE_THRESHOLDS.map((t) => sql`${t}::int`),
    sql`, `,
  )}]`;
}

/**
 * Bytes of every bitmap (facet and price postings alike, so they can be ANDed): room for the
 * highest product id, rounded up to whole KiB (8 192 product ids), so that new products rarely
 * change the length and an incremental build can keep the postings it does not change.
 */
const POSTING_BYTES = sql`((((select coalesce(max(${products.id}), 0) from ${products}) >> 3) / 1024) + 1) * 1024`;

/** `pg_advisory_xact_lock` key of a postings build (one build at a time per database). */
const BUILD_LOCK = 0x66616365; // 'face'

/**
 * The current structure version of `catalogue_state` (what facet postings are built at: it only
 * goes up with writes to products, their categories, SKUs, parameters, categories and search
 * documents), as an SQL scalar.
 */
export const currentStructureVersion = sql`(select ${catalogueState.structureVersion} from ${catalogueState} where ${catalogueState.id} = 1)`;

/** The current version of `catalogue_state`, as an SQL scalar. */
export const currentCatalogueVersion = sql`(select ${catalogueState.version} from ${catalogueState} where ${catalogueState.id} = 1)`;

/**
 * CTEs `tree`, `keys (key, id)` and `active_keys (key, id)`: the facet keys of the products
 * (all of them, or those of `only`, a set of product ids), as {@link buildFacetPostings} posts
 * them: categories with their ancestors, brand, sizes, parameter values, search-document lexemes
 * per field (inactive products too) and `all`; every key but the lexemes of active products
 * only. Needs `with recursive`.
 */
function postingKeysCtes(only: SQL | null): SQL {
  const of = (id: SQL) => (only ? sql`${id} in ${only}` : sql`true`);
  return sql`tree (leaf, ancestor) as (
        select ${categories.id}, ${categories.id} from ${categories}
        union all
        select tree.leaf, ${categories.parentId} from tree
        join ${categories} on ${categories.id} = tree.ancestor
        where ${categories.parentId} is not null),
      keys (key, id) as (
        select 'c' || tree.ancestor, ${productCategories.productId} from ${productCategories}
          join tree on tree.leaf = ${productCategories.categoryId}
          where ${of(sql`${productCategories.productId}`)}
        union all
        select 'b' || ${products.brandId}, ${products.id} from ${products}
          where ${products.brandId} is not null and ${of(sql`${products.id}`)}
        union all
        select 's' || ${skus.name}, ${skus.productId} from ${skus} where ${of(sql`${skus.productId}`)}
        union all
        select 'p' || ${productParameters.parameterId} || '_' || ${productParameters.parameterValueId},
          ${productParameters.productId}
        from ${productParameters}
        where ${productParameters.parameterValueId} is not null and ${of(sql`${productParameters.productId}`)}
        union all
        select 'w' || field.weight || entry.lexeme, ${productSearch.productId}
        from ${productSearch}, unnest(${productSearch.document}) as entry,
          (values ('A'), ('B'), ('C'), ('D')) as field (weight)
        where field.weight = any(entry.weights) and ${of(sql`${productSearch.productId}`)}
        union all
        select 'all', ${products.id} from ${products} where ${of(sql`${products.id}`)}),
      active_keys as (
        select keys.key, keys.id from keys join ${products} on ${products.id} = keys.id
          and (${products.active} or left(keys.key, 1) = 'w'))`;
}

/** How {@link buildFacetPostings} stored the postings of the current structure version. */
export type FacetPostingsBuild = 'full' | 'incremental';

/**
 * Changed products (`facet_changes`) up to which the postings of the last built version are
 * updated instead of building all of them: at most this many, or this share of the products.
 */
const INCREMENTAL_MAX = { products: 2_000, share: 0.1 };

/**
 * Builds the facet postings of the current structure version, in one transaction, and deletes
 * those of other versions and the recorded changes up to it. From the postings of the last
 * built version when no write since then touched the category tree (or truncated a table) and
 * few products changed (`facet_changes`, migration 0016; {@link INCREMENTAL_MAX}): their bits are
 * cleared in every posting and set again from their current keys ('incremental', much faster:
 * docs/performance.md); otherwise from every product ('full'). Either way
 * the version, the changes and the keys come from one statement's snapshot. Does nothing when
 * another build holds the lock or the version's postings exist.
 * @returns how it built them, or null when it did not.
 */
export async function buildFacetPostings(db: Database): Promise<FacetPostingsBuild | null> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK}) as ok`,
    )) as unknown as { rows: Array<{ ok: boolean }> };
    if (!lock.rows[0]?.ok) return null;
    const rowCount = (result: unknown) => {
      const r = result as { affectedRows?: number; rowCount?: number };
      return r.affectedRows ?? r.rowCount ?? 0;
    };
    const state = (
      (await tx.execute(sql`select
        exists (select 1 from ${facetPostings} where ${facetPostings.catalogueVersion} = ${currentStructureVersion} and ${facetPostings.key} = '#') as done,
        (select max(${facetPostings.catalogueVersion}) from ${facetPostings}
          where ${facetPostings.key} = '#' and ${facetPostings.catalogueVersion} < ${currentStructureVersion}) as built,
        (select count(*) from ${products}) as products`)) as unknown as {
        rows: Array<{ done: boolean; built: string | number | null; products: string | number }>;
      }
    ).rows[0];
    if (!state || state.done) return null;
    let how: FacetPostingsBuild | null = null;
    if (state.built !== null) {
      const built = Number(state.built);
      const counted = (
        (await tx.execute(sql`select count(*) filter (where ${facetChanges.productId} >= 0) as n,
            bool_or(${facetChanges.productId} < 0) as everything
          from ${facetChanges} where ${facetChanges.structureVersion} > ${built}`)) as unknown as {
          rows: Array<{ n: string | number; everything: boolean | null }>;
        }
      ).rows[0];
      const changed = Number(counted?.n ?? 0);
      const limit = Math.max(
        INCREMENTAL_MAX.products,
        Number(state.products) * INCREMENTAL_MAX.share,
      );
      if (counted && !counted.everything && changed <= limit) {
        if (rowCount(await tx.execute(incrementalBuildSql(built))) > 0) how = 'incremental';
      }
    }
    if (how === null) {
      await tx.execute(
        sql`delete from ${facetPostings} where ${facetPostings.catalogueVersion} <> coalesce(${currentStructureVersion}, -1)`,
      );
      const inserted = await tx.execute(sql`with recursive
      size as (select ${POSTING_BYTES} as nbytes),
      ${postingKeysCtes(null)}
      insert into ${facetPostings} (catalogue_version, key, bits)
      select ${currentStructureVersion}, b.key, b.bits
      from ${bitmapsSql(sql`active_keys`, sql`(select nbytes from size)`)} as b
      where ${currentStructureVersion} is not null
      union all
      select ${currentStructureVersion}, '#', ('x' || repeat('00', (select nbytes from size)::int))::bit varying
      where ${currentStructureVersion} is not null
      on conflict do nothing`);
      if (rowCount(inserted) === 0) return null;
      how = 'full';
    }
    // The version just built is the highest with a marker; older ones and their changes go.
    const latest = sql`(select max(${facetPostings.catalogueVersion}) from ${facetPostings} where ${facetPostings.key} = '#')`;
    await tx.execute(
      sql`delete from ${facetPostings} where ${facetPostings.catalogueVersion} < ${latest}`,
    );
    await tx.execute(
      sql`delete from ${facetChanges} where ${facetChanges.structureVersion} <= ${latest}`,
    );
    return how;
  });
}

/**
 * The statement of an incremental build (see {@link buildFacetPostings}): the postings of the
 * current structure version from those of version `built`, every posting with the bits of the
 * changed products (`facet_changes` after `built`) cleared and set again from their current keys;
 * postings that stay the same move to the new version without being rewritten. Inserts nothing
 * when a change of its snapshot is -1 (everything), there is nothing newer than `built`, or the
 * bitmaps need another length ({@link POSTING_BYTES}: the caller builds everything).
 */
function incrementalBuildSql(built: number): SQL {
  const target = sql`(select version from target)`;
  return sql`with recursive
      target as (select ${currentStructureVersion} as version),
      changes as (
        select distinct ${facetChanges.productId} as product_id from ${facetChanges}
        where ${facetChanges.structureVersion} > ${built} and ${facetChanges.structureVersion} <= ${target}),
      old as (
        select ${facetPostings.key} as key, ${facetPostings.bits} as bits from ${facetPostings}
        where ${facetPostings.catalogueVersion} = ${built}),
      size as (select ${POSTING_BYTES} as nbytes),
      usable as (
        select ${target} > ${built} and not exists (select 1 from changes where product_id < 0)
          and (select length(bits) / 8 from old where key = '#') = (select nbytes from size) as ok),
      zero as (select ('x' || repeat('00', (select nbytes from size)::int))::bit varying as bits),
      ${postingKeysCtes(sql`(select product_id from changes)`)},
      changed as (
        select m.bits from ${bitmapsSql(sql`(select 'm' as key, product_id as id from changes)`, sql`(select nbytes from size)`)} as m),
      fresh as (select b.key, b.bits from ${bitmapsSql(sql`active_keys`, sql`(select nbytes from size)`)} as b),
      computed as (
        select coalesce(old.key, fresh.key) as key, old.bits as old_bits,
          (coalesce(old.bits, zero.bits) & ~coalesce((select bits from changed), zero.bits))
            | coalesce(fresh.bits, zero.bits) as bits
        from old full join fresh on fresh.key = old.key cross join zero
        where (select ok from usable) and coalesce(old.key, fresh.key) <> '#'),
      -- Unchanged postings move to the new version in place (their stored bitmap is not
      -- rewritten); changed and new ones are inserted, the old rows go with the old version.
      same as materialized (select key from computed where bits = old_bits),
      kept as (
        update ${facetPostings} set catalogue_version = ${target}
        where ${facetPostings.catalogueVersion} = ${built} and ${facetPostings.key} in (select key from same)
        returning 1)
    insert into ${facetPostings} (catalogue_version, key, bits)
    select ${target}, key, bits from computed where key not in (select key from same)
    union all
    select ${target}, '#', zero.bits from zero where (select ok from usable)
    on conflict do nothing`;
}

/**
 * Milliseconds this process waits before it enqueues the same build again (a list that finds
 * the postings stale would otherwise write to the queue on every request).
 */
export const ENQUEUE_PAUSE_MS = 5_000;
const enqueuedAt = new WeakMap<Database, Map<string, number>>();

/**
 * Enqueues a build job (issue 15: the job queue runs it, in this process on the embedded
 * database or in `npm run worker`): re-arms the finished job of the key, leaves a queued or
 * running one alone. Not awaited: the list answers from rows meanwhile; a failed enqueue is
 * tried again by a later list.
 */
/** Databases whose process is shutting down: no new build is enqueued or run for them here. */
const stoppedBuilds = new WeakSet<Database>();

function enqueueBuild(db: Database, job: NewJob): void {
  if (stoppedBuilds.has(db)) return;
  let recent = enqueuedAt.get(db);
  if (!recent) enqueuedAt.set(db, (recent = new Map()));
  const at = recent.get(job.key);
  if (at !== undefined && Date.now() - at < ENQUEUE_PAUSE_MS) return;
  const known = recent;
  known.set(job.key, Date.now());
  uncounted(() => enqueueJob(db, job, { rearm: true })).catch(() => known.delete(job.key));
}

/**
 * Enqueues {@link buildFacetPostings} (the `facet-postings` job) unless this process did so in
 * the last {@link ENQUEUE_PAUSE_MS}.
 */
export function scheduleFacetPostingsBuild(db: Database): void {
  enqueueBuild(db, FACET_POSTINGS_JOB);
}

/**
 * Whether {@link stopBackgroundBuilds} ran for `db` (`facet-postings-settled.ts` then runs none).
 */
export function backgroundBuildsStopped(db: Database): boolean {
  return stoppedBuilds.has(db);
}

/** Forgets this process's recent enqueues for `db` (after the queued builds have run). */
export function forgetRecentEnqueues(db: Database): void {
  enqueuedAt.delete(db);
}

/**
 * Shutdown (issue 15): this process enqueues and runs no further facet or price postings build
 * on `db`. A build the job runner is running is the runner's to finish or hand back
 * (`JobRunner.stop`); each build is one transaction, so an unfinished one rolls back when the
 * pool closes, and lists count from rows until the next build.
 */
export async function stopBackgroundBuilds(db: Database): Promise<void> {
  stoppedBuilds.add(db);
}

/**
 * The price stamp's `since` at `now`: the latest campaign start or end at or before it
 * ('-infinity' before any). Selling prices only change with a catalogue write or at such a
 * boundary, so (catalogue version, since) names a set of selling prices.
 */
function priceSinceSql(now: Date): SQL {
  return sql`coalesce(${latestCampaignBoundarySql(now)}, '-infinity'::timestamptz)`;
}

/** Bitmaps from rows `(key, id)` of a derived table named `keyed`: `(key, bits)` rows. */
function bitmapsSql(keyed: SQL, nbytes: SQL): SQL {
  return sql`(with bytes as (
        select keyed.key, keyed.id >> 3 as byte, bit_or(128 >> (keyed.id & 7)) as value
        from ${keyed} as keyed where keyed.id >= 0 group by 1, 2),
      gaps as (
        select key, byte, value, coalesce(lag(byte) over (partition by key order by byte), -1) as previous
        from bytes)
      select key, ('x' || string_agg(
          repeat('00', (byte - previous - 1)::int) || lpad(to_hex(value), 2, '0'), '' order by byte)
          || repeat('00', (${nbytes} - max(byte) - 1)::int))::bit varying as bits
      from gaps group by key)`;
}

/**
 * Builds the selling prices and price postings of a market at the price stamp of `now` (the
 * current catalogue version and {@link priceSinceSql}), deleting the market's rows of other
 * stamps, in one transaction. Nothing is stored when the catalogue changes meanwhile (the next
 * list tries again) or another build of the market holds the lock.
 * @returns true when this call stored them.
 */
export async function buildPricePostings(
  db: Database,
  marketId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${BUILD_LOCK}, hashtext(${marketId})) as ok`,
    )) as unknown as { rows: Array<{ ok: boolean }> };
    if (!lock.rows[0]?.ok) return false;
    const stamp = (await tx.execute(
      sql`select ${currentCatalogueVersion} as version, ${priceSinceSql(now)}::text as since`,
    )) as unknown as { rows: Array<{ version: string | number | null; since: string }> };
    const { version, since } = stamp.rows[0] ?? { version: null, since: '' };
    if (version === null) return false;
    const same = (table: typeof sellingPrices | typeof pricePostings) =>
      sql`${table.marketId} = ${marketId} and ${table.catalogueVersion} = ${version} and ${table.since} = ${since}::timestamptz`;
    await tx.execute(
      sql`delete from ${sellingPrices} where ${sellingPrices.marketId} = ${marketId} and not (${same(sellingPrices)})`,
    );
    await tx.execute(
      sql`delete from ${pricePostings} where ${pricePostings.marketId} = ${marketId} and not (${same(pricePostings)})`,
    );
    const existing = (await tx.execute(
      sql`select 1 from ${pricePostings} where ${same(pricePostings)} and ${pricePostings.key} = ${PRICE_MARKER}`,
    )) as unknown as { rows: unknown[] };
    if (existing.rows.length > 0) return false;
    // Statements below re-check the version: a write committed in between stores nothing.
    await tx.execute(sql`insert into ${sellingPrices} (market_id, catalogue_version, since, product_id, selling)
      select ${marketId}, ${version}, ${since}::timestamptz, ${productPrices.productId},
        least(${productPrices.regularPriceIncVat}, cp.selling)
      from ${productPrices}
      join ${products} on ${products.id} = ${productPrices.productId} and ${products.active}
      left join ${activeCampaignPricesSql(marketId, now)} on cp.product_id = ${productPrices.productId}
      where ${productPrices.marketId} = ${marketId} and ${productPrices.regularPriceIncVat} is not null
        and ${currentCatalogueVersion} = ${version}`);
    const selling = sql`${sellingPrices.selling}`;
    const regular = sql`${productPrices.regularPriceIncVat}`;
    const keyed = sql`(
      select 'pr' || ${priceBucketSql(selling)} as key, ${sellingPrices.productId} as id
      from ${sellingPrices} where ${same(sellingPrices)}
      union all
      select 'r' || width_bucket(${selling}, ${thresholdsSql()}), ${sellingPrices.productId}
      from ${sellingPrices} where ${same(sellingPrices)}
      union all
      select 'd' || ${discountBucketSql(discountPercentSql(selling, regular))}, ${sellingPrices.productId}
      from ${sellingPrices}
      join ${productPrices} on ${productPrices.productId} = ${sellingPrices.productId}
        and ${productPrices.marketId} = ${marketId}
      where ${same(sellingPrices)}
        and ${discountBucketSql(discountPercentSql(selling, regular))} is not null)`;
    const nbytes = POSTING_BYTES;
    await tx.execute(sql`insert into ${pricePostings} (market_id, catalogue_version, since, key, bits)
      select ${marketId}::text, ${version}::bigint, ${since}::timestamptz, b.key, b.bits from ${bitmapsSql(keyed, nbytes)} as b
      where b.key is not null and ${currentCatalogueVersion} = ${version}
      union all
      select ${marketId}::text, ${version}::bigint, ${since}::timestamptz, ${PRICE_MARKER}::text, ('x' || repeat('00', (${nbytes})::int))::bit varying
      where ${currentCatalogueVersion} = ${version}`);
    return true;
  });
}

/** Enqueues {@link buildPricePostings} of a market at `now` (the `price-postings` job). */
export function schedulePricePostingsBuild(db: Database, marketId: string, now: Date): void {
  enqueueBuild(db, pricePostingsJob(marketId, now));
}

/** A facet selection group of a list as facet keys: a product matches when it has any of them. */
export interface PostingsGroup {
  /** The group key of product-list.service.ts (`brand`, `sku`, `parameter:<id>`, `category`). */
  key: string;
  /** Facet keys (`b12`, `sXS`, `p1_1001`, `c3`). */
  keys: string[];
}

/** What a list is, in facet keys: its scope and its selection groups. */
export interface PostingsList {
  /** Keys every product of the list has (`all` plus the scope's category or brand). */
  scope: SQL[];
  /**
   * The words of a search text the list's products match (search-text.ts `searchWords`), null
   * without one: each word's products come from the lexeme postings (`w<field><lexeme>` keys),
   * every product for a stop word, the typo products when no lexeme has the prefix. The
   * postings answer only when each word's query can be answered lexeme by lexeme ({@link usableSql});
   * otherwise the caller reads rows.
   */
  words: string[] | null;
  /** A word's typo products (a condition on `products`), used when no lexeme has the prefix. */
  typo: ((word: string) => SQL) | null;
  groups: PostingsGroup[];
  /** BY_GROUP (a group's values ignore that group's selection) or CURRENT. */
  byGroup: boolean;
}

/** Whole-percent discount of a selling against a regular price (as `PriceType`, rounded). */
export function discountPercentSql(selling: SQL, regular: SQL): SQL {
  return sql`(case when ${regular} > 0 and ${selling} < ${regular} then round(100.0 * (${regular} - ${selling}) / ${regular}) else 0 end)`;
}

/** The index in PRICE_BUCKETS of a selling price in minor units (null when in none). */
export function priceBucketSql(selling: SQL): SQL {
  return sql`(case ${sql.join(
    PRICE_BUCKETS.map(
      (b, i) =>
        sql`when ${selling} >= ${b.from * 100}${b.to === null ? sql`` : sql` and ${selling} < ${b.to * 100}`} then ${i}`,
    ),
    sql` `,
  )} end)`;
}

/** The index in DISCOUNT_BUCKETS of a whole-percent discount (null below 1 %). */
export function discountBucketSql(discount: SQL): SQL {
  return sql`(case ${sql.join(
    DISCOUNT_BUCKETS.map(
      (b, i) =>
        sql`when ${discount} >= ${Math.max(1, b.from)} and ${discount} <= ${b.to} then ${i}`,
    ),
    sql` `,
  )} end)`;
}

/**
 * Derived table `cp (product_id, selling)`: the lowest campaign price (minor units) of each
 * product in the market's campaigns active at `now`, optionally only for products meeting
 * `productFilter` (a condition on `price_campaign_prices.product_id`).
 */
export function activeCampaignPricesSql(marketId: string, now: Date, productFilter?: SQL): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(select ${priceCampaignPrices.productId} as product_id,
      min(${priceCampaignPrices.sellingPriceIncVat}) as selling
    from ${priceCampaignPrices}
    join ${priceCampaigns} on ${priceCampaigns.id} = ${priceCampaignPrices.campaignId}
    where ${priceCampaignPrices.marketId} = ${marketId} and ${priceCampaigns.startsAt} <= ${at}
      and (${priceCampaigns.endsAt} is null or ${priceCampaigns.endsAt} > ${at})
      ${productFilter ? sql`and ${productFilter}` : sql``}
    group by ${priceCampaignPrices.productId}) as cp`;
}

/**
 * CTE `f<i>` of search word `i`: one row `(a, b, c, d, hits)`, the bitmaps of the products whose
 * name (a), brand (b), categories (c) or texts (d) hold a lexeme starting with the word's stem,
 * and of any field (`hits`: the OR of the matching `w<field><lexeme>` postings: `document @@ word:*`
 * without reading the documents); each is null when no lexeme matches. Read once per statement.
 */
function wordFieldsCte(word: string, i: number): SQL {
  const bits = sql`${facetPostings.bits}`;
  const lexeme = sql`array_to_tsvector(array[substr(${facetPostings.key}, 3)])`;
  const field = (weight: keyof typeof FIELD_POINTS) =>
    sql`bit_or(${bits}) filter (where substr(${facetPostings.key}, 2, 1) = ${weight}) as ${sql.raw(weight.toLowerCase())},
      bit_or(${bits}) filter (where substr(${facetPostings.key}, 2, 1) = ${weight}
        and ${lexeme} @@ ${prefixQuery(word, undefined, true)}) as ${sql.raw(`${weight.toLowerCase()}e`)}`;
  return sql`${sql.raw(`f${i}`)} as (
      select ${field('A')}, ${field('B')}, ${field('C')}, ${field('D')}, bit_or(${bits}) as hits
      from ${facetPostings}
      where ${facetPostings.catalogueVersion} = ${currentStructureVersion}
        and left(${facetPostings.key}, 1) = 'w'
        and array_to_tsvector(array[substr(${facetPostings.key}, 3)]) @@ ${prefixQuery(word)}),`;
}

/**
 * The bitmap of the products matching search word `i`: those of its lexemes (CTE `f<i>`,
 * {@link wordFieldsCte}); every product for a stop word; when no product has it, the word's
 * typo products (`typo`, read from rows). Needs the statement's `zero` and `f<i>` CTEs.
 */
function wordBits(word: string, i: number, typo: SQL): SQL {
  const lexemes = sql`(select hits from ${sql.raw(`f${i}`)})`;
  const typoBits = sql`coalesce((select m.bits from ${bitmapsSql(
    sql`(select 'm' as key, ${products.id} as id from ${products} where ${typo})`,
    sql`(length((select bits from zero)) / 8)`,
  )} as m), (select bits from zero))`;
  return sql`(case when numnode(${prefixQuery(word)}) = 0 then ~(select bits from zero)
    when bit_count(coalesce(${lexemes}, (select bits from zero))) > 0 then ${lexemes}
    else ${typoBits} end)`;
}

/** The CTEs `post`, `zero`, `matched`, `scope`, `g<i>` and `masks` of a list (see below). */
function maskCtes(list: PostingsList): {
  ctes: SQL;
  parameterMask: SQL;
  hasParameterGroups: boolean;
} {
  const groups = list.groups.map((g, i) => ({ ...g, name: sql.raw(`g${i}`) }));
  const groupCtes = groups.map(
    (g) => sql`, ${g.name} as (
      select coalesce(bit_or(post.bits), (select bits from zero)) as bits from post
      where post.key in (${sql.join(
        g.keys.map((k) => sql`${k}`),
        sql`, `,
      )}))`,
  );
  /** The products of the list with every group's selection except those `skip` names. */
  const selectedExcept = (skip: (g: PostingsGroup) => boolean): SQL =>
    sql.join(
      [
        sql`scope.bits`,
        ...groups.filter((g) => !list.byGroup || !skip(g)).map((g) => sql`${g.name}.bits`),
      ],
      sql` & `,
    );
  // Masks, each computed once: every selection (`selected`), and for a selected group the
  // selections of the other groups (BY_GROUP: a group's values ignore its own selection).
  const masks: Array<{ name: string; own: (g: PostingsGroup) => boolean }> = [
    { name: 'm_c', own: (g) => g.key === 'category' },
    { name: 'm_b', own: (g) => g.key === 'brand' },
    { name: 'm_s', own: (g) => g.key === 'sku' },
    ...groups
      .filter((g) => g.key.startsWith('parameter:'))
      .map((g) => ({
        name: `m_p${g.key.split(':')[1]}`,
        own: (h: PostingsGroup) => h.key === g.key,
      })),
  ];
  const from = sql.join([sql`scope`, ...groups.map((g) => g.name)], sql`, `);
  const maskColumns = sql.join(
    masks.map((m) => sql`${selectedExcept(m.own)} as ${sql.raw(m.name)}`),
    sql`, `,
  );
  const parameterMask = sql`(case split_part(substr(post.key, 2), '_', 1) ${sql.join(
    groups
      .filter((g) => g.key.startsWith('parameter:'))
      .map(
        (g) => sql`when ${g.key.split(':')[1]} then masks.${sql.raw(`m_p${g.key.split(':')[1]}`)}`,
      ),
    sql` `,
  )} else masks.all_groups end)`;

  const hasParameterGroups = groups.some((g) => g.key.startsWith('parameter:'));
  const ctes = sql`post as (
      select ${facetPostings.key} as key, ${facetPostings.bits} as bits from ${facetPostings}
      where ${facetPostings.catalogueVersion} = ${currentStructureVersion} and left(${facetPostings.key}, 1) <> 'w'),
    zero as (select bits from post where key = '#'),
    ${list.words ? sql.join(list.words.map(wordFieldsCte), sql``) : sql``}
    ${
      list.words
        ? sql`matched as (select ${sql.join(
            list.words.map((w, i) => wordBits(w, i, list.typo!(w))),
            sql` & `,
          )} as bits),`
        : sql``
    }
    scope as (
      select (case when count(*) = ${list.scope.length} then bit_and(post.bits) else (select bits from zero) end)
        ${list.words ? sql`& (select bits from matched)` : sql``} as bits
      from post where post.key in (${sql.join(list.scope, sql`, `)}))
    ${sql.join(groupCtes, sql``)},
    masks as (select ${selectedExcept(() => false)} as all_groups, ${maskColumns} from ${from})`;
  return { ctes, parameterMask, hasParameterGroups };
}

/**
 * SQL boolean: the postings can give the products of every search word, its query being one
 * lexeme prefix, a choice of them (`'cykl':* | 'cykel':*`) or none (a stop word), which one
 * lexeme at a time can answer. A word the text-search parser splits into several ("x²" ->
 * 'x' <-> '2') is read from rows.
 */
function usableSql(words: readonly string[]): SQL {
  return sql.join(
    [sql`true`, ...words.map((w) => sql`querytree(${prefixQuery(w)}) !~ '[<&!]'`)],
    sql` and `,
  );
}

/**
 * The facet rows of a list from the postings of the current catalogue version, in the row
 * format of product-list.service.ts (`t, k, n, label, grp, o1, o2`): Category, Brand, Sku and
 * Parameter counts (values of show-filter parameters only), Count, and the price parts Price,
 * Discount and Range over the market's prices at `now`. One more row of type `Ready` tells
 * whether the version's postings exist (`n` 1) or not (`n` 0: every other row is then
 * meaningless and the caller counts from rows and builds them), and one of type `Usable` whether
 * they can answer for the search words ({@link usableSql}; `n` 0: the caller counts from rows).
 *
 * With `parts` 'count' only the Ready, Usable and Count rows (the number of products of the
 * list).
 *
 * Label columns are filled as on the row path: brand name, parameter value and label with the
 * parameter's and the value's sort orders; sizes and categories carry none. Marked
 * {@link prepared}: the text depends only on the list's shape (every value is a parameter).
 */
export function postingsFacetStatement(
  list: PostingsList,
  marketId: string,
  now: Date,
  parts: 'all' | 'count' = 'all',
): SQL {
  const { ctes, parameterMask, hasParameterGroups } = maskCtes(list);
  const selling = sql`(case when ${productPrices.regularPriceIncVat} is null then null else least(${productPrices.regularPriceIncVat}, cp.selling) end)`;
  const inSelected = (id: SQL) =>
    sql`${id} < length((select all_groups from masks)) and get_bit((select all_groups from masks), ${id}) = 1`;
  // The lowest or highest selling price of the list: the stamp's prices in price order
  // (index selling_prices_order_idx), walked until a product of the list, within the lowest or
  // highest fine price bucket that has one (so a small list never walks the whole market).
  const rangeEnd = (end: 'low' | 'high') => {
    const bucket = sql`(select ${sql.raw(end === 'low' ? 'min' : 'max')}(bucket) from range_hits)`;
    return sql`(select ${sellingPrices.selling} from ${sellingPrices}
      where ${sellingPrices.marketId} = ${marketId} and ${sellingPrices.catalogueVersion} = (select version from stamp)
        and ${sellingPrices.since} = (select since from stamp)
        and ${sellingPrices.selling} >= (select lo from range_bounds where bucket = ${bucket})
        and ${sellingPrices.selling} < (select hi from range_bounds where bucket = ${bucket})
        and ${inSelected(sql`${sellingPrices.productId}`)}
      order by ${sellingPrices.selling} ${sql.raw(end === 'low' ? 'asc' : 'desc')} limit 1)`;
  };
  // width_bucket numbers: i covers [thresholds[i-1], thresholds[i]) (1-based), the last is open.
  const rangeBounds = sql.join(
    RANGE_THRESHOLDS.map(
      (t, i) => sql`(${i + 1}::int, ${t}::int, ${RANGE_THRESHOLDS[i + 1] ?? 2_147_483_647}::int)`,
    ),
    sql`, `,
  );
  return prepared(sql`with ${ctes},
    stamp as (select ${currentCatalogueVersion} as version, ${priceSinceSql(now)} as since),
    price_post as (
      select ${pricePostings.key} as key, ${pricePostings.bits} as bits from ${pricePostings}
      where ${pricePostings.marketId} = ${marketId} and ${pricePostings.catalogueVersion} = (select version from stamp)
        and ${pricePostings.since} = (select since from stamp)),
    price_ready as (select count(*) > 0 as ok from price_post where key = ${PRICE_MARKER}),
    price_hits as (
      select substr(price_post.key, 3)::int as bucket, bit_count(price_post.bits & masks.all_groups)::int as n
      from price_post, masks where left(price_post.key, 2) = 'pr'
        and bit_count(price_post.bits & masks.all_groups) > 0),
    range_hits as (
      select substr(price_post.key, 2)::int as bucket from price_post, masks
      where left(price_post.key, 1) = 'r' and bit_count(price_post.bits & masks.all_groups) > 0),
    range_bounds (bucket, lo, hi) as (values ${rangeBounds}),
    priced as materialized (
      select ${selling} as selling, ${productPrices.regularPriceIncVat} as regular
      from ${productPrices}
      left join ${activeCampaignPricesSql(marketId, now, inSelected(sql`${priceCampaignPrices.productId}`))}
        on cp.product_id = ${productPrices.productId}
      where not (select ok from price_ready)
        and ${productPrices.marketId} = ${marketId} and ${inSelected(sql`${productPrices.productId}`)}),
    counted as (
      select post.key, bit_count(post.bits & (case left(post.key, 1)
          when 'c' then masks.m_c when 'b' then masks.m_b when 's' then masks.m_s
          else ${hasParameterGroups ? parameterMask : sql`masks.all_groups`} end))::int as n
      from post, masks where left(post.key, 1) in ('c', 'b', 's', 'p')),
    price_groups as (
      select ${priceBucketSql(sql`priced.selling`)} as price_bucket,
        ${discountBucketSql(discountPercentSql(sql`priced.selling`, sql`priced.regular`))} as discount_bucket,
        count(*)::int as n, min(priced.selling)::int as lowest, max(priced.selling)::int as highest
      from priced where priced.selling is not null group by 1, 2)
    select 'Ready' as t, null as k, count(*)::int as n, null as label, null as grp, null::int as o1, null::int as o2
      from zero
    union all
    select 'Usable', null, (${usableSql(list.words ?? [])})::int, null, null, null, null
    union all
    select 'Count', null, bit_count(masks.all_groups)::int, null, null, null, null from masks
    ${
      parts === 'count'
        ? sql``
        : sql`union all
    select 'Category', substr(counted.key, 2), counted.n, null, null, null, null
      from counted where left(counted.key, 1) = 'c' and counted.n > 0
    union all
    select 'Brand', substr(counted.key, 2), counted.n, brands.name, null, null, null
      from counted join brands on brands.id::text = substr(counted.key, 2)
      where left(counted.key, 1) = 'b' and counted.n > 0
    union all
    select 'Sku', substr(counted.key, 2), counted.n, null, null, null, null
      from counted where left(counted.key, 1) = 's' and counted.n > 0
    union all
    select 'Parameter', substr(counted.key, 2), counted.n, parameter_values.value, parameters.label,
        parameters.sort_order, parameter_values.sort_order
      from counted
      join parameter_values on parameter_values.id::text = split_part(substr(counted.key, 2), '_', 2)
      join parameters on parameters.id = parameter_values.parameter_id and parameters.show_filter
        and parameters.id::text = split_part(substr(counted.key, 2), '_', 1)
      where left(counted.key, 1) = 'p' and counted.n > 0
    union all
    select 'PriceReady', null, count(*)::int, null, null, null, null from price_post where key = ${PRICE_MARKER}
    union all
    select 'Price', price_hits.bucket::text, price_hits.n, null, null, null, null from price_hits
    union all
    select 'Discount', substr(price_post.key, 2), bit_count(price_post.bits & masks.all_groups)::int, null, null, null, null
      from price_post, masks where left(price_post.key, 1) = 'd'
        and bit_count(price_post.bits & masks.all_groups) > 0
    union all
    select 'Price', price_bucket::text, sum(n)::int, null, null, null, null
      from price_groups where price_bucket is not null group by 2
    union all
    select 'Discount', discount_bucket::text, sum(n)::int, null, null, null, null
      from price_groups where discount_bucket is not null group by 2
    union all
    select 'Range', null, 0, null, null,
      case when (select ok from price_ready) then ${rangeEnd('low')} else (select min(lowest) from price_groups) end,
      case when (select ok from price_ready) then ${rangeEnd('high')} else (select max(highest) from price_groups) end`
    }`);
}

const disabled = new WeakSet<Database>();

/** Whether lists of `db` count facets from postings (default true; off: always from rows). */
export function facetPostingsEnabled(db: Database): boolean {
  return !disabled.has(db);
}

/** Turns counting from postings on or off for `db` (tests comparing both paths, the bench). */
export function setFacetPostingsEnabled(db: Database, enabled: boolean): void {
  if (enabled) disabled.delete(db);
  else disabled.add(db);
}

/**
 * Derived table `bit (i)` of the set bits of a bitmap (positions = product ids), in 64-bit
 * chunks: only the chunks holding a set bit are looked into, so a sparse bitmap of 100 000 bits
 * costs ~1 600 chunk tests plus 64 tests per set chunk.
 */
function setBitsSql(bits: SQL): SQL {
  return sql`(select bit.i from generate_series(0, (length(${bits}) - 1) >> 6) as chunk (c)
    cross join lateral generate_series(chunk.c * 64, least(chunk.c * 64 + 63, length(${bits}) - 1)) as bit (i)
    where bit_count(substring(${bits} from chunk.c * 64 + 1 for 64)) > 0 and get_bit(${bits}, bit.i) = 1) as bit`;
}

/**
 * One RELEVANCE page of a search list from postings, in the order of search-text.ts
 * `rankedPageSql` (rank desc, first available desc nulls last, id desc) without reading a
 * document: the rank of a product is the sum over the words of the points of the best field
 * (`FIELD_POINTS`) holding a lexeme with the word's prefix (+`EXACT_POINT` when that field
 * holds the stem itself), and the field postings (`w<field><lexeme>`) give, per word, the
 * products of each field, and of each field holding the stem (CTE `f<i>`). The list's products (the
 * mask) are split into cells of equal rank (one split per word, at most 17n + 1 cells for n
 * words); the cells that reach the page are read newest first, by walking the LATEST index
 * (`products_latest_idx`, a large cell) or from the cell's set bits (a sparse one), only as far
 * as the page needs.
 * Rows in page order: `_ok`, `_rank` and the page's product rows (every column of `products`,
 * named by its Drizzle key, as the driver returns it), or one row with only `_ok` when the page
 * is empty. `_ok` false when the postings cannot answer (not built for the version, or a word
 * whose query is not lexeme by lexeme); the caller then pages from rows. `take` >= 1. Marked {@link prepared}, as
 * {@link postingsFacetStatement}.
 */
export function postingsRankedPageStatement(list: PostingsList, skip: number, take: number): SQL {
  const { ctes } = maskCtes(list);
  const words = list.words ?? [];
  const zero = sql`(select bits from zero)`;
  // The page's product rows, each column named by its key in the Drizzle table.
  const productColumns = sql.join(
    Object.entries(getTableColumns(products)).map(
      ([key, column]) => sql`${column} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
  // Per word: the products per points (l<i>, from the field bitmaps f<i> of the mask CTEs), and
  // the cells of the list by the rank so far (r<i>: r0 is the list, rank 0).
  const wordCtes = words.map((_, i) => {
    const f = sql.raw(`f${i}`);
    const bitsOf = (x: string) => sql`coalesce(${sql.raw(x)}, ${zero})`;
    const fields = (['A', 'B', 'C', 'D'] as const).map((field) => ({
      field,
      all: bitsOf(field.toLowerCase()),
      exact: bitsOf(`${field.toLowerCase()}e`),
    }));
    // A word's points per product: its best field (no better field holds it), +1 when that
    // field holds the stem itself; 0 for the rest of the list (typo and stop-word matches).
    const levels = fields.flatMap(({ field, all, exact }, k) => {
      const better = fields.slice(0, k).map((f) => sql`~${f.all}`);
      const within = (bits: SQL) => sql.join([bits, ...better], sql` & `);
      return [
        sql`select ${FIELD_POINTS[field] + EXACT_POINT}::int, ${within(exact)} from ${f}`,
        sql`select ${FIELD_POINTS[field]}::int, ${within(sql`${all} & ~${exact}`)} from ${f}`,
      ];
    });
    return sql`,
    ${sql.raw(`l${i}`)} (points, bits) as (
      ${sql.join(levels, sql` union all `)}
      union all select 0, ${sql.join(
        fields.map((x) => sql`~${x.all}`),
        sql` & `,
      )} from ${f}),
    ${sql.raw(`r${i + 1}`)} (rank, bits) as (
      select cell.rank + l.points, bit_or(cell.bits & l.bits) from ${sql.raw(`r${i}`)} as cell, ${sql.raw(`l${i}`)} as l
      group by 1 having bit_count(bit_or(cell.bits & l.bits)) > 0)`;
  });
  const last = sql.raw(`r${words.length}`);
  const end = skip + take;
  // A cell's page rows are read by walking the LATEST index when the walk is expected to be
  // shorter than reading the cell's set bits (each about one test per product id).
  const walk = sql`(cell.off + cell.lim)::float8 * length(cell.bits) / cell.n
    <= length(cell.bits) / 64 + least(cell.n, length(cell.bits) / 64) * 64`;
  return prepared(sql`with ${ctes},
    usable as (select (select count(*) from zero) > 0 and ${usableSql(words)} as ok),
    r0 (rank, bits) as (select 0, all_groups from masks where (select ok from usable))
    ${sql.join(wordCtes, sql``)},
    placed as (
      select rank, bits, bit_count(bits)::int as n,
        coalesce(sum(bit_count(bits)) over (order by rank desc rows between unbounded preceding and 1 preceding), 0)::int as before
      from ${last}),
    needed as (
      select rank, bits, n, greatest(${skip} - before, 0) as off,
        least(n, ${end} - before) - greatest(${skip} - before, 0) as lim
      from placed where before < ${end} and before + n > ${skip}),
    cells as (select cell.*, ${walk} as walk from needed as cell),
    top as (
      select cell.rank, page.id, page.fad from cells as cell cross join lateral (
        select ${products.id} as id, ${products.firstAvailableOn} as fad from ${products}
        where ${products.id} + 0 < length(cell.bits) and get_bit(cell.bits, ${products.id}) = 1
        order by ${products.firstAvailableOn} desc nulls last, ${products.id} desc
        limit cell.lim offset cell.off) as page
      where cell.walk
      union all
      select cell.rank, page.id, page.fad from cells as cell cross join lateral (
        select bit.i as id, product.fad from ${setBitsSql(sql`cell.bits`)}
        cross join lateral (
          select ${products.firstAvailableOn} as fad from ${products} where ${products.id} = bit.i offset 0) as product
        order by product.fad desc nulls last, bit.i desc
        limit cell.lim offset cell.off) as page
      where not cell.walk)
    select (select ok from usable) as "_ok", top.rank as "_rank", ${productColumns}
    from (select 1) as one
    left join top on true
    left join ${products} on ${products.id} = top.id
    order by top.rank desc, top.fad desc nulls last, top.id desc`);
}
