/**
 * The statements that read the facet postings (facet-postings.ts builds them; issue 5 "Speed",
 * GEINS-API §5.4 facets): a list's facet rows ({@link postingsFacetStatement}) and a search
 * list's RELEVANCE page ({@link postingsRankedPageStatement}) from bitmaps of the current
 * catalogue version. Used by the postings-backed `ProductSearch` (product-list.service.ts with
 * `postings`); each statement says in its rows whether the postings could answer, and the
 * caller reads rows when they could not. Counts and pages equal the row path's
 * (`facet-postings-*.test.ts`).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { prepared } from '../../db/client.ts';
import { activeCampaignPricesSql, sellingOfSql } from '../pricing/campaign-price.ts';
import { discountPercentSql } from '../pricing/pricing.service.ts';
import { priceCampaignPrices, productPrices } from '../pricing/pricing.tables.ts';
import { facetPostings, pricePostings, products, sellingPrices } from './catalog.tables.ts';
import { EXACT_POINT, FIELD_POINTS, prefixQuery } from '../search/search-text.ts';
import { discountBucketSql, priceBucketSql } from './facet-ids.ts';
import {
  PRICE_MARKER,
  RANGE_THRESHOLDS,
  bitmapsSql,
  currentCatalogueVersion,
  currentStructureVersion,
  priceSinceSql,
} from './facet-postings.ts';

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
  const selling = sellingOfSql(productPrices.regularPriceIncVat, sql`cp.selling`);
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
