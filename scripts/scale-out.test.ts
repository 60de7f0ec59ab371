/**
 * Issue 15 "Scale-out": two instances of the one-process shop on one fresh PostgreSQL database
 * (TEST_DATABASE_URL; skipped without it). The release step runs while both start (one
 * migration run: the advisory lock), then carts, orders, logins and a catalogue write go
 * through both: no lost update, no oversold stock, a login on one is valid on the other, a
 * catalogue write shows on both (lists at once, the category tree within
 * REFERENCE_DATA_TTL_SECONDS).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_SALT } from '../apps/api/src/config.ts';
import { createDb, type DbHandle } from '../apps/api/src/db/client.ts';
import { committedMigrations } from '../apps/api/src/db/migrate.ts';
import { categories, products, stock } from '../apps/api/src/db/schema.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/seed.ts';
import { passwordDigest } from '../apps/api/src/modules/auth/password-digest.ts';
import {
  addCartFixture,
  CART_FIXTURE as F,
  personCheckout,
} from '../apps/api/test/cart-fixture.ts';
import { createScratchDatabase, type ScratchDatabase } from '../apps/api/test/test-db.ts';
import { E2E_ENV } from '../apps/storefront/tests/e2e/e2e-env.ts';
import type { RunningServer } from '../apps/storefront/server.ts';
import { buildIfStale, repoRoot } from './build-if-stale.ts';

const enabled = Boolean(process.env.TEST_DATABASE_URL);
/** Seconds the shared category tree may lag (REFERENCE_DATA_TTL_SECONDS of both instances). */
const TTL_SECONDS = 2;

let scratch: ScratchDatabase;
let handle: DbHandle;
let shops: RunningServer[] = [];
let release: { code: number | null; output: string };
let previousNodeEnv: string | undefined;

/** `npm run db:migrate` in its own process. */
function releaseStep(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join('apps', 'api', 'src', 'db', 'migrate-cli.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  if (!enabled) return;
  buildIfStale();
  previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  scratch = await createScratchDatabase('scale');
  const env = {
    ...process.env,
    ...E2E_ENV,
    PGLITE_DATA_DIR: undefined,
    DATABASE_URL: scratch.url,
    DATABASE_POOL_MAX: '6',
    // Both instances may migrate at start, as may the release step: the lock lets one do it.
    MIGRATE_ON_START: 'true',
    REFERENCE_DATA_TTL_SECONDS: String(TTL_SECONDS),
  };
  const { startServer } = await import('../apps/storefront/server.ts');
  const started = await Promise.all([
    releaseStep(scratch.url),
    startServer({ port: 0, env }),
    startServer({ port: 0, env }),
  ]);
  release = started[0];
  shops = [started[1], started[2]];
  // The demo data, as `npm run db:seed` would write it (a server never seeds PostgreSQL).
  handle = await createDb({ databaseUrl: scratch.url, poolMax: 2 });
  await seedCatalogue(handle.db, { products: 30 });
  await addCartFixture(handle.db);
}, 300_000);

afterAll(async () => {
  await Promise.all(shops.map((shop) => shop.close()));
  await handle?.close();
  await scratch?.drop();
  process.env.NODE_ENV = previousNodeEnv;
}, 120_000);

/** A GraphQL request to instance `i` (0 or 1), with the shop's API key. */
async function gql<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  i: number,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
  const response = await fetch(`${shops[i]!.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-apikey': E2E_ENV.API_KEY,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as never;
}

/** A call of the auth service on instance `i`, as the shop's own pages send it (Origin). */
async function auth(i: number, method: string, action: string, body?: unknown, headers = {}) {
  const base = shops[i]!.url;
  const response = await fetch(`${base}/auth/${action}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    refreshToken: response.headers.get('x-auth-refresh-token'),
  };
}

/** Register (or log in) `username` on instance `i` (GEINS-API §7.2: challenge, sign, credentials). */
async function credentials(i: number, action: 'register' | 'login', username: string) {
  const challenge = await auth(i, 'POST', action, { username });
  const signed = await fetch(
    `${shops[i]!.url}/auth/sign/${encodeURIComponent(E2E_ENV.API_KEY)}?identity=${encodeURIComponent(String(challenge.body.sign))}`,
  );
  return auth(i, 'POST', action, {
    username,
    signature: await signed.json(),
    password: await passwordDigest('cykel-losen-1', DEFAULT_PASSWORD_SALT),
  });
}

const ADD = `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`;
const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

describe.skipIf(!enabled)('two shop instances on one PostgreSQL database', () => {
  it('migrated once while both started (release step and instances raced for the lock)', async () => {
    expect(release.code, release.output).toBe(0);
    const rows = (await handle.db.execute(
      sql`select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ n: number; distinct_hashes: number }> };
    const expected = committedMigrations().length;
    expect(rows.rows[0]).toEqual({ n: expected, distinct_hashes: expected });
    for (const shop of shops) {
      const ready = await fetch(`${shop.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        migrations: { applied: expected, expected },
      });
    }
  });

  it('concurrent adds to one cart through both instances lose no update', async () => {
    const created = await gql(0, `{ getCart(id: "") { id } }`);
    const id = created.data.getCart.id as string;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        gql(n % 2, ADD, { id, item: { skuId: F.tube.skuId, quantity: 1 } }),
      ),
    );
    for (const result of results) expect(result.errors).toBeUndefined();
    for (const i of [0, 1]) {
      const cart = await gql(
        i,
        `query($id: String!) { getCart(id: $id) { items { skuId quantity } } }`,
        {
          id,
        },
      );
      expect(cart.data.getCart.items).toEqual([{ skuId: F.tube.skuId, quantity: 12 }]);
    }
  });

  it('orders placed through both instances at once never oversell stock', async () => {
    const carts: string[] = [];
    for (let n = 0; n < 8; n += 1) {
      const created = await gql(n % 2, `{ getCart(id: "") { id } }`);
      const id = created.data.getCart.id as string;
      expect(
        (await gql(n % 2, ADD, { id, item: { skuId: F.lock.skuId, quantity: 1 } })).errors,
      ).toBeUndefined();
      carts.push(id);
    }
    const placed = await Promise.all(
      carts.map((cartId, n) =>
        gql(n % 2, PLACE, {
          cartId,
          checkout: personCheckout({ email: `kund${n}@example.se` }),
        }),
      ),
    );
    const completed = placed.filter((result) => result.data?.placeOrder?.status === 'completed');
    expect(completed).toHaveLength(F.lock.stock);
    const [row] = await handle.db.select().from(stock).where(eq(stock.skuId, F.lock.skuId));
    expect(row!.inStock).toBe(0);
  });

  it('a login on one instance is valid on the other, and its refresh token too', async () => {
    expect((await credentials(0, 'register', 'skala@example.se')).status).toBe(200);
    const login = await credentials(0, 'login', 'skala@example.se');
    expect(login.status).toBe(200);
    const token = String(login.body.token);
    const user = await gql(1, `{ getUser { email } }`, {}, token);
    expect(user.errors).toBeUndefined();
    expect(user.data.getUser.email).toBe('skala@example.se');
    const refreshed = await auth(1, 'GET', 'login', undefined, {
      'x-auth-refresh-token': login.refreshToken!,
    });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.body.token).toBe('string');
  });

  it('a catalogue write shows on both: lists at once, the category tree within the TTL', async () => {
    const LIST = `{ products(take: 200) { products { productId name } } }`;
    const CATEGORY = `{ categories { categoryId name } }`;
    /** The bike's name in the product list of instance `i`. */
    const bikeName = async (i: number) =>
      (
        await gql<{ products: { products: Array<{ productId: number; name: string }> } }>(i, LIST)
      ).data!.products.products.find((p) => p.productId === F.bike.productId)?.name;
    /** The name of category 21 in the category tree of instance `i`. */
    const categoryName = async (i: number) =>
      (
        await gql<{ categories: Array<{ categoryId: number; name: string }> }>(i, CATEGORY)
      ).data!.categories.find((c) => c.categoryId === 21)?.name;
    // Both instances cache the list and the tree first.
    for (const i of [0, 1]) {
      expect(await bikeName(i)).toBe('Testcykel Hybrid');
      expect(await categoryName(i)).toBeDefined();
    }
    await handle.db
      .update(products)
      .set({ name: 'Testcykel Hybrid Ny' })
      .where(eq(products.id, F.bike.productId));
    await handle.db.update(categories).set({ name: 'Hjälmar Ny' }).where(eq(categories.id, 21));
    const written = Date.now();
    // The list cache is stamped with the catalogue version: no instance serves the old list.
    for (const i of [0, 1]) expect(await bikeName(i)).toBe('Testcykel Hybrid Ny');
    // The shared category tree lags by at most REFERENCE_DATA_TTL_SECONDS (polled; generous bound).
    for (const i of [0, 1]) {
      let name = await categoryName(i);
      while (name !== 'Hjälmar Ny' && Date.now() - written < TTL_SECONDS * 1000 + 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        name = await categoryName(i);
      }
      expect(name).toBe('Hjälmar Ny');
    }
  });
});
