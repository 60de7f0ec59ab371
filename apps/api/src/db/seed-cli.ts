/**
 * `npm run db:seed -- [--products N] [--seed N] [--force]`: migrates the configured database,
 * deletes an existing catalogue and seeds a new one (both in one transaction), then prints a
 * summary and the time taken. Deleting the catalogue also deletes orders, customer accounts and
 * carts (they reference it), so a database that has any is left alone unless `--force` is given.
 * `npm run db:seed -- --images` changes no catalogue: it only stores the seed's drawn images that
 * are missing (a catalogue seeded before image files were stored).
 */
import { sql } from 'drizzle-orm';
import { openConfiguredDatabase } from './cli-database.ts';
import { runMigrations } from './migrate.ts';
import { clearCatalogue, countShopActivity, hasShopActivity } from './seed/clear.ts';
import {
  DEFAULT_PRODUCT_COUNT,
  DEFAULT_SEED,
  isCatalogueEmpty,
  seedCatalogue,
  storeMissingSeedImages,
} from './seed/seed.ts';

const USAGE =
  'Usage: npm run db:seed -- [--products N] [--seed N] [--force]   (N a positive integer;\n' +
  '       --force also deletes orders, customer accounts and carts)\n' +
  '       npm run db:seed -- --images   (only stores the missing demo images)';

/** Parsed command line. */
interface SeedArgs {
  products: number;
  seed: number;
  /** Reseed even when orders, customers or carts would be deleted. */
  force: boolean;
  /** Only store the missing demo images. */
  images: boolean;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

function parseArgs(argv: string[]): SeedArgs {
  const args: SeedArgs = {
    products: DEFAULT_PRODUCT_COUNT,
    seed: DEFAULT_SEED,
    force: false,
    images: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--force') {
      args.force = true;
      continue;
    }
    if (arg === '--images') {
      args.images = true;
      continue;
    }
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (flag !== '--products' && flag !== '--seed') fail(`Unknown argument: ${arg}`);
    const value = inline ?? argv[(i += 1)];
    if (
      value === undefined ||
      !/^[1-9][0-9]*$/.test(value) ||
      !Number.isSafeInteger(Number(value))
    ) {
      fail(
        `${flag} needs a positive integer, got ${value === undefined ? 'nothing' : JSON.stringify(value)}`,
      );
    }
    if (flag === '--products') args.products = Number(value);
    else args.seed = Number(value);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const handle = await openConfiguredDatabase();
  try {
    const started = Date.now();
    await runMigrations(handle);
    if (args.images) {
      const stored = await handle.db.transaction((tx) => storeMissingSeedImages(tx));
      console.log(`Stored ${stored} missing images in ${handle.description}`);
      return;
    }
    // Delete and reseed in one transaction: if seeding fails, the old catalogue stays.
    const seeding = Date.now();
    const summary = await handle.db.transaction(async (tx) => {
      if (!(await isCatalogueEmpty(tx))) {
        const activity = await countShopActivity(tx);
        if (hasShopActivity(activity) && !args.force) {
          throw new Error(
            `Nothing changed: ${handle.description} has ${activity.orders} orders, ` +
              `${activity.customers} customer accounts and ${activity.carts} carts, which a ` +
              'reseed would delete with the catalogue. Run `npm run db:seed -- --force` to ' +
              'delete them too.',
          );
        }
        const clearing = Date.now();
        await clearCatalogue(tx);
        console.log(`Deleted the existing catalogue in ${Date.now() - clearing} ms`);
      }
      return seedCatalogue(tx, { products: args.products, seed: args.seed });
    });
    const seconds = ((Date.now() - seeding) / 1000).toFixed(1);
    // The planner's statistics of the new rows. Without them PostgreSQL planned sequential
    // scans of stock and store stock for the first minutes after a large seed, until autovacuum
    // analysed the tables (issue 23, 100 000 products).
    await handle.db.execute(sql`analyze`);
    console.log(
      `Seeded ${handle.description} (seed ${args.seed}): ${summary.products} products, ${summary.skus} SKUs, ` +
        `${summary.brands} brands, ${summary.categories} categories, ${summary.campaigns} campaigns, ` +
        `${summary.stores} stores in ${seconds} s (${((Date.now() - started) / 1000).toFixed(1)} s in total)`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
