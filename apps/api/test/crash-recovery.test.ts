/**
 * Issue 6 "Must hold under load and faults": the standalone API (`src/server.ts`) runs in a child
 * process on a PGlite folder or a PostgreSQL database; orders stream in; the process is killed
 * with SIGKILL in the middle; after a restart every order is complete with its lines, every
 * completed cart has its order, no order is doubled when shoppers resubmit, and
 * stock + sold = initial stock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { carts, orderLines, orders, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { TEST_API_KEY } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Starts `src/server.ts` and resolves once it listens. */
function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, ...env, NODE_ENV: 'test', API_KEY: TEST_API_KEY, HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('/graphql (')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe.each(testDatabaseKinds())('a server killed in the middle of orders, on %s', (kind) => {
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('loses nothing: complete orders, completed carts have orders, stock + sold = initial', async () => {
    let env: Record<string, string>;
    let open: () => Promise<DbHandle>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'trampa-crash-'));
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
      env = { PGLITE_DATA_DIR: dir };
      open = () => createDb({ pgliteDataDir: dir });
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `crash_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      cleanup.push(async () => {
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await dropper.end();
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      env = { DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '8' };
      open = () => createDb({ databaseUrl: url.toString(), poolMax: 2 });
    }

    // Prepare the data, then let the server own it.
    let handle = await open();
    await runMigrations(handle);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    await handle.close();

    const port = await freePort();
    const endpoint = `http://127.0.0.1:${port}/graphql`;
    const gql = async (query: string, variables: Record<string, unknown>, key?: string) => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-apikey': TEST_API_KEY,
          ...(key ? { 'x-idempotency-key': key } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: Record<string, any>; errors?: unknown[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    let child = await startServer({ ...env, PORT: String(port) });
    cleanup.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });

    const cartIds: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const created = await gql(`{ getCart(id: "") { id } }`, {});
      const id = created.data!.getCart.id as string;
      const added = await gql(
        `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
        { id, item: { skuId: F.bike.skuId, quantity: 1 + (i % 2) } },
      );
      expect(added.errors).toBeUndefined();
      cartIds.push(id);
    }
    const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
      placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

    // Fire every order; kill the server once some have gone through.
    let placed = 0;
    const killed = new Promise<void>((resolve) => {
      const attempts = cartIds.map((cartId) =>
        gql(PLACE, { cartId, checkout: personCheckout() }, `k-${cartId}`)
          .then((r) => {
            if (r.data?.placeOrder?.status === 'completed') placed += 1;
            if (placed === 8) {
              child.kill('SIGKILL');
              resolve();
            }
          })
          .catch(() => undefined),
      );
      void Promise.all(attempts).then(() => resolve());
    });
    await killed;
    await stopped(child);
    expect(child.signalCode).toBe('SIGKILL');
    expect(placed).toBeGreaterThanOrEqual(8);

    // Restart on the same data; shoppers resubmit every order with the same keys.
    child = await startServer({ ...env, PORT: String(port) });
    const resubmitted = await Promise.all(
      cartIds.map((cartId) => gql(PLACE, { cartId, checkout: personCheckout() }, `k-${cartId}`)),
    );
    for (const result of resubmitted) {
      expect(result.errors).toBeUndefined();
      expect(result.data!.placeOrder.status).toBe('completed');
    }
    child.kill('SIGTERM');
    await stopped(child);

    handle = await open();
    cleanup.push(() => handle.close());
    const db = handle.db;
    const orderRows = await db.select().from(orders);
    expect(orderRows).toHaveLength(cartIds.length);
    for (const order of orderRows) {
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + l.totalIncVat, 0)).toBe(order.itemValueIncVat);
      const [cart] = await db.select().from(carts).where(eq(carts.id, order.cartId));
      expect(cart!.status).toBe('completed');
    }
    const [completedCarts] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(carts)
      .where(eq(carts.status, 'completed'));
    expect(completedCarts!.n).toBe(orderRows.length);
    const [sold] = await db
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.skuId, F.bike.skuId));
    const [left] = await db.select().from(stock).where(eq(stock.skuId, F.bike.skuId));
    expect(left!.inStock + sold!.n).toBe(F.bike.stock);
    expect(sold!.n).toBe(60);
  }, 180_000);
});
