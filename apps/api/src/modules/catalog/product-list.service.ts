/**
 * Product lists in SQL (GEINS-API §3.1 products, §5 filtering, sorting, paging, facets; issue
 * 5): the engine of both `ProductSearch` implementations (search/product-search.ts). Scope,
 * `FilterInputType`, sort and the facets of the result, all in SQL (the catalogue is never
 * loaded into memory). Costs: count and page are two statements; the facets (`filters`) one more,
 * and only when asked for; with `withFilters` the count comes from the facet statement (two).
 *
 * With `postings` (the postings-backed implementation) a list made of facet keys counts its
 * facets, its count and its RELEVANCE page from the facet postings (facet-postings.ts) when they
 * are built for the catalogue version, and from rows otherwise; both give the same answers.
 */
import { and, asc, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { rankedPageSql } from '../search/search-text.ts';
import type { CategoryTree, ProductRecord } from './catalog.service.ts';
import { categoryFacetCounts, products } from './catalog.tables.ts';
import { buildFacets, type FacetRow } from './facet-collection.ts';
import { currentCatalogueVersion } from './facet-postings.ts';
import { facetStatement } from './facet-statement.ts';
import { DEFAULT_NEWS_WINDOW_DAYS } from './generic-lists.ts';
import {
  STOCK_SORTS,
  groupCondition,
  priceSqlOf,
  rangeCondition,
  readsStock,
  sortOrder,
  type PriceSql,
} from './list-conditions.ts';
import { cached, readStamp } from './list-cache.ts';
import { planList, type ListPlan } from './list-plan.ts';
import {
  postingsFacetStatement,
  postingsRankedPageStatement,
  type PostingsList,
} from './postings-statements.ts';
import {
  MAX_SKIP,
  MAX_TAKE,
  type FilterCollection,
  type ListOptions,
  type ProductListArgs,
  type ProductPage,
} from './product-list.types.ts';

/** How {@link listProducts} finds the products (the `ProductSearch` implementation's choice). */
export interface ListEngine {
  /**
   * Count, facets and RELEVANCE pages from the facet postings when they can answer (from rows
   * while they are missing: the postings scan job builds them, a read never does); false:
   * always from rows.
   */
  postings: boolean;
}

/**
 * One page of products with the total count and the facets (GEINS-API §5). Scope:
 * `categoryAlias` (with its subcategories), `brandAlias`, `discountCampaignAlias` (products an
 * active campaign lowers in the market), `url` (`/c/`, `/b/`, `/dc/`, `/l/`); none = the whole
 * catalogue. An unknown scope gives no hits. Default order LATEST (RELEVANCE with searchText
 * and no sort).
 * `engine` (default rows only): see {@link ListEngine}.
 * @throws ShopError BAD_USER_INPUT for skip outside 0..6000, negative take, more than 600 ids,
 *   more than 200 facets, a reversed or negative price range, or searchText over 256 characters.
 */
export async function listProducts(
  db: Database,
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  args: ProductListArgs,
  options: ListOptions = {},
  engine: ListEngine = { postings: false },
): Promise<ProductPage> {
  const skip = args.skip ?? 0;
  const take = Math.min(args.take ?? MAX_TAKE, MAX_TAKE);
  if (skip < 0 || skip > MAX_SKIP) throw badUserInput(`skip must be 0..${MAX_SKIP}`, 'skip');
  if (take < 0) throw badUserInput('take must not be negative', 'take');
  const filter = args.filter ?? {};
  const price = priceSqlOf(shop.market.id, now);
  const newsWindowDays = options.newsWindowDays ?? DEFAULT_NEWS_WINDOW_DAYS;
  const plan = planList(db, tree, shop, { now, newsWindowDays }, args, filter, price);

  const flags = plan.groups.map((g) => groupCondition(tree, g.selections, price));
  const rangeFlag = rangeCondition(plan.range, price.selling);
  const where = and(...plan.base, ...flags, ...(rangeFlag ? [rangeFlag] : []));
  const sort = filter.sort ?? (plan.rank ? 'RELEVANCE' : 'LATEST');
  const order = plan.keepOrder ? [asc(plan.keepOrder)] : sortOrder(sort, price, plan.rank);
  const rankedOrder = !plan.keepOrder && sort === 'RELEVANCE' && plan.rank !== null;

  // Results are cached per catalogue version (list-cache.ts), except what reads stock.
  const stamp = readsStock(args) ? null : await readStamp(db, now);
  const key = JSON.stringify([
    shop.market.id,
    shop.currency.code,
    args.categoryAlias ?? null,
    args.brandAlias ?? null,
    args.discountCampaignAlias ?? null,
    args.url ?? null,
    filter,
    newsWindowDays,
    engine.postings,
  ]);
  let facetRows: Promise<FacetRow[]> | undefined;
  const readFacetRows = () =>
    (facetRows ??= cached(db, stamp, `facets ${key}`, () =>
      computeFacetRows(db, tree, shop, now, plan, price, engine),
    ));
  const [count, rows] = await Promise.all([
    options.withFilters
      ? readFacetRows().then((facets) => facets.find((r) => r.t === 'Count')?.n ?? 0)
      : cached(db, stamp, `count ${key}`, async () => {
          // From the postings when the list is made of facet keys and they are built.
          if (plan.postings && engine.postings) {
            const rows = (
              (await db.execute(
                postingsFacetStatement(plan.postings, shop.market.id, now, 'count'),
              )) as unknown as { rows: FacetRow[] }
            ).rows;
            const counted = rows.find((r) => r.t === 'Count');
            if (postingsState(rows) === 'answered' && counted) return counted.n;
          }
          const countRows = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(products)
            .where(where);
          return Number(countRows[0]?.count ?? 0);
        }),
    take === 0
      ? Promise.resolve([] as ProductRecord[])
      : cached(
          db,
          STOCK_SORTS.has(sort) ? null : stamp,
          `page ${skip} ${take} ${key}`,
          // Awaited inside: a Drizzle query runs again each time it is awaited. The relevance
          // order ranks the hits in a derived table (rankedPageSql) and joins the page's rows.
          async () => {
            // A search's RELEVANCE page from the postings when they can answer (else rows).
            if (rankedOrder && plan.search && plan.postings && engine.postings) {
              const page = await postingsRankedPage(db, plan.postings, skip, take);
              if (page) return page;
            }
            return rankedOrder && plan.search
              ? await db
                  .select(getTableColumns(products))
                  .from(products)
                  .innerJoin(
                    rankedPageSql(plan.search, where ?? sql`true`, skip, take),
                    sql`top.id = ${products.id}`,
                  )
                  .orderBy(sql`top.rank desc`, sql`top.fad desc nulls last`, sql`top.id desc`)
              : await db
                  .select()
                  .from(products)
                  .where(where)
                  .orderBy(...order)
                  .limit(take)
                  .offset(skip);
          },
        ),
  ]);
  let filters: Promise<FilterCollection> | undefined;
  return {
    count,
    products: rows.map((row) => ({ ...row, shop })),
    filters: () => (filters ??= readFacetRows().then((r) => buildFacets(tree, shop, r))),
  };
}

/**
 * Whether a postings facet statement (postings-statements.ts `postingsFacetStatement`) answered:
 * 'answered' (rows `Ready` and `Usable`), 'not built' (no postings of the catalogue version
 * yet: build them) or 'unusable' (a search word they cannot answer). The caller counts from rows
 * unless 'answered'.
 */
function postingsState(rows: FacetRow[]): 'answered' | 'not built' | 'unusable' {
  if (!rows.some((r) => r.t === 'Ready' && r.n > 0)) return 'not built';
  return rows.some((r) => r.t === 'Usable' && r.n > 0) ? 'answered' : 'unusable';
}

/**
 * A RELEVANCE page of a search list from the postings (postings-statements.ts
 * `postingsRankedPageStatement`, which also reads the page's product rows): one statement.
 * Null when the postings cannot answer (the caller pages from rows).
 */
async function postingsRankedPage(
  db: Database,
  list: PostingsList,
  skip: number,
  take: number,
): Promise<ProductRecord[] | null> {
  const result = (await db.execute(postingsRankedPageStatement(list, skip, take))) as unknown as {
    rows: Array<Record<string, unknown> & { _ok: boolean | null; id: unknown }>;
  };
  if (result.rows[0]?._ok !== true) return null;
  // Driver values to record values, as Drizzle maps the rows of a select.
  const columns = Object.entries(getTableColumns(products));
  return result.rows
    .filter((row) => row.id !== null)
    .map(
      (row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [
            key,
            row[key] === null ? null : column.mapFromDriverValue(row[key]),
          ]),
        ) as ProductRecord,
    );
}

/**
 * The facet rows of a list: one statement (see {@link buildFacets}). Counts of a group leave
 * out that group's own selection (BY_GROUP) or not (CURRENT); the price range leaves out the
 * price-range filter. The row of type 'Count' is the list's count (every group and the range),
 * the same as the count statement of {@link listProducts}.
 *
 * An unfiltered category page (`plan.storedCategory`) reads the catalogue parts (Category, Brand,
 * Sku, Parameter, Count) from `category_facet_counts` at the current catalogue version, computing
 * and storing them first when they are missing, and computes only the price parts (Price,
 * Discount, Range) beside: two statements (four on the first request after a catalogue write).
 */
async function computeFacetRows(
  db: Database,
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  plan: ListPlan,
  price: PriceSql,
  engine: ListEngine,
): Promise<FacetRow[]> {
  const run = async (statement: SQL) =>
    ((await db.execute(statement)) as unknown as { rows: FacetRow[] }).rows;
  if (plan.postings && engine.postings) {
    const rows = await run(postingsFacetStatement(plan.postings, shop.market.id, now));
    if (postingsState(rows) === 'answered') {
      // Without the market's price postings the price parts were counted from price rows (the
      // postings scan builds them; a read never enqueues a build).
      return rows.filter((r) => r.t !== 'Ready' && r.t !== 'Usable' && r.t !== 'PriceReady');
    }
    // No postings for this catalogue version yet (the postings scan builds them), or built but
    // not usable for the search words: from rows.
  }
  const categoryId = plan.storedCategory;
  if (categoryId === null) return run(facetStatement(tree, shop, now, plan, price, 'all'));
  const version = currentCatalogueVersion;
  const read = () =>
    run(sql`select t, k, n, label, grp, o1, o2 from ${categoryFacetCounts}
      where ${categoryFacetCounts.categoryId} = ${categoryId}
        and ${categoryFacetCounts.catalogueVersion} = ${version}`);
  const [stored, priceRows] = await Promise.all([
    read().then(async (rows) => {
      if (rows.length > 0) return rows;
      // One statement: the version and the counts come from the same snapshot.
      await db.execute(sql`with gone as (
          delete from ${categoryFacetCounts} where ${categoryFacetCounts.catalogueVersion} <> ${version})
        insert into ${categoryFacetCounts} (catalogue_version, category_id, t, k, n, label, grp, o1, o2)
        select ${version}, ${categoryId}, f.t, coalesce(f.k, ''), f.n, f.label, f.grp, f.o1, f.o2
        from (${facetStatement(tree, shop, now, plan, price, 'catalogue')}) as f
        where ${version} is not null
        on conflict do nothing`);
      return read();
    }),
    run(facetStatement(tree, shop, now, plan, price, 'price')),
  ]);
  // No catalogue_state row (nothing stored): count the catalogue parts as any other list.
  if (stored.length === 0) return run(facetStatement(tree, shop, now, plan, price, 'all'));
  return [...stored, ...priceRows];
}
