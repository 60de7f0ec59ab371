/**
 * The shop's logs (issue 15 "Logs") against the built storefront in production mode: the
 * request id of a page request comes back in `x-request-id`, is on the request's log line and
 * on the API's log lines of that request, in one process (in-process API, SQL lines at
 * LOG_LEVEL=debug) and with API_URL (the API's own request lines). Builds the storefront first
 * when the build is stale (~1 min).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApi, type Api } from '@trampa/api';
import { authNodeListener } from '@trampa/api/auth-node';
import { loadConfig } from '@trampa/api/config';
import { prepareDatabase } from '@trampa/api/db/setup';
import { requestLogging } from '@trampa/api/log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLogger } from '../../../api/test/log-capture.ts';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from '../../tests/e2e/e2e-env.ts';
import { shopTemplate } from '../../tests/e2e/shop-template.ts';
import type { RunningServer } from '../../server.ts';

const cleanup: Array<() => Promise<void> | void> = [];
let previousNodeEnv: string | undefined;

beforeAll(() => {
  buildIfStale();
  previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
}, 300_000);

afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  process.env.NODE_ENV = previousNodeEnv;
});

/** Starts the shop with its logs captured at `level`. */
async function startShop(env: Record<string, string>, level: 'debug' | 'info') {
  const { startServer } = await import('../../server.ts');
  const log = capturedLogger(level);
  const server: RunningServer = await startServer({
    port: 0,
    pgliteLoadDataDir: shopTemplate(),
    env: { ...process.env, ...E2E_ENV, ...env },
    logger: log.logger,
  });
  cleanup.push(() => server.close());
  return { server, log };
}

/** Waits until the pending log writes (response 'close' events) are through. */
const settle = () => new Promise((done) => setTimeout(done, 100));

/** A shopper's page request with an id, a login cookie, a Bearer header and a query string. */
async function getPage(url: string, requestId: string): Promise<Response> {
  const response = await fetch(`${url}/?utm=kampanj&email=anna@example.se`, {
    headers: {
      'x-request-id': requestId,
      cookie: 'trampa_refresh=secret-cookie-value',
      authorization: 'Bearer secret-bearer-value',
    },
    redirect: 'manual',
  });
  await response.text();
  await settle();
  return response;
}

describe('shop logs in one process (LOG_LEVEL=debug)', () => {
  it("carries the request id to the response, the request line and the API's SQL lines", async () => {
    const { server, log } = await startShop({ LOG_LEVEL: 'debug' }, 'debug');
    const response = await getPage(server.url, 'shop-in-process-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('shop-in-process-1');
    const mine = log.lines.filter((line) => line.reqId === 'shop-in-process-1');
    expect(mine.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'GET', path: '/', status: 200 }),
    ]);
    const sql = mine.filter((line) => line.msg === 'sql');
    expect(sql.length).toBeGreaterThan(0);
    for (const line of sql) expect(line.durationMs).toEqual(expect.any(Number));
    const output = log.raw.join('\n');
    for (const secret of ['kampanj', 'anna@', 'secret-cookie-value', 'secret-bearer-value']) {
      expect(output).not.toContain(secret);
    }
  });

  it('makes a request id when the shopper sends none', async () => {
    const { server, log } = await startShop({ LOG_LEVEL: 'info' }, 'info');
    const response = await fetch(`${server.url}/kopvillkor`);
    await response.text();
    await settle();
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ reqId: id, path: '/kopvillkor' }),
    ]);
    expect(log.lines.some((line) => line.msg === 'sql')).toBe(false);
  });

  it('logs a 404 page and a missing asset only on their request lines, not as errors', async () => {
    const { server, log } = await startShop({ LOG_LEVEL: 'info' }, 'info');
    const response = await fetch(`${server.url}/ingen-sadan-sida`);
    await response.text();
    const asset = await fetch(`${server.url}/assets/finns-inte.js`);
    expect(await asset.text()).toBe('Not Found');
    await settle();
    expect(response.status).toBe(404);
    expect(asset.status).toBe(404);
    expect(log.lines.filter((line) => line.msg === 'request' || line.level !== 'info')).toEqual([
      expect.objectContaining({ msg: 'request', path: '/ingen-sadan-sida', status: 404 }),
      expect.objectContaining({ msg: 'request', path: '/assets/finns-inte.js', status: 404 }),
    ]);
  });
});

describe('shop logs with API_URL', () => {
  let apiServer: Server;
  let api: Api;
  const apiLog = capturedLogger('info');

  beforeAll(async () => {
    const config = loadConfig({ ...E2E_ENV, NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const database = await prepareDatabase(config, () => {}, undefined, {
      pgliteLoadDataDir: shopTemplate(),
    });
    cleanup.push(() => database.close());
    api = createApi({ db: database.db, config, logger: apiLog.logger });
    // As the standalone API (apps/api/src/server.ts) serves it: the images under /img/.
    const logging = requestLogging(apiLog.logger);
    const images = authNodeListener((request) => api.images(request));
    apiServer = createServer((req, res) =>
      logging(req, res, () =>
        (req.url ?? '').startsWith('/img/') ? void images(req, res) : void api.yoga(req, res),
      ),
    );
    await new Promise<void>((done) => apiServer.listen(0, '127.0.0.1', done));
    cleanup.push(() => void apiServer.close());
  }, 120_000);

  it('sends the request id to the API, whose request lines carry it', async () => {
    const apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
    const { server, log } = await startShop({ API_URL: apiUrl }, 'info');
    const response = await getPage(server.url, 'shop-http-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('shop-http-1');
    expect(log.lines.filter((line) => line.msg === 'request')).toEqual([
      expect.objectContaining({ reqId: 'shop-http-1', path: '/', status: 200 }),
    ]);
    const apiRequests = apiLog.lines.filter((line) => line.msg === 'request');
    expect(apiRequests.length).toBeGreaterThan(0);
    for (const line of apiRequests) {
      expect(line).toMatchObject({ reqId: 'shop-http-1', method: 'POST', path: '/graphql' });
    }
  });

  it('forwards product images to the API: the stored file with its headers, 404 for another', async () => {
    const apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
    const { server } = await startShop({ API_URL: apiUrl }, 'info');
    const listed = await api.fetch(
      new Request('http://in-process.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY },
        body: JSON.stringify({
          query: '{ products(take: 1) { products { productImages { fileName } } } }',
        }),
      }),
    );
    const { data } = (await listed.json()) as {
      data: { products: { products: Array<{ productImages: Array<{ fileName: string }> }> } };
    };
    const fileName = data.products.products[0]!.productImages[0]!.fileName;
    const image = await fetch(`${server.url}/img/product/400x400/${encodeURIComponent(fileName)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await image.text()).toMatch(/^<svg /);
    const missing = await fetch(`${server.url}/img/product/400x400/finns-inte.svg`);
    expect(missing.status).toBe(404);
    await missing.text();
  });
});
