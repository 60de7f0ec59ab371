/**
 * `npm run bench -- [options]` (docs/performance.md): builds the storefront if stale, seeds a
 * throw-away database, starts the shop in its own process, measures API and SSR load, SQL
 * statements per request, page weight and Lighthouse, then prints ONE table and writes the
 * figures as JSON to bench/results/. Progress goes to stderr, the report to stdout. It never
 * fails on timing: only a shop that cannot be built, seeded or started ends it with exit 1.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, repoRoot } from '../scripts/build-if-stale.ts';
import { ArgumentError, parseArgs, USAGE, type BenchOptions } from './args.ts';
import { measureCsvImport } from './csv-import.ts';
import { measureLighthouse, prepareLighthouse, type Preset } from './lighthouse.ts';
import { measureLoad, type LoadRequest } from './load.ts';
import {
  apiHeaders,
  CHANNEL_QUERY,
  createCart,
  CRAWLER_USER_AGENT,
  findTargets,
  GET_CART_QUERY,
  graphqlBody,
  PAGE_HEADERS,
  PRODUCT_QUERY,
  RENDERED_PAGE_HEADERS,
  PRODUCTS_QUERY,
  sqlStatementsOf,
  type BenchTargets,
} from './operations.ts';
import { CHROMIUM_PATH, launchChromium, measurePageWeight } from './page-weight.ts';
import { pageTargets, type PageTarget } from './page-targets.ts';
import { renderReport, type BenchReport, type TargetResult } from './report.ts';
import type { SoakResult } from './soak-report.ts';
import {
  createBenchDatabase,
  seedDatabase,
  startShop,
  type BenchDatabase,
  type RunningShop,
} from './shop.ts';
import { buildForSoak, soak } from './soak.ts';

/** Where the JSON results go (git-ignored). */
const resultsDir = join(repoRoot, 'bench/results');

/** Page size of the category `products` operation and page. */
const PAGE_SIZE = 24;

const progress = (message: string) => console.error(`[bench] ${message}`);

/**
 * Runs one measurement; a failure (a timeout on a saturated shop, a browser that did not start)
 * becomes a note in the report instead of ending the bench.
 */
async function attempt(report: BenchReport, what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    progress(`${what} failed: ${message}`);
    report.notes.push(`${what} failed: ${message?.slice(0, 160)}`);
  }
}

function parseOrExit(): BenchOptions {
  try {
    const options = parseArgs(process.argv.slice(2), process.env);
    if (options.help) {
      console.log(USAGE);
      process.exit(0);
    }
    return options;
  } catch (error) {
    if (error instanceof ArgumentError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
}

function chromiumVersion(): string | undefined {
  const result = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
  return result.stdout?.match(/Chromium [0-9.]+/)?.[0];
}

/** An API target: one POST body to /graphql. */
interface ApiTarget {
  result: TargetResult;
  body?: string;
  /** The operation's root field, to check the answer. */
  field: string;
}

async function apiTargets(shop: RunningShop, targets: BenchTargets): Promise<ApiTarget[]> {
  const make = (id: string, label: string, field: string, body?: string): ApiTarget => ({
    result: { id, kind: 'api', label, load: [] },
    field,
    ...(body ? { body } : {}),
  });
  const list = [
    make('api:channel', 'API channel', 'channel', graphqlBody(CHANNEL_QUERY)),
    make(
      'api:products',
      `API products (${PAGE_SIZE}, facets)`,
      'products',
      graphqlBody(PRODUCTS_QUERY, {
        categoryAlias: targets.category.alias,
        skip: 0,
        take: PAGE_SIZE,
      }),
    ),
    make(
      'api:product',
      'API product(alias)',
      'product',
      graphqlBody(PRODUCT_QUERY, { alias: targets.product.alias }),
    ),
  ];
  const cart = make('api:getCart', 'API getCart (5 lines)', 'getCart');
  if (!targets.hasCart) {
    cart.result.unavailable = 'no cart API yet';
  } else if (targets.skuIds.length < 5) {
    cart.result.unavailable = `only ${targets.skuIds.length} in-stock SKUs found`;
  } else {
    try {
      const id = await createCart(shop.url, targets.skuIds);
      cart.body = graphqlBody(GET_CART_QUERY, { id });
    } catch (error) {
      cart.result.unavailable = `cart API failed: ${String((error as Error).message).slice(0, 80)}`;
    }
  }
  list.push(cart);
  // Each operation must answer without errors before it is measured.
  for (const target of list) {
    if (!target.body) continue;
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: apiHeaders(),
      body: target.body,
    });
    const json = (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: Array<{ message: string }>;
    };
    if (!response.ok || json.errors?.length || !json.data?.[target.field]) {
      target.result.unavailable = `error: ${json.errors?.[0]?.message.slice(0, 80) ?? `status ${response.status}`}`;
    }
  }
  return list;
}

/**
 * The first `/sitemap.xml` and products sitemap after start (issue 20): read from the database,
 * not from the per-catalogue-version cache; noted in the report (one request, not a load).
 */
async function measureColdSitemap(shop: RunningShop, report: BenchReport): Promise<void> {
  await attempt(report, 'Cold sitemap', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-products-1.xml']) {
      const started = performance.now();
      const response = await fetch(`${shop.url}${path}`);
      const bytes = (await response.arrayBuffer()).byteLength;
      const ms = Math.round(performance.now() - started);
      report.notes.push(
        `${path} first answer (uncached): ${ms} ms, status ${response.status}, ${Math.round(bytes / 1024)} KiB`,
      );
    }
  });
}

function apiRequest(shop: RunningShop, body: string): LoadRequest {
  return { url: `${shop.url}/graphql`, method: 'POST', headers: apiHeaders(), body };
}

function pageRequest(shop: RunningShop, path: string, rendered = false): LoadRequest {
  return { url: `${shop.url}${path}`, headers: rendered ? RENDERED_PAGE_HEADERS : PAGE_HEADERS };
}

async function measureSql(
  shop: RunningShop,
  apis: ApiTarget[],
  pages: PageTarget[],
  targets: BenchTargets,
  report: BenchReport,
): Promise<void> {
  progress('SQL statements per request');
  const post = async (body: string) => {
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: apiHeaders(),
      body,
    });
    await response.arrayBuffer();
    return sqlStatementsOf(response);
  };
  for (const api of apis) {
    const body = api.body;
    if (!body) continue;
    await attempt(report, `SQL ${api.result.label}`, async () => {
      await post(body); // first request: caches warm
      api.result.sqlStatements = await post(body);
    });
  }
  // Statements of a render: rendered requests only (a page copy reads none).
  for (const page of pages.filter((target) => !target.rendered)) {
    const path = page.result.path as string;
    const get = async () => {
      const response = await fetch(`${shop.url}${path}`, {
        headers: { ...RENDERED_PAGE_HEADERS, 'user-agent': CRAWLER_USER_AGENT },
        redirect: 'manual',
      });
      await response.arrayBuffer();
      return sqlStatementsOf(response);
    };
    await attempt(report, `SQL ${page.result.label}`, async () => {
      await get();
      page.result.sqlStatements = await get();
    });
  }
  for (const take of [6, PAGE_SIZE, 96]) {
    const body = graphqlBody(PRODUCTS_QUERY, {
      categoryAlias: targets.category.alias,
      skip: 0,
      take,
    });
    await attempt(report, `SQL products take ${take}`, async () => {
      await post(body);
      report.sqlByPageSize.push({ take, statements: await post(body) });
    });
  }
}

async function measureLoads(
  label: string,
  rows: Array<{ result: TargetResult; request: LoadRequest }>,
  options: BenchOptions,
  report: BenchReport,
): Promise<void> {
  for (const { result, request } of rows) {
    for (const connections of options.connections) {
      progress(
        `${label}: ${result.label} with ${connections} connection(s), ${options.duration} s`,
      );
      await attempt(report, `${label} ${result.label} @${connections}`, async () => {
        const figures = await measureLoad(request, connections, options.duration, options.warmup);
        result.load.push(figures);
        if (figures.requests === 0) {
          report.notes.push(
            `${result.label} @${connections}: no response completed within ${options.duration} s (server saturated or machine busy)`,
          );
        }
        if (figures.failures > 0) {
          report.notes.push(
            `${result.label} @${connections}: ${figures.failures} failed responses (non-2xx, errors or timeouts)`,
          );
        }
      });
    }
  }
}

async function measureWeights(
  shop: RunningShop,
  pages: PageTarget[],
  report: BenchReport,
): Promise<void> {
  progress('page weight in Chromium');
  await attempt(report, 'Page weight', async () => {
    const browser = await launchChromium();
    try {
      for (const page of pages) {
        await attempt(report, `Page weight of ${page.result.path}`, async () => {
          page.result.weight = await measurePageWeight(browser, `${shop.url}${page.result.path}`);
        });
      }
    } finally {
      await browser.close();
    }
  });
}

async function measureLighthouses(
  shop: RunningShop,
  pages: PageTarget[],
  options: BenchOptions,
  workDir: string,
  report: BenchReport,
): Promise<void> {
  progress('preparing Lighthouse (npx)');
  try {
    report.machine.lighthouse = await prepareLighthouse();
  } catch (error) {
    report.notes.push(`Lighthouse not run: ${String((error as Error).message).split('\n')[0]}`);
    return;
  }
  // The last run's full report of each page and preset, replaced by every bench run.
  const reportsDir = join(resultsDir, 'lighthouse');
  mkdirSync(reportsDir, { recursive: true });
  for (const page of pages) {
    for (const preset of ['mobile', 'desktop'] as Preset[]) {
      progress(`Lighthouse ${preset} ${page.result.path} × ${options.lighthouseRuns}`);
      const result = await measureLighthouse(
        `${shop.url}${page.result.path}`,
        preset,
        options.lighthouseRuns,
        workDir,
        join(reportsDir, `${page.result.id.replace('page:', '')}-${preset}.json`),
      );
      page.result.lighthouse = { ...page.result.lighthouse, [preset]: result };
    }
  }
}

/**
 * The memory section (issue 28): a mixed soak of the built shop on the run's database, then on a
 * new database of the same kind with 10 times the products (seeded, soaked, dropped).
 */
async function measureMemory(
  database: BenchDatabase,
  products: number,
  options: BenchOptions,
  report: BenchReport,
): Promise<SoakResult[]> {
  const results: SoakResult[] = [];
  await attempt(report, 'Memory soak', async () => {
    await buildForSoak(progress);
    progress(`memory: ${options.soak} s soak at ${products} products`);
    results.push(await soak(database, options.soak, options.soakConnections, progress));
    const bigger = await createBenchDatabase(options.db, options.postgresUrl);
    try {
      progress(`memory: seeding ${products * 10} products`);
      seedDatabase(bigger, products * 10);
      progress(`memory: ${options.soak} s soak at ${products * 10} products`);
      results.push(await soak(bigger, options.soak, options.soakConnections, progress));
    } finally {
      await bigger.dispose();
    }
  });
  return results;
}

async function main(): Promise<void> {
  const options = parseOrExit();
  const started = Date.now();
  const report: BenchReport = {
    date: new Date(started).toISOString(),
    machine: {
      cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
      cores: cpus().length,
      memoryGiB: Math.round(totalmem() / 1024 ** 3),
      os: `${osType()} ${release()}`,
      node: process.version,
      chromium: chromiumVersion(),
      loadAverage: { start: loadavg()[0] ?? 0 },
    },
    database: { kind: options.db, description: '' },
    catalogue: { products: 0 },
    options: {
      sections: options.sections,
      duration: options.duration,
      warmup: options.warmup,
      connections: options.connections,
      lighthouseRuns: options.lighthouseRuns,
      products: options.products,
    },
    targets: [],
    sqlByPageSize: [],
    notes: [],
  };

  // The CSV import (issue 26) needs no running shop: its own databases, its own processes.
  if (options.sections.includes('csv-import')) {
    console.log(await measureCsvImport(options.postgresUrl ?? process.env.DATABASE_URL, progress));
    if (options.sections.length === 1) return;
  }
  buildIfStale(progress);
  const database = await createBenchDatabase(options.db, options.postgresUrl);
  report.database.description = database.description;
  let shop: RunningShop | undefined;
  const cleanUp = async () => {
    await shop?.stop();
    await database.dispose();
  };
  const onSignal = () => {
    progress('interrupted: stopping the shop and removing the database');
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    progress(`seeding ${database.description} (${options.products ?? 'default'} products)`);
    const seed = seedDatabase(database, options.products);
    report.catalogue.seedSeconds = Math.round(seed.seconds * 10) / 10;
    report.catalogue.seedSummary = seed.summary;
    progress(`${seed.summary} (${seed.seconds.toFixed(1)} s with migrations)`);
    shop = await startShop(database);
    progress(`shop started at ${shop.url} (pid ${shop.pid})`);
    if (new Set(options.sections).has('ssr')) await measureColdSitemap(shop, report);

    const targets = await findTargets(shop.url);
    report.catalogue.products = targets.productCount;
    report.catalogue.category = `${targets.category.path} (${targets.category.productCount} products)`;
    report.catalogue.product = targets.product.path;
    const apis = await apiTargets(shop, targets);
    const pages = pageTargets(targets);
    report.targets = [...apis.map((api) => api.result), ...pages.map((page) => page.result)];
    const sections = new Set(options.sections);

    if (sections.has('sql')) await measureSql(shop, apis, pages, targets, report);
    if (sections.has('api')) {
      const running = shop;
      const rows = apis.flatMap((api) =>
        api.body ? [{ result: api.result, request: apiRequest(running, api.body) }] : [],
      );
      await measureLoads('API', rows, options, report);
    }
    if (sections.has('ssr')) {
      const running = shop;
      const rows = pages
        .filter((page) => page.load)
        .map((page) => ({
          result: page.result,
          request: pageRequest(running, page.result.path as string, page.rendered),
        }));
      await measureLoads('SSR', rows, options, report);
    }
    const browserPages = pages.filter((page) => page.browser !== false);
    if (sections.has('weight')) await measureWeights(shop, browserPages, report);
    if (sections.has('lighthouse')) {
      await measureLighthouses(shop, browserPages, options, database.workDir, report);
    }
    if (sections.has('memory')) {
      // The soak starts its own shop (the built bundle, as production runs it) on a quiet database.
      await shop.stop();
      shop = undefined;
      report.memory = await measureMemory(database, targets.productCount, options, report);
    }
  } finally {
    progress('stopping the shop');
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  report.machine.loadAverage.end = loadavg()[0] ?? 0;
  report.seconds = Math.round((Date.now() - started) / 1000);
  mkdirSync(resultsDir, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-').slice(0, 19);
  const file = join(resultsDir, `${stamp}-${options.db}-${report.catalogue.products}.json`);
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(resultsDir, 'latest.json'), json);
  console.log(renderReport(report));
  console.log(`\nJSON: ${file} · whole run ${report.seconds} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
