/**
 * Issue 15 "Health" and "Shutdown": the readiness probe on a real database (503 before the
 * migrations, 200 after, 503 while draining and when the database is gone) and the end of
 * background postings builds at shutdown.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { stopBackgroundWork } from '../src/graceful-close.ts';
import { createHealth } from '../src/health.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { POSTINGS_SCAN_JOB } from '../src/modules/jobs/job-kinds.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('health probes on %s', (kind) => {
  it('readyz: 503 before migrations, 200 after, 503 draining; healthz always 200', async () => {
    const handle = await openTestDb(kind, { migrate: false });
    const health = createHealth(handle.db);
    const server = createServer((req, res) => {
      if (!health.handle(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const probe = async (path: string) => {
      const response = await fetch(`${base}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    try {
      expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
      const before = await probe('/readyz');
      expect(before.status).toBe(503);
      expect(before.body).toMatchObject({ status: 'not-ready', reason: 'migrations-pending' });

      await runMigrations(handle);
      const after = await probe('/readyz');
      expect(after.status).toBe(200);
      expect(after.body).toMatchObject({ status: 'ready', database: 'up' });

      health.startDraining();
      expect(await probe('/readyz')).toEqual({
        status: 503,
        body: { status: 'not-ready', reason: 'draining' },
      });
      expect((await probe('/healthz')).status).toBe(200);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await handle.close();
    }
  });

  it('readyz: 503 when the database does not answer', async () => {
    const handle = await openTestDb(kind);
    const health = createHealth(handle.db);
    expect((await health.readiness()).status).toBe(200);
    await handle.close();
    expect(await health.readiness()).toEqual({
      status: 503,
      body: { status: 'not-ready', reason: 'database-unavailable' },
    });
  });

  it('shutdown stops background postings builds: none starts afterwards', async () => {
    const handle = await openTestDb(kind);
    const count = async () =>
      (
        (await handle.db.execute(
          sql`select count(*)::int as n from facet_postings`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    try {
      await seedCatalogue(handle.db, { products: 10 });
      expect(await stopBackgroundWork(handle.db, 30_000)).toBe(true);
      await enqueueJob(handle.db, POSTINGS_SCAN_JOB, { rearm: true });
      await facetPostingsSettled(handle.db);
      expect(await count()).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
