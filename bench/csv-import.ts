/**
 * The CSV import bench (issue 26; `npm run bench -- --only csv-import`, docs/performance.md):
 * seconds and peak RSS of importing catalogue CSVs of 1 000 and 10 000 products (two sizes
 * each, prices in every market, stock in the web shop and every store) into a migrated, seeded
 * database: embedded PGlite on disk, and PostgreSQL when DATABASE_URL (or --postgres-url) names a
 * server (a throw-away database). Each import runs in a process of its own, so that its peak RSS
 * is its own: `tsx bench/csv-import.ts --child PRODUCTS` with the database in the environment.
 * Prints figures only.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createDb } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/seed.ts';
import { importCatalogueCsv } from '../apps/api/src/modules/catalog-csv/csv-import.service.ts';
import { sampleCatalogueCsv } from '../apps/api/test/csv-sample.ts';
import { sampleRefs } from '../apps/api/test/csv-sample-refs.ts';
import { childEnv, createBenchDatabase } from './shop.ts';

/** The catalogue sizes imported. */
export const CSV_IMPORT_SIZES = [1000, 10_000];

/** One measurement. */
interface CsvImportFigure {
  database: string;
  products: number;
  rows: number;
  seconds: number;
  peakRssMiB: number;
  ok: boolean;
}

/** The child: imports `products` products into the database of the environment, prints JSON. */
async function child(products: number): Promise<void> {
  const handle = await createDb({
    databaseUrl: process.env.DATABASE_URL,
    pgliteDataDir: process.env.PGLITE_DATA_DIR,
  });
  try {
    await runMigrations(handle);
    await seedCatalogue(handle.db, { products: 20 });
    const csv = sampleCatalogueCsv(products, await sampleRefs(handle.db), 'BENCH');
    const started = performance.now();
    const result = await importCatalogueCsv(
      handle.db,
      csv,
      { staffUserId: null, staffEmail: 'bench@trampa.example' },
      new Date(),
    );
    const seconds = (performance.now() - started) / 1000;
    const figure = {
      products,
      rows: result.rows,
      seconds: Math.round(seconds * 10) / 10,
      peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
      ok: result.ok,
    };
    console.log(JSON.stringify(figure));
  } finally {
    await handle.close();
  }
}

/**
 * Runs the imports (each size on PGlite, and on PostgreSQL when `postgresUrl` is given) and
 * returns the report's lines.
 */
export async function measureCsvImport(
  postgresUrl: string | undefined,
  progress: (message: string) => void,
): Promise<string> {
  const figures: CsvImportFigure[] = [];
  const kinds: Array<'pglite' | 'postgres'> = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    for (const products of CSV_IMPORT_SIZES) {
      const database = await createBenchDatabase(kind, postgresUrl);
      try {
        progress(`csv-import: ${products} products on ${database.description}`);
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(products)],
          { env: childEnv(database.env), encoding: 'utf8', maxBuffer: 1 << 20 },
        );
        const line = run.stdout.trim().split('\n').at(-1) ?? '';
        if (run.status !== 0 || !line.startsWith('{')) {
          progress(`csv-import failed: ${run.stderr.split('\n').slice(-5).join(' ')}`);
          continue;
        }
        figures.push({
          database: database.description,
          ...(JSON.parse(line) as Omit<CsvImportFigure, 'database'>),
        });
      } finally {
        await database.dispose();
      }
    }
  }
  const lines = [
    'CSV import (issue 26): products of 2 sizes, all-or-nothing in one transaction',
    'database                                   products    rows   seconds  peak RSS',
    ...figures.map(
      (f) =>
        `${f.database.slice(0, 42).padEnd(42)} ${String(f.products).padStart(8)} ${String(f.rows).padStart(7)} ${f.seconds.toFixed(1).padStart(9)} ${`${f.peakRssMiB} MiB`.padStart(9)}${f.ok ? '' : '  (refused!)'}`,
    ),
  ];
  return lines.join('\n');
}

if (process.argv[2] === '--child') await child(Number(process.argv[3]));
