/**
 * Issue 15 "Releases": `npm run db:migrate` is the release step and takes the migration lock,
 * so concurrent runs migrate once; a server refuses a schema older than its release unless it
 * may migrate (MIGRATE_ON_START); with DATABASE_URL the server never seeds the demo catalogue.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import {
  committedMigrations,
  runMigrations,
  schemaStatus,
  SchemaOutdatedError,
} from '../src/db/migrate.ts';
import { prepareDatabase } from '../src/db/setup.ts';
import { isCatalogueEmpty } from '../src/db/seed/seed.ts';
import { createScratchDatabase, testDatabaseKinds } from './test-db.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const postgres = testDatabaseKinds().includes('postgres');

/** Runs `npm run db:migrate` (the release step) against `url`; resolves with its output. */
function releaseStep(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!postgres)('the release step on PostgreSQL', () => {
  it('migrates once when three runs race: one applies every migration, the others wait', async () => {
    const scratch = await createScratchDatabase('rel');
    try {
      const runs = await Promise.all([
        releaseStep(scratch.url),
        releaseStep(scratch.url),
        releaseStep(scratch.url),
      ]);
      for (const run of runs) expect(run.code, run.output).toBe(0);
      const expected = committedMigrations().length;
      const applied = runs.filter((run) => run.output.includes(`applied ${expected} migration`));
      const upToDate = runs.filter((run) => run.output.includes('schema already up to date'));
      expect(applied).toHaveLength(1);
      expect(upToDate).toHaveLength(2);
      const handle = await createDb({ databaseUrl: scratch.url, poolMax: 1 });
      try {
        expect(await schemaStatus(handle.db)).toEqual({
          applied: expected,
          expected,
          current: true,
        });
      } finally {
        await handle.close();
      }
    } finally {
      await scratch.drop();
    }
  }, 180_000);

  it('in one process too: two pools race, one call applies them all, the other none', async () => {
    const scratch = await createScratchDatabase('rel');
    const one = await createDb({ databaseUrl: scratch.url, poolMax: 2 });
    const two = await createDb({ databaseUrl: scratch.url, poolMax: 2 });
    try {
      const counts = await Promise.all([runMigrations(one), runMigrations(two)]);
      expect(counts.sort((a, b) => a - b)).toEqual([0, committedMigrations().length]);
    } finally {
      await one.close();
      await two.close();
      await scratch.drop();
    }
  }, 120_000);
});

describe('a server start on an outdated schema', () => {
  it.skipIf(!postgres)(
    'refuses to serve (run npm run db:migrate) when it may not migrate, and never seeds with DATABASE_URL',
    async () => {
      const scratch = await createScratchDatabase('rel');
      const base = {
        NODE_ENV: 'production',
        DATABASE_URL: scratch.url,
        API_KEY: 'release-test-api-key',
        AUTH_JWT_SECRET: 'release-test-jwt-secret-0123456789abcdef',
      };
      try {
        const production = loadConfig(base);
        expect(production.migrateOnStart).toBe(false);
        const refused = await prepareDatabase(production, () => {}).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(SchemaOutdatedError);
        expect((refused as Error).message).toContain('npm run db:migrate');
        expect((refused as Error).message).toContain(
          `0 of ${committedMigrations().length} migrations`,
        );

        // Asked to migrate: it does, and leaves the empty database without a catalogue.
        const handle = await prepareDatabase(
          loadConfig({ ...base, MIGRATE_ON_START: 'true' }),
          () => {},
        );
        try {
          expect((await schemaStatus(handle.db)).current).toBe(true);
          expect(await isCatalogueEmpty(handle.db)).toBe(true);
        } finally {
          await handle.close();
        }
      } finally {
        await scratch.drop();
      }
    },
    120_000,
  );

  it('migrates and seeds the embedded database (npm ci && npm start keeps working)', async () => {
    const config = loadConfig(
      { NODE_ENV: 'production', PGLITE_DATA_DIR: 'memory://' },
      {
        requireProductionSecrets: false,
      },
    );
    expect(config.migrateOnStart).toBe(true);
    const handle = await prepareDatabase(config, () => {});
    try {
      expect((await schemaStatus(handle.db)).current).toBe(true);
      expect(await isCatalogueEmpty(handle.db)).toBe(false);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it('refuses the embedded database too when MIGRATE_ON_START=false and it is behind', async () => {
    const config = loadConfig({ PGLITE_DATA_DIR: 'memory://', MIGRATE_ON_START: 'false' });
    await expect(prepareDatabase(config, () => {})).rejects.toThrow(SchemaOutdatedError);
  });
});
