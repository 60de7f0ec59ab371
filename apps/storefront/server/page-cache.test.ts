import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_PAGE_BYTES, PAGE_CACHE_HEADER, pageCache, type PageCacheOptions } from './page-cache';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A shopper's browser (isbot counts fetch's own `node` as a bot). */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';

/**
 * A shop-like server: compression, a nonce per request (as the security headers), a routing
 * layer that renders everything under `/no` for Norway, the page cache, and a handler that
 * writes the nonce into the page with a render counter. `?status=`, `?cookie=1`, `?nostore=1`,
 * `?slow=1` (answers when `release()` is called) and `?big=1` shape the answer, on routes whose
 * path says so (the cache itself never sees query strings: those are rendered).
 */
async function start(options: Partial<PageCacheOptions> = {}) {
  let clock = 1_000_000;
  const cache = pageCache({ ttlMs: 10_000, now: () => clock, ...options });
  const renders: string[] = [];
  const waiting: Array<() => void> = [];
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${nonce}'`);
    next();
  });
  app.use((req, res, next) => {
    if (req.path.startsWith('/unrouted')) return next();
    const norway = req.path.startsWith('/no');
    res.append('Set-Cookie', `ralph-locale=${norway ? 'nb' : 'sv'}; Path=/`);
    res.locals.routedMarket = {
      market: { id: norway ? 'NO|NOK' : 'SE|SEK' },
      language: { code: norway ? 'nb' : 'sv' },
      locale: norway ? 'nb-NO' : 'sv-SE',
      basename: norway ? '/no' : '',
    };
    next();
  });
  app.use(cache);
  app.use((req, res) => {
    renders.push(req.originalUrl);
    const nonce = String(res.locals.cspNonce);
    // Over compression's 1 KiB threshold.
    const body = `<html><script nonce="${nonce}">render ${renders.length}</script><p>${nonce}</p>${'<i></i>'.repeat(200)}</html>`;
    const send = () => {
      if (req.path.endsWith('/missing')) res.status(404);
      if (req.path.endsWith('/cookie')) res.append('Set-Cookie', 'cart=1; Path=/');
      if (req.path.endsWith('/nostore')) res.setHeader('Cache-Control', 'no-store');
      if (req.path.endsWith('/json')) return res.json({ render: renders.length });
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Link', '</assets/a.css>; rel=preload; as=style');
      // Streamed in pieces, as React writes a page.
      res.write(body.slice(0, 20));
      res.write(Buffer.from(body.slice(20, 40)));
      if (req.path.endsWith('/big')) res.write('x'.repeat(MAX_PAGE_BYTES));
      res.end(body.slice(40));
    };
    if (req.path.endsWith('/slow')) waiting.push(send);
    else send();
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      headers: { 'user-agent': BROWSER, ...headers },
    });
    const body = await response.text();
    const nonce = /nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    return { response, body, nonce, state: response.headers.get(PAGE_CACHE_HEADER) };
  };
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };
  return {
    cache,
    renders,
    get,
    until,
    port,
    tick: (ms: number) => (clock += ms),
    release: () => waiting.shift()?.(),
  };
}

describe('pageCache (issue 23, PAGE_CACHE_SECONDS)', () => {
  it('renders a first visit once and serves the copy with each request’s own nonce', async () => {
    const shop = await start();
    const first = await shop.get('/c/cyklar');
    const second = await shop.get('/c/cyklar');
    expect(shop.renders).toEqual(['/c/cyklar']);
    expect([first.state, second.state]).toEqual(['miss', 'hit']);
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    // The page is the rendered one, with the new nonce wherever the old one was.
    expect(second.body).toBe(first.body.replaceAll(first.nonce!, second.nonce!));
    expect(second.body).not.toContain(first.nonce);
    expect(second.body).toContain('render 1');
    // The render's own headers come along; the routing layer's cookie is its own again.
    expect(second.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.response.headers.get('link')).toBe('</assets/a.css>; rel=preload; as=style');
    expect(second.response.headers.get('set-cookie')).toBe('ralph-locale=sv; Path=/');
    expect(second.response.headers.get('age')).toBe('0');
  });

  it('serves the copy compressed when asked, from the uncompressed render', async () => {
    const shop = await start();
    const plain = await shop.get('/');
    const response = await fetch(`http://127.0.0.1:${shop.port}/`, {
      headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER },
    });
    expect(response.headers.get(PAGE_CACHE_HEADER)).toBe('hit');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes gzip itself; the text is the page with this request's nonce.
    const text = await response.text();
    const nonce = /nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!;
    expect(text).toBe(plain.body.replaceAll(plain.nonce!, nonce));
    expect(shop.renders).toHaveLength(1);
  });

  it('renders every visit with a cookie, a login, a query string or a data request', async () => {
    const shop = await start();
    await shop.get('/p');
    for (const [path, headers] of [
      ['/p', { cookie: 'ralph-consent=1' }],
      ['/p', { authorization: 'Bearer x' }],
      ['/p?utm_source=news', {}],
      ['/p.data', {}],
    ] as const) {
      const answer = await shop.get(path, headers);
      expect(answer.state, path).toBeNull();
    }
    expect(shop.renders).toEqual(['/p', '/p', '/p', '/p?utm_source=news', '/p.data']);
    expect((await shop.get('/p')).state).toBe('hit');
  });

  it('keeps no page that is not a 200 HTML page for everyone', async () => {
    const shop = await start();
    for (const path of ['/missing', '/cookie', '/nostore', '/json', '/big', '/unrouted']) {
      await shop.get(path);
      const again = await shop.get(path);
      expect(again.state, path).not.toBe('hit');
    }
    expect(shop.renders).toHaveLength(12);
    expect(shop.cache.size()).toBe(0);
  });

  it('keeps one copy per market, locale, reader (bots get the page whole) and host', async () => {
    const shop = await start();
    await shop.get('/no/x');
    await shop.get('/x');
    await shop.get('/x', { 'user-agent': BOT });
    expect(shop.renders).toEqual(['/no/x', '/x', '/x']);
    const norway = await shop.get('/no/x');
    expect(norway.state).toBe('hit');
    expect(norway.response.headers.get('set-cookie')).toBe('ralph-locale=nb; Path=/');
    expect((await shop.get('/x', { 'user-agent': BOT })).body).toContain('render 3');
    expect((await shop.get('/x')).body).toContain('render 2');
    // Another host (as a proxy names it) gets a copy of its own.
    expect((await shop.get('/x', { 'x-forwarded-host': 'other.example' })).state).toBe('miss');
    expect(shop.renders).toHaveLength(4);
  });

  it('renders again after the time to live; meanwhile others get the older copy', async () => {
    const shop = await start();
    const first = shop.get('/slow');
    await shop.until(() => shop.renders.length === 1);
    shop.release();
    expect((await first).state).toBe('miss');
    shop.tick(9_999);
    expect((await shop.get('/slow')).state).toBe('hit');
    shop.tick(1);
    // Expired: this request renders; one arriving while it renders gets the older copy.
    const renewing = shop.get('/slow');
    await shop.until(() => shop.renders.length === 2);
    const meanwhile = await shop.get('/slow');
    expect(meanwhile.state).toBe('stale');
    expect(meanwhile.body).toContain('render 1');
    expect(meanwhile.response.headers.get('age')).toBe('10');
    shop.release();
    expect((await renewing).body).toContain('render 2');
    const after = await shop.get('/slow');
    expect(after.state).toBe('hit');
    expect(after.body).toContain('render 2');
  });

  it('drops every copy on invalidate, and keeps no page rendered across it', async () => {
    const shop = await start();
    await shop.get('/a');
    expect(shop.cache.size()).toBe(1);
    shop.cache.invalidate();
    expect(shop.cache.size()).toBe(0);
    expect((await shop.get('/a')).state).toBe('miss');
    const during = shop.get('/slow');
    await shop.until(() => shop.renders.length === 3);
    shop.cache.invalidate();
    shop.release();
    await during;
    const again = shop.get('/slow');
    await shop.until(() => shop.renders.length === 4);
    shop.release();
    expect((await again).state).toBe('miss');
  });

  it('serves no copy while bypass() holds (the database is unavailable)', async () => {
    let down = false;
    const shop = await start({ bypass: () => down });
    await shop.get('/a');
    down = true;
    expect((await shop.get('/a')).state).toBe('miss');
    down = false;
    expect((await shop.get('/a')).state).toBe('hit');
    expect(shop.renders).toHaveLength(2);
  });

  it('is off with a time to live of 0', async () => {
    const shop = await start({ ttlMs: 0 });
    await shop.get('/a');
    expect((await shop.get('/a')).state).toBeNull();
    expect(shop.renders).toHaveLength(2);
  });
});
