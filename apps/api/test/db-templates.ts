/**
 * Template databases for the tests (docs/performance.md "CI time"): a new PGlite database runs
 * initdb (~5 s of CPU) and the migrations (~1 s), a new PostgreSQL database the migrations
 * (~1 s); a test run opens a few hundred. Instead, each is made once per migration set and
 * copied for every test database:
 *
 * - PGlite: the data folder of a fresh (and of a migrated) instance, dumped as a tarball into
 *   the OS temporary folder and loaded by each new in-memory database (PGlite's `loadDataDir`,
 *   the same mechanism as its `clone()`); the copy is a database of its own.
 * - PostgreSQL: a migrated database `trampa_tmpl_<key>` on the TEST_DATABASE_URL server, from
 *   which each test database is created (`CREATE DATABASE … TEMPLATE …`).
 *
 * The key is a hash of the committed migrations, the PGlite version and {@link TEMPLATE_FORMAT},
 * so a changed migration makes a new template; nothing is reused across migration sets. The
 * vitest global setup makes them before the workers start ({@link prepareTestDbTemplates});
 * without it, the first test database makes them (concurrent makers are safe: PGlite files
 * are written under a temporary name and renamed, the PostgreSQL template under a lock).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDb } from '../src/db/client.ts';
import { migrationsFolder, runMigrations } from '../src/db/migrate.ts';

/** Bump when the way templates are made changes (a new key, so old files are not reused). */
const TEMPLATE_FORMAT = 1;

/** `pg_advisory_lock` key held while a PostgreSQL template is made: 'trmtpl' in ASCII. */
const TEMPLATE_LOCK = 0x74726d74706c;

function filesOf(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? filesOf(path) : [path];
    });
}

let key: string | undefined;

/** Hash of the migrations (names and contents), the PGlite version and the template format. */
function templateKey(): string {
  if (key) return key;
  const hash = createHash('sha256').update(`format ${TEMPLATE_FORMAT}\n`);
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(pgliteEntry), '..', 'package.json')));
  for (const path of filesOf(migrationsFolder)) {
    hash.update(path.slice(migrationsFolder.length)).update('\0').update(readFileSync(path));
  }
  key = hash.digest('hex').slice(0, 16);
  return key;
}

/** Whether a PGlite template holds the migrated schema or only what initdb made. */
type PgliteTemplate = 'migrated' | 'empty';

const pgliteTemplates = new Map<PgliteTemplate, Promise<Blob>>();

/** Where the PGlite template tarballs live (the OS temporary folder, one file per key). */
function pgliteTemplatePath(which: PgliteTemplate): string {
  return join(tmpdir(), 'trampa-test-db', `pglite-${which}-${templateKey()}.tar`);
}

async function makePgliteTemplate(which: PgliteTemplate, path: string): Promise<Buffer> {
  // The migrated template starts from the empty one (one initdb for both).
  const handle = await createDb({
    pgliteDataDir: 'memory://',
    ...(which === 'migrated' ? { pgliteLoadDataDir: await pgliteTemplate('empty') } : {}),
  });
  try {
    if (which === 'migrated') await runMigrations(handle);
    // Everything on disk (in PGlite's in-memory file system) before the folder is dumped.
    await handle.db.execute(sql`checkpoint`);
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
      .$client;
    const tarball = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, tarball);
    renameSync(partial, path);
    return tarball;
  } finally {
    await handle.close();
  }
}

/**
 * The PGlite data folder (a tarball for `createDb({ pgliteLoadDataDir })`) of a fresh database,
 * migrated or not; made and stored on first use, read once per process.
 */
export function pgliteTemplate(which: PgliteTemplate): Promise<Blob> {
  let template = pgliteTemplates.get(which);
  if (!template) {
    const path = pgliteTemplatePath(which);
    template = (async () => {
      let tarball: Buffer;
      try {
        tarball = readFileSync(path);
      } catch {
        tarball = await makePgliteTemplate(which, path);
      }
      return new Blob([new Uint8Array(tarball)]);
    })();
    template.catch(() => pgliteTemplates.delete(which));
    pgliteTemplates.set(which, template);
  }
  return template;
}

const postgresTemplates = new Map<string, Promise<string>>();

async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  return (found.rowCount ?? 0) > 0;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `trampa_tmpl_${templateKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (await databaseExists(admin, name)) return name;
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      // Another process may have made it while this one waited for the lock.
      if (await databaseExists(admin, name)) return name;
      // Built under another name and renamed when complete: a template that exists is whole.
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const handle = await createDb({ databaseUrl: databaseUrl(serverUrl, building), poolMax: 1 });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}

/**
 * The name of the migrated template database on the server of `serverUrl` (made on first use,
 * kept on the server for later runs with the same migrations).
 */
export function postgresTemplate(serverUrl: string): Promise<string> {
  let template = postgresTemplates.get(serverUrl);
  if (!template) {
    template = makePostgresTemplate(serverUrl);
    template.catch(() => postgresTemplates.delete(serverUrl));
    postgresTemplates.set(serverUrl, template);
  }
  return template;
}

/**
 * Makes the templates the tests will copy (vitest global setup, before the workers start):
 * PGlite's always, PostgreSQL's when TEST_DATABASE_URL is set.
 */
export async function prepareTestDbTemplates(): Promise<void> {
  await pgliteTemplate('empty');
  await pgliteTemplate('migrated');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await postgresTemplate(serverUrl);
}
