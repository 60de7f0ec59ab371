/**
 * `npm run db:seed` on a database with shopper data: refuses (exit 1, nothing changed) unless
 * `--force`, which reseeds and deletes carts too. Runs the real CLI on a PGlite folder.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../src/db/seed-cli.ts');
const TSX = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

describe('db:seed with shopper data', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'trampa-seed-cli-'));
    const handle = await createDb({ pgliteDataDir: dir });
    await runMigrations(handle);
    await seedCatalogue(handle.db, { products: 12 });
    await handle.db.insert(schema.carts).values({ id: 'cart-kept', marketId: 'SE|SEK' });
    await handle.close();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function seed(...args: string[]) {
    const env = { ...process.env, PGLITE_DATA_DIR: dir, DATABASE_URL: '' };
    try {
      const { stdout, stderr } = await run(TSX, [CLI, '--products', '7', ...args], { env });
      return { code: 0, output: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, output: failed.stdout + failed.stderr };
    }
  }

  async function counts() {
    const handle = await createDb({ pgliteDataDir: dir });
    try {
      return {
        products: await handle.db.$count(schema.products),
        carts: await handle.db.$count(schema.carts),
      };
    } finally {
      await handle.close();
    }
  }

  it('refuses without --force and changes nothing', async () => {
    const result = await seed();
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Nothing changed: .* 0 orders, 0 customer accounts and 1 carts/);
    expect(result.output).toContain('--force');
    expect(await counts()).toEqual({ products: 12, carts: 1 });
  });

  it('reseeds with --force, deleting the carts too', async () => {
    const result = await seed('--force');
    expect(result.code).toBe(0);
    expect(await counts()).toEqual({ products: 7, carts: 0 });
  });
});
