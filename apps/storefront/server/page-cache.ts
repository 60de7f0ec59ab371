/**
 * A short-lived copy of the pages first visits get (issue 23, PAGE_CACHE_SECONDS): a shopper who
 * arrives with no cookie at all sees what every other such shopper sees (no cart, no login, no
 * consent yet, the market and language the routing layer negotiated), so the server renders such
 * a page once per PAGE_CACHE_SECONDS instead of once per visit. This is what a CDN in front of
 * a shop does, kept inside the one process so the shop needs none.
 *
 * Rules, in one place:
 * - **Which requests.** GET of a page (not a `.data` request) without a query string, without a
 *   `Cookie` or `Authorization` header, that the routing layer decided to render
 *   (`res.locals.routedMarket`). Anything else is rendered as before.
 * - **Which responses are kept.** Status 200, `text/html`, no `Cache-Control` `no-store` or
 *   `private`, no `Set-Cookie` beyond the routing layer's (which it writes again on every
 *   request), the whole body written (not aborted), at most {@link MAX_PAGE_BYTES}, and no
 *   {@link PageCache.invalidate} while it was rendered.
 * - **Key.** The path with its market prefix, the negotiated market and locale, whether the
 *   client is a bot (bots get the page in one piece, shoppers streamed), and the host.
 * - **The CSP nonce.** A kept page holds the nonce of the request that rendered it; every copy
 *   served gets the nonce of its own request (`res.locals.cspNonce`, whose
 *   Content-Security-Policy header the security headers already wrote).
 * - **Freshness.** A copy is served for `ttlMs`. After that the next request renders the page
 *   again; requests that arrive while it renders get the older copy (`x-page-cache: stale`), so
 *   a popular page is never rendered by many requests at once.
 * - **Changes.** {@link PageCache.invalidate} drops every copy at once (the back office calls it
 *   after each mutation, server.ts); other processes and changes made elsewhere (stock after an
 *   order, a feed) show within `ttlMs`.
 * - **The database down** (issue 28): while `bypass()` holds, nothing is served from the copies,
 *   so first visits get the same 503 page as everybody else.
 *
 * Every answer says what happened in `x-page-cache`: `hit`, `stale`, `miss` (rendered and kept
 * when the rules allow), with `Age` in seconds on copies.
 */
import type { NextFunction, Request, Response } from 'express';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import type { RoutedMarket } from '../app/market/request-market.ts';

/** Largest page body kept, in bytes (UTF-8); larger pages are rendered on every visit. */
export const MAX_PAGE_BYTES = 1024 * 1024;
/**
 * Most bytes all kept pages of one process take (least recently used dropped first). They are
 * Buffers, outside the V8 heap that `--max-old-space-size` bounds.
 */
export const MAX_CACHE_BYTES = 16 * 1024 * 1024;
/** Most pages one process keeps (least recently used dropped first). */
export const MAX_CACHED_PAGES = 1_000;
/** Response header that says how the page was answered: `hit`, `stale` or `miss`. */
export const PAGE_CACHE_HEADER = 'x-page-cache';

/** Headers never copied from a rendered page into a kept one (per request or per encoding). */
const PER_RESPONSE_HEADERS = new Set([
  'set-cookie',
  'content-security-policy',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'x-request-id',
  'retry-after',
  'age',
  // BENCH_SQL_COUNT's statement count (apps/api/src/db/statement-count-header.ts).
  'x-sql-statements',
  PAGE_CACHE_HEADER,
]);

/** A kept page. */
interface CachedPage {
  /** The body (UTF-8) split at the rendering request's nonce: joined with the serving one's. */
  parts: Buffer[];
  /** Headers the page's render set (lower-case names). */
  headers: Record<string, string | string[]>;
  /** When it was rendered (ms since the epoch, from `now`). */
  renderedAt: number;
  /** Bytes of the body. */
  bytes: number;
}

/** Options of {@link pageCache}. */
export interface PageCacheOptions {
  /** How long a copy is served, in milliseconds (PAGE_CACHE_SECONDS × 1000); 0 turns it off. */
  ttlMs: number;
  /** While true, no copy is served (the database is unavailable, issue 28). */
  bypass?: () => boolean;
  /** The clock (tests). */
  now?: () => number;
}

/** The middleware, with what tests and the back office need. */
export type PageCache = ((req: Request, res: Response, next: NextFunction) => void) & {
  /** Drops every kept page, and any page being rendered now is not kept. */
  invalidate(): void;
  /** Pages kept now (tests). */
  size(): number;
};

/**
 * Creates the middleware; mount it after the routing layer and the security headers and before
 * the render queue (server.ts).
 */
export function pageCache(options: PageCacheOptions): PageCache {
  const { ttlMs } = options;
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, CachedPage>({
    max: MAX_CACHED_PAGES,
    maxSize: MAX_CACHE_BYTES,
    sizeCalculation: (page) => Math.max(1, page.bytes),
  });
  /** Keys being rendered now (a second request for one of them gets the older copy). */
  const rendering = new Set<string>();
  let generation = 0;

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const key = ttlMs > 0 ? cacheKey(req, res) : null;
    if (key === null) return next();
    const page = options.bypass?.() ? undefined : pages.get(key);
    if (page) {
      const age = now() - page.renderedAt;
      if (age < ttlMs || rendering.has(key)) {
        return serve(res, page, age < ttlMs ? 'hit' : 'stale', age);
      }
    }
    res.setHeader(PAGE_CACHE_HEADER, 'miss');
    // Its first render is still running: this one renders too, and is not kept.
    if (rendering.has(key)) return next();
    rendering.add(key);
    const started = generation;
    const before = headerSnapshot(res);
    capture(res, (body) => {
      if (generation !== started || !keepable(res, before, body.length)) return;
      const nonce = String(res.locals.cspNonce ?? '');
      if (!nonce) return;
      pages.set(key, {
        parts: splitAt(body, Buffer.from(nonce)),
        headers: renderedHeaders(res),
        renderedAt: now(),
        bytes: body.length,
      });
    });
    res.once('close', () => rendering.delete(key));
    next();
  };
  return Object.assign(middleware, {
    invalidate() {
      generation += 1;
      pages.clear();
    },
    size: () => pages.size,
  });
}

/** The key of a cacheable first visit, or null when the request must be rendered. */
function cacheKey(req: Request, res: Response): string | null {
  if (req.method !== 'GET') return null;
  if (req.headers.cookie || req.headers.authorization) return null;
  const url = req.originalUrl;
  if (url.includes('?') || url.endsWith('.data')) return null;
  const routed = res.locals.routedMarket as RoutedMarket | undefined;
  if (!routed) return null;
  const userAgent = req.headers['user-agent'];
  const reader = userAgent && isbot(userAgent) ? 'bot' : 'shopper';
  // The host as React Router builds the request URL from it (the pages use PUBLIC_URL, but a
  // page that ever printed the host must not be served to another host's visitors).
  const host = `${req.headers['x-forwarded-host'] ?? ''} ${req.headers.host ?? ''}`;
  return [routed.market.id, routed.locale, routed.basename, reader, host, url].join('\u0000');
}

/** Writes a kept page with this request's nonce. */
function serve(res: Response, page: CachedPage, state: 'hit' | 'stale', ageMs: number): void {
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader(PAGE_CACHE_HEADER, state);
  res.setHeader('Age', String(Math.floor(Math.max(0, ageMs) / 1000)));
  const nonce = Buffer.from(String(res.locals.cspNonce ?? ''));
  const body = page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonce, part]));
  res.status(200).end(Buffer.concat(body));
}

/** `body` cut at every occurrence of `separator` (which is not kept). */
function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at >= 0; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

/** The Set-Cookie values set so far (before the render: the routing layer's), as text. */
function headerSnapshot(res: Response): string {
  return JSON.stringify(res.getHeader('set-cookie') ?? null);
}

/** Whether a rendered response may be kept (see the module comment). */
function keepable(res: Response, setCookieBefore: string, bytes: number): boolean {
  if (res.statusCode !== 200 || bytes > MAX_PAGE_BYTES) return false;
  if (!String(res.getHeader('content-type') ?? '').startsWith('text/html')) return false;
  if (/no-store|private/i.test(String(res.getHeader('cache-control') ?? ''))) return false;
  return headerSnapshot(res) === setCookieBefore;
}

/** The headers a kept page is served with: those of its render but the per-response ones. */
function renderedHeaders(res: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  return headers;
}

/**
 * Copies what the handler writes to `res` (before compression) and calls `done` with the whole
 * body once the response has finished; not when the connection closed first or the body grew
 * past {@link MAX_PAGE_BYTES}.
 */
function capture(res: Response, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (bytes > MAX_PAGE_BYTES || chunk === undefined || chunk === null) return;
    if (typeof chunk === 'function') return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    bytes += buffer.length;
    if (bytes <= MAX_PAGE_BYTES) chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as typeof res.write;
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as typeof res.end;
  res.once('finish', () => {
    if (bytes <= MAX_PAGE_BYTES) done(Buffer.concat(chunks));
  });
}
