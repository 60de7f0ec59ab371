/**
 * One migrated and seeded shop database per run, copied by every shop the tests start
 * (docs/performance.md "CI time"): starting a shop on an empty embedded database runs initdb,
 * the migrations, the seed of 640 products and the first administrator's password hash (~15 s
 * of CPU); a copy of this one starts in about a second, with the same data (the seed is
 * deterministic; its dates are relative to when this run made it, as for the shared shop).
 *
 * The journeys' global setup (and the vitest global setup, for the unit tests that start a
 * shop) calls {@link makeShopTemplate} and publishes the file in E2E_SHOP_TEMPLATE, which test
 * processes inherit; {@link shopTemplate} reads it (undefined without one: the shop then
 * starts on an empty database as before).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfigOrExit } from '@trampa/api/config';
import { prepareDatabase } from '@trampa/api/db/setup';
import { E2E_ENV } from './e2e-env.ts';

/** The environment variable naming the current run's template file. */
export const SHOP_TEMPLATE_VARIABLE = 'E2E_SHOP_TEMPLATE';

/**
 * Makes the shop database as a shop with {@link E2E_ENV} starts it (migrations, seed, first
 * administrator), dumps its data folder into a temporary file and sets E2E_SHOP_TEMPLATE.
 * @returns a function that deletes the file
 */
export async function makeShopTemplate(): Promise<() => void> {
  const config = loadConfigOrExit({ ...process.env, ...E2E_ENV, PGLITE_DATA_DIR: 'memory://' });
  const handle = await prepareDatabase(config, () => {});
  const folder = mkdtempSync(join(tmpdir(), 'trampa-shop-template-'));
  const file = join(folder, 'shop.tar');
  try {
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
      .$client;
    await handle.db.execute('checkpoint');
    writeFileSync(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
  process.env[SHOP_TEMPLATE_VARIABLE] = file;
  return () => rmSync(folder, { recursive: true, force: true });
}

let template: Blob | undefined;

/** The run's shop database (E2E_SHOP_TEMPLATE) for `startServer({ pgliteLoadDataDir })`. */
export function shopTemplate(): Blob | undefined {
  const file = process.env[SHOP_TEMPLATE_VARIABLE];
  if (!file) return undefined;
  template ??= new Blob([new Uint8Array(readFileSync(file))]);
  return template;
}
