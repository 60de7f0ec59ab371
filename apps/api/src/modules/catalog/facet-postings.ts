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
 * with `products` (postings-statements.ts reads them; this module builds them).
 *
 * The postings are built per catalogue structure version in one statement
 * ({@link buildFacetPostings}), by the job queue (modules/jobs) after a write to what they are built from
 * (`catalogue_state.structure_version`, migrations 0007 and 0014; a price write does not count): until
 * they exist, lists count from rows as before (product-list.service.ts), so no request waits for
 * a build. Counts are the same on both paths (test `facet-postings-*.test.ts`).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  activeCampaignPricesSql,
  latestCampaignBoundarySql,
  sellingOfSql,
} from '../pricing/campaign-price.ts';
import { discountPercentSql } from '../pricing/pricing.service.ts';
import { productPrices } from '../pricing/pricing.tables.ts';
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
import { productSearch } from '../search/search.tables.ts';
import { discountBucketSql, priceBucketSql } from './facet-ids.ts';

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
export const PRICE_MARKER = '#r1';

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

/** Databases whose process is shutting down: no new build is run for them here. */
const stoppedBuilds = new WeakSet<Database>();

/**
 * Whether {@link stopBackgroundBuilds} ran for `db` (`facet-postings-settled.ts` then runs none).
 */
export function backgroundBuildsStopped(db: Database): boolean {
  return stoppedBuilds.has(db);
}

/**
 * Shutdown (issue 15): this process runs no further facet or price postings build
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
export function priceSinceSql(now: Date): SQL {
  return sql`coalesce(${latestCampaignBoundarySql(now)}, '-infinity'::timestamptz)`;
}

/** Bitmaps from rows `(key, id)` of a derived table named `keyed`: `(key, bits)` rows. */
export function bitmapsSql(keyed: SQL, nbytes: SQL): SQL {
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
        ${sellingOfSql(productPrices.regularPriceIncVat, sql`cp.selling`)}
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
