/**
 * `npx tsx bench/discovery.ts [--products 100000] [--db postgres] [--runs 200] [--warmup 20]
 * [--no-cache] [--database-url URL]`: latency of product
 * discovery through the API's in-process fetch handler (issue 5), p50 and p95 in milliseconds:
 * - a category list page with facets (products with count, 24 cards and `filters`, plus the base
 *   facets, as the storefront asks for a filtered category);
 * - a search (`products(filter: {searchText})` with facets, RELEVANCE);
 * - a suggestion (`products(take 5, searchText)` + `searchSuggestions`).
 * The catalogue is seeded into a throw-away database: in-memory PGlite (default), or with
 * `--db postgres` a new database on TEST_DATABASE_URL / postgres://postgres@127.0.0.1:5432/test,
 * dropped at the end; or with `--database-url` an existing, seeded PostgreSQL database: migrated
 * to the latest migration, then used as it is (not seeded, not dropped; `--products` is ignored).
 * The product-list cache (apps/api/src/modules/catalog/list-cache.ts) is on as in production;
 * `--no-cache` turns it off, so every request runs the list statements. The facet postings
 * (facet-postings.ts) of the catalogue version are built before measuring; `--no-postings`
 * counts facets from rows instead. `--per-term` adds a row per search text and prefix (the same
 * runs, grouped by text).
 * Prints figures only; never asserts (speed is not a test).
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createApi } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb, type DbHandle } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/seed.ts';
import {
  buildFacetPostings,
  buildPricePostings,
} from '../apps/api/src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../apps/api/src/modules/catalog/facet-postings-settled.ts';
import { setListCacheEnabled } from '../apps/api/src/modules/catalog/list-cache.ts';
import { percentile } from './stats.ts';

interface Options {
  products: number;
  db: 'pglite' | 'postgres';
  runs: number;
  warmup: number;
  cache: boolean;
  postings: boolean;
  databaseUrl: string | null;
  perTerm: boolean;
}

const USAGE =
  'Usage: bench/discovery.ts [--products N] [--db pglite|postgres] [--runs N] [--warmup N] [--no-cache] [--no-postings] [--per-term] [--database-url URL]';

function parseOptions(argv: string[]): Options {
  const options: Options = {
    products: 640,
    db: 'pglite',
    runs: 200,
    warmup: 20,
    cache: true,
    postings: true,
    databaseUrl: null,
    perTerm: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--help' || argv[i] === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (argv[i] === '--no-cache') {
      options.cache = false;
      continue;
    }
    if (argv[i] === '--per-term') {
      options.perTerm = true;
      continue;
    }
    if (argv[i] === '--no-postings') {
      options.postings = false;
      continue;
    }
    const [key, inline] = argv[i]!.split('=');
    const value = inline ?? argv[++i];
    if (key === '--products') options.products = Number(value);
    else if (key === '--runs') options.runs = Number(value);
    else if (key === '--warmup') options.warmup = Number(value);
    else if (key === '--db' && (value === 'pglite' || value === 'postgres')) options.db = value;
    else if (key === '--database-url' && value) {
      options.databaseUrl = value;
      options.db = 'postgres';
    } else throw new Error(`Unknown option ${argv[i]}. ${USAGE}`);
  }
  if (!Number.isSafeInteger(options.products) || options.products < 1)
    throw new Error('--products must be a positive integer');
  if (!Number.isSafeInteger(options.runs) || options.runs < 5)
    throw new Error('--runs must be at least 5');
  if (!Number.isSafeInteger(options.warmup) || options.warmup < 0)
    throw new Error('--warmup must be 0 or more');
  return options;
}

const CONTEXT = '$marketId: String, $languageId: String, $channelId: String';
const CTX = 'marketId: $marketId, languageId: $languageId, channelId: $channelId';
const FILTERS = `filters { price { lowest highest } facets { filterId type group label values { _id facetId parentId label count hidden } } }`;
const CARD = `productId name alias canonicalUrl brand { name } productImages { fileName } unitPrice { sellingPriceIncVatFormatted regularPriceIncVatFormatted isDiscounted discountPercentage } totalStock { inStock oversellable static }`;

const CATEGORY = `query category($facets: [String], ${CONTEXT}) {
  products(categoryAlias: "cyklar", take: 24, filter: { facets: $facets, filterMode: BY_GROUP, sort: LATEST }, ${CTX}) { count products { ${CARD} } ${FILTERS} }
  base: products(categoryAlias: "cyklar", take: 0, ${CTX}) { count ${FILTERS} }
}`;
const SEARCH = `query search($text: String!, ${CONTEXT}) {
  products(take: 24, filter: { searchText: $text, sort: RELEVANCE }, ${CTX}) { count products { ${CARD} } ${FILTERS} }
}`;
const SUGGEST = `query suggest($text: String!, ${CONTEXT}) {
  products(take: 5, filter: { searchText: $text, sort: RELEVANCE }, ${CTX}) { count products { productId name canonicalUrl brand { name } productImages { fileName } unitPrice { sellingPriceIncVatFormatted } } }
  searchSuggestions(prefix: $text, take: 4, ${CTX}) { categories { name canonicalUrl } brands { name canonicalUrl } }
}`;

async function openDatabase(kind: Options['db']): Promise<DbHandle> {
  if (kind === 'pglite') return createDb({ pgliteDataDir: 'memory://' });
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_discovery_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), poolMax: 4 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const handle = options.databaseUrl
    ? await createDb({ databaseUrl: options.databaseUrl, poolMax: 4 })
    : await openDatabase(options.db);
  try {
    await runMigrations(handle);
    const seedStart = performance.now();
    let seeded: string;
    if (options.databaseUrl) {
      const [row] = (
        (await handle.db.execute(
          'select count(*)::int as n from products' as never,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      options.products = row?.n ?? 0;
      seeded = 'an existing database';
    } else {
      await seedCatalogue(handle.db, { products: options.products });
      seeded = `seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`;
    }
    if (handle.kind === 'postgres') await handle.db.execute('ANALYZE' as never);
    setListCacheEnabled(handle.db, options.cache);
    // The facet postings of the catalogue version, as after the first list request in a shop
    // (built in the background there; lists count from rows until then).
    let builds = '';
    if (options.postings) {
      // Deleted first: an existing database may hold this version's postings already.
      for (const table of ['facet_postings', 'price_postings', 'selling_prices']) {
        await handle.db.execute(`delete from ${table}` as never);
      }
      let start = performance.now();
      await buildFacetPostings(handle.db);
      builds = `facet postings built in ${((performance.now() - start) / 1000).toFixed(2)} s`;
      const market = (
        (await handle.db.execute(
          "select id from markets where alias = 'se'" as never,
        )) as unknown as { rows: Array<{ id: string }> }
      ).rows[0]?.id;
      if (market) {
        start = performance.now();
        await buildPricePostings(handle.db, market, new Date());
        builds += `, price postings of ${market} in ${((performance.now() - start) / 1000).toFixed(2)} s`;
      }
    }
    const config = {
      ...loadConfig({
        API_KEY: 'bench-key-123456',
        AUTH_JWT_SECRET: 'bench-jwt-secret-0123456789abcdefghijklmnop',
        NODE_ENV: 'production',
        // --no-postings: the rows implementation of ProductSearch (no postings read or built).
        PRODUCT_SEARCH: options.postings ? 'postings' : 'rows',
      }),
    };
    const api = createApi({ db: handle.db, config, log: { error: () => undefined } });
    const post = async (query: string, variables: Record<string, unknown>) => {
      const response = await api.fetch(
        new Request('http://bench.local/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': 'bench-key-123456' },
          body: JSON.stringify({ query, variables: { marketId: 'se', ...variables } }),
        }),
      );
      const body = (await response.json()) as {
        errors?: Array<{ message: string }>;
        data?: unknown;
      };
      if (body.errors) throw new Error(body.errors.map((e) => e.message).join('; '));
      return body.data as Record<
        string,
        { filters?: { facets: Array<{ type: string; values: Array<{ facetId: string }> }> } }
      >;
    };

    // Facet ids to select on the category page: the first brand and size of the base list.
    const base = await post(CATEGORY, { facets: [] });
    const facets = base.base?.filters?.facets ?? [];
    const pick = (type: string) => facets.find((f) => f.type === type)?.values[0]?.facetId;
    const selection = [pick('Brand'), pick('Sku')].filter((f): f is string => !!f);

    const terms = ['hjälmar', 'cyklar', 'monark', 'specialised', 'lås', 'elcykel dam', 'däck 28'];
    const prefixes = ['hj', 'hjä', 'mon', 'monrk', 'cyk', 'sch', 'poc', 'lå'];
    // Each run returns its label for the per-term rows ('' for the category case).
    const pickOne = (list: string[]) => list[Math.floor(Math.random() * list.length)]!;
    const cases: Array<[string, () => Promise<string>]> = [
      [
        'category /c/cyklar + brand + size, with facets',
        async () => {
          await post(CATEGORY, { facets: selection });
          return '';
        },
      ],
      [
        'search (RELEVANCE) with facets',
        async () => {
          const text = pickOne(terms);
          await post(SEARCH, { text });
          return `search "${text}"`;
        },
      ],
      [
        'suggestion (5 products + categories + brands)',
        async () => {
          const text = pickOne(prefixes);
          await post(SUGGEST, { text });
          return `suggestion "${text}"`;
        },
      ],
    ];

    console.log(
      `\nDiscovery latency, ${options.products} products on ${handle.kind} (${seeded}), list cache ${options.cache ? 'on' : 'off'}, facet postings ${options.postings ? 'on' : 'off'}, ${options.runs} runs each after ${options.warmup} warm-up runs, in-process API${builds ? ` (${builds})` : ''}:\n`,
    );
    console.log('| query | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|');
    for (const [name, run] of cases) {
      for (let i = 0; i < options.warmup; i += 1) await run();
      // The price postings of the market, built in the background after the first lists.
      await facetPostingsSettled(handle.db);
      const times: number[] = [];
      const byTerm = new Map<string, number[]>();
      for (let i = 0; i < options.runs; i += 1) {
        const start = performance.now();
        const label = await run();
        const time = performance.now() - start;
        times.push(time);
        if (label) byTerm.set(label, [...(byTerm.get(label) ?? []), time]);
      }
      const fmt = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));
      const row = (label: string, list: number[]) =>
        console.log(
          `| ${label} | ${fmt(percentile(list, 50))} | ${fmt(percentile(list, 95))} | ${fmt(Math.max(...list))} |`,
        );
      row(name, times);
      if (options.perTerm)
        for (const [label, list] of [...byTerm].sort()) row(`  ${label} (${list.length})`, list);
    }
  } finally {
    await handle.close();
  }
}

await main();
