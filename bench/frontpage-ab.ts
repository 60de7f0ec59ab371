/**
 * Issue 16's comparison: Lighthouse on the start page with the "Frontpage" widget area against
 * the same catalogue with that area deleted (the page then falls back to the category entries).
 * Two databases are seeded alike, the area is deleted from the second, both shops run at once,
 * and the Lighthouse runs alternate between them (with, without, with, …), so a change in the
 * machine's load during the measurement falls on both alike. Prints a Markdown table.
 *
 *   npx tsx bench/frontpage-ab.ts [--runs 5] [--preset mobile|desktop] [--before DIR]
 *
 * `--before DIR` compares with another checkout instead (e.g. the commit before the widget
 * start page, `git worktree add DIR 1529d32^`, with `node_modules` linked and the storefront
 * built): its database is migrated and seeded by its own seed, and its own shop serves it.
 *
 * PGlite, default seed (640 products), `scripts/start.ts` in production mode as `npm run bench`
 * starts it. Lighthouse's simulated CPU slowdown comes on top of the machine's real load, so the
 * scores are comparable only within one run of this script (the load average is printed).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createDb } from '../apps/api/src/db/client.ts';
import { measureLighthouse, medianFigures, prepareLighthouse, type Preset } from './lighthouse.ts';
import type { LighthouseFigures } from './lighthouse.ts';
import {
  createBenchDatabase,
  seedDatabase,
  startShop,
  type BenchDatabase,
  type RunningShop,
} from './shop.ts';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

const runs = Number(option('runs', '5'));
const preset = option('preset', 'mobile') as Preset;
const before = option('before', '');

/** Deletes the start page's widget area (its containers and widgets go by cascade). */
async function deleteFrontpageArea(database: BenchDatabase): Promise<number> {
  const handle = await createDb({ pgliteDataDir: database.env.PGLITE_DATA_DIR });
  try {
    const deleted = (await handle.db.execute(
      sql`delete from content_pages where family = 'Frontpage' returning id`,
    )) as { rows: unknown[] };
    return deleted.rows.length;
  } finally {
    await handle.close();
  }
}

interface Variant {
  label: string;
  /** The checkout that seeds and serves it; undefined = this one. */
  root?: string;
  database: BenchDatabase;
  shop?: RunningShop;
  figures: LighthouseFigures[];
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);

const lighthouse = await prepareLighthouse();
const variants: Variant[] = [
  { label: 'with the Frontpage area', database: await createBenchDatabase('pglite'), figures: [] },
  before
    ? {
        label: `before (${before})`,
        root: before,
        database: await createBenchDatabase('pglite'),
        figures: [],
      }
    : {
        label: 'without widgets (category entries only)',
        database: await createBenchDatabase('pglite'),
        figures: [],
      },
];
try {
  let summary = '';
  for (const variant of variants) {
    summary = seedDatabase(variant.database, undefined, variant.root).summary;
  }
  if (!before) {
    console.error(`deleted ${await deleteFrontpageArea(variants[1]!.database)} Frontpage page(s)`);
  }
  for (const variant of variants) {
    variant.shop = await startShop(variant.database, 180_000, { root: variant.root });
    await fetch(`${variant.shop.url}/`); // warm caches before the first measured run
  }
  const loadBefore = loadavg()[0]!.toFixed(1);
  for (let run = 0; run < runs; run += 1) {
    for (const variant of variants) {
      const result = await measureLighthouse(
        `${variant.shop!.url}/`,
        preset,
        1,
        variant.database.workDir,
      );
      if (!result.error) variant.figures.push(result);
      console.error(`${variant.label} run ${run + 1}: performance ${result.performance}`);
    }
  }
  const loadAfter = loadavg()[0]!.toFixed(1);
  console.log(
    `Lighthouse ${lighthouse}, ${preset} preset, runs alternating, median of ${runs} each; ` +
      `load average (1 min) ${loadBefore} → ${loadAfter}; ${summary}`,
  );
  console.log('| Start page | Perf (runs) | Perf | A11y | BP | SEO | LCP | TBT | CLS |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const variant of variants) {
    const median = medianFigures(variant.figures);
    const each = variant.figures.map((figures) => figures.performance).join(', ');
    console.log(
      `| ${variant.label} | ${each} | ${median.performance} | ${median.accessibility} | ` +
        `${median.bestPractices} | ${median.seo} | ${seconds(median.lcpMs)} | ` +
        `${Math.round(median.tbtMs ?? 0)} ms | ${median.cls} |`,
    );
  }
} finally {
  for (const variant of variants) {
    await variant.shop?.stop();
    await variant.database.dispose();
  }
}
