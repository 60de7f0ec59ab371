/**
 * A journey's own shop: production mode on an embedded database in a temporary folder (not the
 * shared in-memory one of global-setup.ts), so the journey can stop it, change data as an
 * operator would (a stock import, the review moderation CLI) and start it again on the same
 * data. There is no back office yet (issues 26, 27).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ENV } from './e2e-env.ts';
import { shopTemplate } from './shop-template.ts';

/** A running shop. */
interface RunningShop {
  url: string;
  close(): Promise<void>;
}

/** A shop whose data outlives a restart; `prefix` names its temporary folder. */
export function ownShop(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), `trampa-${prefix}-e2e-`));
  /** The shop's environment (also for CLIs that open its database while it is stopped). */
  const env: NodeJS.ProcessEnv & { PGLITE_DATA_DIR: string; MAIL_OUTBOX_DIR: string } = {
    ...process.env,
    ...E2E_ENV,
    PGLITE_DATA_DIR: join(folder, 'db'),
    MAIL_OUTBOX_DIR: join(folder, 'outbox'),
  };
  let running: RunningShop | undefined;

  return {
    env,
    /** The running shop's base URL. */
    get url(): string {
      if (!running) throw new Error('the shop is not running');
      return running.url;
    },
    /** Starts the shop (the first start copies the run's seeded database into the folder). */
    async start(): Promise<void> {
      process.env.NODE_ENV = 'production';
      const { startServer } = await import('../../server.ts');
      // A random port unless the journey chose one (PORT, with PUBLIC_URL for absolute links).
      running = await startServer({
        port: Number(env.PORT ?? 0),
        env,
        pgliteLoadDataDir: shopTemplate(),
      });
    },
    /** Stops the shop; its database stays in the folder. */
    async stop(): Promise<void> {
      await running?.close();
      running = undefined;
    },
    /** A GraphQL query to the running shop with its API key; returns `data`. */
    async api<T>(query: string): Promise<T> {
      const response = await fetch(`${this.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY },
        body: JSON.stringify({ query }),
      });
      return ((await response.json()) as { data: T }).data;
    },
    /** Stops the shop and deletes its folder. */
    async dispose(): Promise<void> {
      await this.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
