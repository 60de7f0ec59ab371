/**
 * The harness of the database outage test (db-outage.test.ts, issue 28): the one-process shop in
 * production mode in a child process on a scratch PostgreSQL database reached through a TCP proxy
 * the test controls, its log lines, requests to it (pages, GraphQL, the credentials login) and
 * the four looping clients. {@link useOutageShop} registers the set-up and tear-down.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_PASSWORD_SALT } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/seed.ts';
import { passwordDigest } from '../apps/api/src/modules/auth/password-digest.ts';
import {
  addCartFixture,
  CART_FIXTURE as F,
  personCheckout,
} from '../apps/api/test/cart-fixture.ts';
import { startTcpProxy, type TcpProxy } from '../apps/api/test/tcp-proxy.ts';
import { createScratchDatabase, type ScratchDatabase } from '../apps/api/test/test-db.ts';
import { E2E_ENV } from '../apps/storefront/tests/e2e/e2e-env.ts';
import { buildIfStale, repoRoot } from './build-if-stale.ts';

export const enabled = Boolean(process.env.TEST_DATABASE_URL);
/** The deadlines of the shop under test (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_POOL_WAIT_MS). */
export const DEADLINE_MS = 2_000;
/** The outage the issue asks for. */
export const OUTAGE_MS = 10_000;
/** The latency the issue asks for. */
export const LATENCY_MS = 5_000;

let scratch: ScratchDatabase;
export let proxy: TcpProxy;
let shop: ChildProcess | undefined;
let base = '';
/** Every line the shop wrote to stdout or stderr, in order. */
export const logLines: string[] = [];
/** Direct access to the database (not through the proxy), for set-up and checks. */
export let direct: pg.Pool;
let bikeAlias = '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/** Starts the shop (tsx apps/storefront/server.ts) and resolves with its URL. */
async function startShop(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/storefront/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...E2E_ENV,
      PGLITE_DATA_DIR: undefined,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      // As in production: info lines, migrations by the release step.
      LOG_LEVEL: 'info',
      MIGRATE_ON_START: 'false',
      // The job queue runs here too, so its polls meet the outage.
      WORKER_IN_PROCESS: 'true',
      DATABASE_POOL_MAX: '6',
      DATABASE_STATEMENT_TIMEOUT_MS: String(DEADLINE_MS),
      DATABASE_POOL_WAIT_MS: String(DEADLINE_MS),
      REFERENCE_DATA_TTL_SECONDS: '1',
      // First visits' page copies (issue 23) last 1 s too: the slow-database probes come 1.5 s
      // after the last normal answers, so every page is rendered against the slow database.
      // While it is unavailable (the outage) no copy is served at all.
      PAGE_CACHE_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  shop = child;
  let partial = { stdout: '', stderr: '' };
  let resolveStarted: (url: string) => void;
  const started = new Promise<string>((resolve) => (resolveStarted = resolve));
  for (const name of ['stdout', 'stderr'] as const) {
    child[name]!.on('data', (chunk: Buffer) => {
      const text = partial[name] + chunk.toString();
      const lines = text.split('\n');
      partial = { ...partial, [name]: lines.pop() ?? '' };
      for (const line of lines) {
        logLines.push(line);
        const match = /körs på (http:\/\/\S+)/.exec(line);
        if (match) resolveStarted(match[1]!.replace('localhost', '127.0.0.1'));
      }
    });
  }
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`shop exited (${code}):\n${logLines.join('\n')}`)),
    ),
  );
  return Promise.race([started, exited]);
}

/** A finished request: status, headers, body and how long it took. */
interface Answer {
  status: number;
  headers: Headers;
  body: string;
  ms: number;
}

/** One request to the shop; a failure to connect is status 0. */
export async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${base}${path}`, {
      ...init,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    return { status: response.status, headers: response.headers, body, ms: Date.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: String(error), ms: Date.now() - started };
  }
}

interface GqlAnswer extends Answer {
  json: {
    data?: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
}

/** A GraphQL request with the shop's API key. */
export async function gql(
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GqlAnswer> {
  const answer = await send('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY },
    body: JSON.stringify({ query, variables }),
  });
  let json: GqlAnswer['json'] = {};
  try {
    json = JSON.parse(answer.body) as GqlAnswer['json'];
  } catch {
    // not JSON: the checks below report the body
  }
  return { ...answer, json };
}

export const CART = `query($id: String!) { getCart(id: $id) { id items { skuId quantity } } }`;
export const NEW_CART = `{ getCart(id: "") { id } }`;
export const ADD = `mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`;
export const LIST = `{ products(take: 20) { products { productId name } } }`;
const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

/** The pages the load and the checks visit. */
export function pages(): string[] {
  return ['/', '/nyheter', '/varumarken', `/product/${bikeAlias}`, '/varukorg', '/s/cykel'];
}

/** What the load clients did: adds and orders tried and answered as done. */
export const tally = {
  /** cart id -> [adds answered ok, adds tried] (1 tube each). */
  adds: new Map<string, [number, number]>(),
  ordersTried: 0,
  ordersPlaced: [] as string[],
  /** Slowest request while the proxy was cut (ms). */
  slowestWhileCut: 0,
  cut: false,
};

/** Four clients until `stop` is set: pages, list and cart reads, adds, orders. */
export function runLoad(stop: { done: boolean }): Promise<void> {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 40));
  const note = (answer: Answer) => {
    if (tally.cut) tally.slowestWhileCut = Math.max(tally.slowestWhileCut, answer.ms);
  };
  const loop = async (step: (round: number) => Promise<void>) => {
    for (let round = 0; !stop.done; round += 1) {
      await step(round);
      await pause();
    }
  };
  let addCart: string | undefined;
  return Promise.all([
    loop(async (round) => note(await send(pages()[round % pages().length]!))),
    loop(async (round) => {
      note(await gql(LIST));
      if (round % 2 === 0 && addCart) note(await gql(CART, { id: addCart }));
    }),
    loop(async (round) => {
      if (!addCart || round % 10 === 0) {
        const created = await gql(NEW_CART);
        note(created);
        const id = created.json.data?.getCart?.id as string | undefined;
        if (!id) return;
        addCart = id;
        tally.adds.set(id, [0, 0]);
      }
      const counts = tally.adds.get(addCart)!;
      counts[1] += 1;
      const added = await gql(ADD, { id: addCart, item: { skuId: F.tube.skuId, quantity: 1 } });
      note(added);
      if (added.status === 200 && !added.json.errors) counts[0] += 1;
    }),
    loop(async () => {
      const created = await gql(NEW_CART);
      note(created);
      const id = created.json.data?.getCart?.id as string | undefined;
      if (!id) return;
      const added = await gql(ADD, { id, item: { skuId: F.bike.skuId, quantity: 1 } });
      note(added);
      if (added.json.errors || added.status !== 200) return;
      tally.ordersTried += 1;
      const placed = await gql(PLACE, {
        cartId: id,
        checkout: personCheckout({ email: 'avbrott@example.se' }),
      });
      note(placed);
      if (placed.json.data?.placeOrder?.status === 'completed') {
        tally.ordersPlaced.push(String(placed.json.data.placeOrder.orderId));
      }
    }),
  ]).then(() => undefined);
}

/** A login with credentials (challenge, signature, password), as the shop's pages send it. */
export async function credentialsLogin(username: string): Promise<Answer> {
  const post = (body: unknown) =>
    send('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(body),
    });
  const challenge = JSON.parse((await post({ username })).body) as { sign?: string };
  const signed = await send(
    `/auth/sign/${encodeURIComponent(E2E_ENV.API_KEY)}?identity=${encodeURIComponent(String(challenge.sign))}`,
  );
  return post({
    username,
    signature: JSON.parse(signed.body) as unknown,
    password: await passwordDigest('cykel-losen-1', DEFAULT_PASSWORD_SALT),
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the hooks that start the shop (build, scratch database, proxy) and stop it. */
export function useOutageShop(): void {
  beforeAll(async () => {
    if (!enabled) return;
    buildIfStale();
    scratch = await createScratchDatabase('outage');
    // The release step and `npm run db:seed`, directly on the database.
    const handle = await createDb({ databaseUrl: scratch.url, poolMax: 2 });
    await runMigrations(handle);
    await seedCatalogue(handle.db, { products: 30 });
    await addCartFixture(handle.db);
    await handle.close();
    direct = new pg.Pool({ connectionString: scratch.url, max: 2 });
    // An idle client of this pool is ended by the server when the outage or the database's drop
    // terminates its connection (57P01); without a listener the pool's 'error' crashes the run.
    direct.on('error', () => {});
    const alias = await direct.query<{ alias: string }>(
      'select alias from products where id = $1',
      [F.bike.productId],
    );
    bikeAlias = alias.rows[0]!.alias;
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    base = await startShop(proxy.urlThrough(scratch.url));
  }, 300_000);

  afterAll(async () => {
    if (process.env.OUTAGE_LOG)
      (await import('node:fs')).writeFileSync(process.env.OUTAGE_LOG, logLines.join('\n'));
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop!.once('exit', resolve));
      shop.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (shop.exitCode === null) shop.kill('SIGKILL');
    }
    await proxy?.close();
    await direct?.end();
    await scratch?.drop();
  }, 60_000);
}
