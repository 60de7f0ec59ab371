/**
 * `npx tsx bench/checkout.ts [--buyers 50] [--stock 5] [--orders 200]`: figures for issue 6
 * "Must hold under load and faults", printed, never asserted.
 *
 * 1. Race: `--buyers` shoppers with one unit each of a SKU that has `--stock` units place their
 *    orders at once; prints placed / refused, the final stock and the wall time.
 * 2. Throughput: `--orders` invoice orders, 10 at a time; prints orders per second and the
 *    median and 95th-percentile placeOrder latency.
 *
 * Runs on an in-memory PGlite; with DATABASE_URL (a throw-away database: it is migrated and
 * seeded) on PostgreSQL as well.
 */
import { eq } from 'drizzle-orm';
import { createApi } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb, type DbHandle } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { stock } from '../apps/api/src/db/schema.ts';
import { seedCatalogue } from '../apps/api/src/db/seed/seed.ts';
import { addCartFixture, CART_FIXTURE, personCheckout } from '../apps/api/test/cart-fixture.ts';

function arg(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

const buyers = arg('buyers', 50);
const units = arg('stock', 5);
const orderCount = arg('orders', 200);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(handle: DbHandle): Promise<void> {
  await runMigrations(handle);
  await seedCatalogue(handle.db, { products: 20 });
  await addCartFixture(handle.db);
  const config = loadConfig({ API_KEY: 'bench-api-key-123', NODE_ENV: 'test' });
  const api = createApi({ db: handle.db, config, log: { error: () => undefined } });
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await api.fetch(
      new Request('http://bench/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': config.apiKey },
        body: JSON.stringify({ query, variables }),
      }),
    );
    return (await response.json()) as { data?: any; errors?: Array<{ extensions?: any }> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const cart = async (skuId: number, quantity: number) => {
    const created = await gql('{ getCart(id: "") { id } }');
    const id = created.data.getCart.id as string;
    await gql(
      'mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }',
      { id, item: { skuId, quantity } },
    );
    return id;
  };
  const PLACE = `mutation($cartId: String!, $checkout: CheckoutInputType!) {
    placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`;

  // 1. Race.
  const race = CART_FIXTURE.lock.skuId;
  await handle.db.update(stock).set({ inStock: units }).where(eq(stock.skuId, race));
  const carts = await Promise.all(Array.from({ length: buyers }, () => cart(race, 1)));
  let started = performance.now();
  const results = await Promise.all(
    carts.map((cartId) => gql(PLACE, { cartId, checkout: personCheckout() })),
  );
  const raceMs = performance.now() - started;
  const placed = results.filter((r) => r.data?.placeOrder?.status === 'completed').length;
  const refused = results.filter((r) => r.errors?.[0]?.extensions?.code === 'OUT_OF_STOCK').length;
  const [left] = await handle.db.select().from(stock).where(eq(stock.skuId, race));
  console.log(
    `  race: ${buyers} buyers for ${units} units -> ${placed} orders, ${refused} out of stock, stock left ${left!.inStock}, ${raceMs.toFixed(0)} ms`,
  );

  // 2. Throughput.
  const bike = CART_FIXTURE.bike.skuId;
  await handle.db
    .update(stock)
    .set({ inStock: orderCount + 10 })
    .where(eq(stock.skuId, bike));
  const ready = await Promise.all(Array.from({ length: orderCount }, () => cart(bike, 1)));
  const latencies: number[] = [];
  started = performance.now();
  for (let i = 0; i < ready.length; i += 10) {
    await Promise.all(
      ready.slice(i, i + 10).map(async (cartId) => {
        const t0 = performance.now();
        const r = await gql(PLACE, { cartId, checkout: personCheckout() });
        if (r.data?.placeOrder?.status !== 'completed') throw new Error(JSON.stringify(r.errors));
        latencies.push(performance.now() - t0);
      }),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `  placeOrder: ${orderCount} orders, 10 concurrent: ${(orderCount / seconds).toFixed(1)} orders/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms`,
  );
}

console.log('PGlite (in memory)');
const pglite = await createDb({ pgliteDataDir: 'memory://' });
await run(pglite);
await pglite.close();
if (process.env.DATABASE_URL) {
  console.log(`PostgreSQL (${new URL(process.env.DATABASE_URL).pathname.slice(1)})`);
  const postgres = await createDb({ databaseUrl: process.env.DATABASE_URL, poolMax: 10 });
  await run(postgres);
  await postgres.close();
}
