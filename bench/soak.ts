/**
 * Memory under a mixed soak (issue 28): the production shop (`node dist/server.js`, built with
 * `npm run build`) on a seeded database gets `connections` keep-alive connections of mixed
 * traffic for `seconds` — pages (start, every category, every product, searches, suggestions)
 * and API operations (category lists with facets over several pages and sorts, searches,
 * products, channel, a cart) — while its resident set size (RSS, `/proc/<pid>/status`) is
 * sampled; then the shop's memory report (BENCH_MEMORY=1, `apps/api/src/memory-report.ts`)
 * says what the memory is spent on.
 *
 * `npx tsx bench/soak.ts [--db pglite|postgres] [--products N] [--seconds S] [--connections N]
 * [--database-url URL]`; `npm run bench` runs it as its `memory` section (docs/performance.md).
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.ts';
import { buildServer } from '../scripts/build-server.ts';
import {
  apiHeaders,
  CHANNEL_QUERY,
  CONTEXT,
  createCart,
  findTargets,
  GET_CART_QUERY,
  graphqlBody,
  graphqlData,
  PAGE_HEADERS,
  RENDERED_PAGE_HEADERS,
  PRODUCT_QUERY,
  PRODUCTS_QUERY,
} from './operations.ts';
import { renderSoak, type MemoryReport, type SoakResult } from './soak-report.ts';
import {
  createBenchDatabase,
  seedDatabase,
  startShop,
  type BenchDatabase,
  type RunningShop,
} from './shop.ts';

const MiB = 1024 * 1024;

/** RSS of a process in bytes (Linux `/proc`); 0 when it cannot be read. */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The highest `skip` the API accepts (GEINS-API list limits). */
const MAX_SKIP = 6000;

const SEARCH_TEXTS = [
  'hjälmar',
  'cyklar',
  'monark',
  'specialised',
  'lås',
  'elcykel dam',
  'däck 28',
];
const PREFIXES = ['hj', 'hjä', 'mon', 'monrk', 'cyk', 'sch', 'poc', 'lå'];
const SORTS = ['LATEST', 'PRICE', 'PRICE_DESC', 'ALPHABETICAL', 'MOST_SOLD'];

interface Catalogue {
  categories: Array<{ alias: string; path: string }>;
  products: Array<{ alias: string; path: string }>;
  cartBody: string | null;
}

/** Every category and every listed product of the running shop, and a cart of five lines. */
export async function readCatalogue(shop: RunningShop): Promise<Catalogue> {
  const vars = '$channelId: String, $languageId: String, $marketId: String';
  const args = 'channelId: $channelId, languageId: $languageId, marketId: $marketId';
  const { categories } = await graphqlData<{
    categories: Array<{ alias: string; canonicalUrl: string }>;
  }>(shop.url, `query c(${vars}) { categories(${args}) { alias canonicalUrl } }`);
  const products: Catalogue['products'] = [];
  // The API refuses a skip above MAX_SKIP: larger catalogues are soaked on their first 6 100.
  for (let skip = 0; skip <= MAX_SKIP; skip += 100) {
    const page = await graphqlData<{
      products: { count: number; products: Array<{ alias: string; canonicalUrl: string }> };
    }>(
      shop.url,
      `query p($skip: Int, ${vars}) { products(skip: $skip, take: 100, ${args}) {
        count products { alias canonicalUrl } } }`,
      { skip },
    );
    for (const p of page.products.products) {
      products.push({ alias: p.alias, path: new URL(p.canonicalUrl, shop.url).pathname });
    }
    if (page.products.products.length < 100 || products.length >= page.products.count) break;
  }
  const targets = await findTargets(shop.url);
  let cartBody: string | null = null;
  if (targets.hasCart && targets.skuIds.length > 0) {
    cartBody = graphqlBody(GET_CART_QUERY, { id: await createCart(shop.url, targets.skuIds) });
  }
  return {
    categories: categories.map((c) => ({
      alias: c.alias,
      path: new URL(c.canonicalUrl, shop.url).pathname,
    })),
    products,
    cartBody,
  };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One request of the mix: about 55 % pages and 45 % API operations. */
export function mixedRequest(catalogue: Catalogue): autocannon.Request {
  const page = (path: string): autocannon.Request => ({
    method: 'GET',
    path,
    // Half first visits (the page copies, PAGE_CACHE_SECONDS), half returning shoppers (rendered).
    headers: Math.random() < 0.5 ? PAGE_HEADERS : RENDERED_PAGE_HEADERS,
  });
  const api = (body: string): autocannon.Request => ({
    method: 'POST',
    path: '/graphql',
    headers: apiHeaders(),
    body,
  });
  const roll = Math.random() * 100;
  if (roll < 8) return page('/');
  if (roll < 23) return page(pick(catalogue.categories).path);
  if (roll < 43) return page(pick(catalogue.products).path);
  if (roll < 50) return page(`/s/${encodeURIComponent(pick(SEARCH_TEXTS))}`);
  if (roll < 55) return page(`/sok/forslag?q=${encodeURIComponent(pick(PREFIXES))}`);
  if (roll < 70) {
    const body = JSON.parse(
      graphqlBody(PRODUCTS_QUERY, {
        categoryAlias: pick(catalogue.categories).alias,
        skip: 24 * Math.floor(Math.random() * 4),
        take: 24,
      }),
    ) as { query: string; variables: Record<string, unknown> };
    body.query = body.query.replace('sort: LATEST', `sort: ${pick(SORTS)}`);
    return api(JSON.stringify(body));
  }
  if (roll < 82) return api(graphqlBody(PRODUCT_QUERY, { alias: pick(catalogue.products).alias }));
  if (roll < 90) {
    return api(
      JSON.stringify({
        query: `query s($searchText: String, $channelId: String, $languageId: String, $marketId: String) {
          products(take: 24, filter: { searchText: $searchText, sort: RELEVANCE },
            channelId: $channelId, languageId: $languageId, marketId: $marketId) {
            count products { productId name alias unitPrice { sellingPriceIncVat } }
            filters { facets { filterId values { facetId count } } } } }`,
        variables: { ...CONTEXT, searchText: pick(SEARCH_TEXTS) },
      }),
    );
  }
  if (roll < 95 || !catalogue.cartBody) return api(graphqlBody(CHANNEL_QUERY));
  return api(catalogue.cartBody);
}

async function fetchReport(shop: RunningShop): Promise<MemoryReport | null> {
  try {
    const response = await fetch(`${shop.url}/__bench/memory`);
    return response.ok ? ((await response.json()) as MemoryReport) : null;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the built shop on `database` with BENCH_MEMORY=1, soaks it and stops it.
 * @throws when the shop does not start
 */
export async function soak(
  database: BenchDatabase,
  seconds: number,
  connections: number,
  log: (message: string) => void,
): Promise<SoakResult> {
  const shop = await startShop(database, 180_000, { bundle: true, env: { BENCH_MEMORY: '1' } });
  try {
    return { ...(await soakShop(shop, seconds, connections, log)), database: database.description };
  } finally {
    await shop.stop();
  }
}

/**
 * Soaks a running shop (`shop.pid` is sampled; BENCH_MEMORY=1 for its report) and leaves it
 * running.
 */
export async function soakShop(
  shop: RunningShop,
  seconds: number,
  connections: number,
  log: (message: string) => void,
): Promise<SoakResult> {
  {
    const rssStart = rssOf(shop.pid);
    const catalogue = await readCatalogue(shop);
    log(
      `soak: ${catalogue.products.length} products, ${catalogue.categories.length} categories, ${connections} connections, ${seconds} s (pid ${shop.pid})`,
    );
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssOf(shop.pid)), 1000);
    let failures = 0;
    const failedStatuses: Record<string, number> = {};
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: shop.url,
          connections,
          duration: seconds,
          timeout: 30,
          // The request keeps autocannon's own fields (host, port): without them the Host header is "undefined".
          requests: [{ setupRequest: (request) => ({ ...request, ...mixedRequest(catalogue) }) }],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, statusCode) => {
        if (statusCode < 200 || statusCode >= 300) {
          failures += 1;
          failedStatuses[statusCode] = (failedStatuses[statusCode] ?? 0) + 1;
        }
      });
    });
    clearInterval(sampler);
    await sleep(5000);
    const rssSteady = rssOf(shop.pid);
    const report = await fetchReport(shop);
    const quarter = (q: number) =>
      samples[Math.min(samples.length - 1, Math.floor((samples.length * q) / 4) - 1)] ?? 0;
    const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
    return {
      database: shop.url,
      products: catalogue.products.length,
      seconds,
      connections,
      requests: result['2xx'],
      failures: failures + result.errors + result.timeouts,
      failedStatuses: { ...failedStatuses, errors: result.errors, timeouts: result.timeouts },
      rssStart: mib(rssStart),
      rssQuarters: [1, 2, 3, 4].map((q) => mib(quarter(q))),
      rssMax: mib(Math.max(...samples, rssSteady)),
      rssSteady: mib(rssSteady),
      report,
    };
  }
}

/** Builds the storefront and the server bundle when they are missing or stale. */
export async function buildForSoak(log: (message: string) => void): Promise<void> {
  buildIfStale(log);
  await buildServer();
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      'Usage: npx tsx bench/soak.ts [--db pglite|postgres] [--products N] [--seconds S (60)] [--connections N (8)] [--postgres-url URL] | [--url URL --pid PID (a running shop)]',
    );
    return;
  }
  const log = (message: string) => console.error(`[soak] ${message}`);
  const kind = value('--db') === 'postgres' ? 'postgres' : 'pglite';
  const products = value('--products') ? Number(value('--products')) : undefined;
  const seconds = Number(value('--seconds') ?? 60);
  const connections = Number(value('--connections') ?? 8);
  const url = value('--url');
  if (url) {
    // A shop already running (started with BENCH_MEMORY=1), e.g. to look at it while it runs.
    const shop: RunningShop = { url, pid: Number(value('--pid') ?? 0), stop: async () => {} };
    console.log(renderSoak(await soakShop(shop, seconds, connections, log)));
    return;
  }
  await buildForSoak(log);
  const database = await createBenchDatabase(
    kind,
    value('--postgres-url') ?? process.env.DATABASE_URL,
  );
  try {
    log(`seeding ${database.description} (${products ?? 'default'} products)`);
    const seed = seedDatabase(database, products);
    log(seed.summary);
    console.log(renderSoak(await soak(database, seconds, connections, log)));
  } finally {
    await database.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
