/**
 * The shop server's HTTP hardening (issue 13 §15, §16, §17, §21), each with the request of the
 * finding, and its compression (issue 23), against the built storefront in production mode (the journeys' environment) on an
 * https PUBLIC_URL. Builds the storefront first when the build is stale (~1 min).
 */
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from '../../tests/e2e/e2e-env.ts';
import { shopTemplate } from '../../tests/e2e/shop-template.ts';
import { signedCookieValue } from '../../tests/e2e/signed-cookies.ts';
import type { RunningServer } from '../../server.ts';

const PUBLIC_URL = 'https://shop.example';
const EVIL = 'https://evil.example';

let server: RunningServer;
let previousNodeEnv: string | undefined;

beforeAll(async () => {
  buildIfStale();
  previousNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const { startServer } = await import('../../server.ts');
  server = await startServer({
    port: 0,
    pgliteLoadDataDir: shopTemplate(),
    env: { ...process.env, ...E2E_ENV, PUBLIC_URL },
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  process.env.NODE_ENV = previousNodeEnv;
});

/** A request to the shop; redirects are not followed. */
function send(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
}

/**
 * A form post as a browser sends it. Pages' actions send `Origin: server.url`: React Router
 * checks it against the address the request reached (http://localhost:port here).
 */
function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** `name=value` pairs of a response's Set-Cookie headers, for the next request's Cookie. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .join('; ');
}

describe('cross-site requests (§15)', () => {
  const session = 'ralph-auth=x; ralph-refresh=y';

  it('refuses a cross-site logout and customer type, by Origin or Referer', async () => {
    const attacks: Array<Record<string, string>> = [
      { origin: EVIL },
      { referer: `${EVIL}/attack.html` },
      { origin: 'null' },
    ];
    for (const headers of attacks) {
      const logout = await postForm('/account/logout', {}, { ...headers, cookie: session });
      expect(logout.status, JSON.stringify(headers)).toBe(403);
      expect(logout.headers.getSetCookie()).toEqual([]);
      const type = await postForm(
        '/kundtyp',
        { customerType: 'ORGANIZATION', returnTo: '/' },
        headers,
      );
      expect(type.status).toBe(403);
      expect(type.headers.getSetCookie()).toEqual([]);
    }
  });

  it("lets the shop's own forms through, and requests without Origin or Referer", async () => {
    const own: Array<Record<string, string>> = [
      { origin: PUBLIC_URL },
      { origin: server.url },
      { referer: `${PUBLIC_URL}/` },
      {},
    ];
    for (const headers of own) {
      const type = await postForm(
        '/kundtyp',
        { customerType: 'ORGANIZATION', returnTo: '/' },
        headers,
      );
      expect(type.status, JSON.stringify(headers)).toBe(302);
      expect(await signedCookieValue(type.headers.getSetCookie(), 'userType')).toBe('ORGANIZATION');
    }
  });

  it('answers /graphql from any origin (X-ApiKey, no cookies) but lets only CORS_ORIGINS read it; the signed notify endpoint', async () => {
    const graphql = await send('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY, origin: EVIL },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(graphql.status).toBe(200);
    // Issue 25: CORS for the shop's own origin and CORS_ORIGINS only (apps/api/src/cors.ts).
    expect(graphql.headers.get('access-control-allow-origin')).toBeNull();
    const notify = await send('/payments/notify/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: EVIL },
      body: '{}',
    });
    expect(notify.status).not.toBe(403);
  });
});

describe('login redirect (§16)', () => {
  const email = `redirect-${Date.now()}@example.se`;
  const password = 'Hemligt-lösen-123';

  beforeAll(async () => {
    const registered = await postForm(
      '/account',
      {
        intent: 'register',
        customerType: 'PERSON',
        firstName: 'Test',
        lastName: 'Testsson',
        confirm: password,
        email,
        password,
      },
      { origin: server.url },
    );
    expect(registered.status).toBeLessThan(400);
  });

  const login = (redirectTo: string) =>
    postForm('/account', { intent: 'login', email, password, redirectTo }, { origin: server.url });

  it('sends "/\\n/x" and "/\\t/evil.example" to /account, not to 500 or another site', async () => {
    for (const redirectTo of ['/\n/x', '/\t/evil.example', '//evil.example', '/\\evil.example']) {
      const response = await login(redirectTo);
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get('location')).toBe('/account');
    }
  });

  it('keeps a same-origin path', async () => {
    const response = await login('/mina-sidor/ordrar?sida=2');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/mina-sidor/ordrar?sida=2');
  });
});

describe('https (§17)', () => {
  it('sends HSTS in production on an https PUBLIC_URL, and helmet’s headers with our CSP', async () => {
    const page = await send('/');
    expect(page.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
  });

  it("keeps the employer's leasing link out of caches and referrers (issue 41 §8)", async () => {
    const page = await send('/formanscykel/arbetsgivare?token=hemlig-lank-123');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // Other pages keep the shop's policy.
    const start = await send('/formanscykel');
    expect(start.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it("lets the payment sandbox's pages be framed by the shop and CORS_ORIGINS only (issue 25)", async () => {
    const sandbox = await send('/payments/sandbox/00000000-0000-4000-8000-000000000000');
    expect(sandbox.headers.get('content-type')).toMatch(/text\/html/);
    // The sandbox's own policy replaces the shop's DENY: frame-ancestors names who may frame.
    expect(sandbox.headers.get('x-frame-options')).toBeNull();
    const csp = sandbox.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`frame-ancestors 'self' ${PUBLIC_URL}(;|$)`));
    expect(csp).not.toContain(EVIL);
    expect(csp).not.toMatch(/script-src/);
  });

  it('sets ralph-cart and ralph-favorites with Secure', async () => {
    const query = await send('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': E2E_ENV.API_KEY },
      body: JSON.stringify({
        query:
          '{ products(take: 5) { products { productId skus { skuId stock { totalStock } } } } }',
      }),
    });
    type Product = {
      productId: number;
      skus: Array<{ skuId: number; stock: { totalStock: number } }>;
    };
    const { data } = (await query.json()) as { data: { products: { products: Product[] } } };
    const product = data.products.products.find((p) => p.skus.some((s) => s.stock.totalStock > 0))!;
    const sku = product.skus.find((s) => s.stock.totalStock > 0)!;

    const favorite = await postForm(
      '/favoriter',
      { productId: String(product.productId), intent: 'add', returnTo: '/favoriter' },
      { origin: server.url },
    );
    const favoriteCookie = favorite.headers
      .getSetCookie()
      .find((c) => c.startsWith('ralph-favorites='));
    expect(favoriteCookie).toMatch(/; Secure/);

    const cart = await postForm(
      '/varukorg',
      { intent: 'add', skuId: String(sku.skuId), quantity: '1', returnTo: '/varukorg' },
      { origin: server.url },
    );
    const cartCookie = cart.headers.getSetCookie().find((c) => c.startsWith('ralph-cart='));
    expect(cartCookie).toMatch(/; Secure/);
    expect(cookieHeader(cart)).toMatch(/ralph-cart=/);
  });
});

describe('NUL and broken encoding in URLs (§21)', () => {
  it('answers 400, not 500, to /p/a%00b, /b/%2500 and a lone surrogate', async () => {
    for (const path of ['/p/a%00b', '/b/%2500', '/s/%ED%A0%80', '/c/cyklar?sort=%00', '/p/a%0ab']) {
      const response = await send(path);
      expect(response.status, path).toBe(400);
    }
  });

  it('still serves ordinary encoded paths', async () => {
    const response = await send('/s/cykel%20hj%C3%A4lm');
    expect(response.status).toBe(200);
  });
});

describe('compression and the first visits’ page copies (issue 23)', () => {
  /** The raw bytes of a GET with `accept-encoding` (fetch would decode them). */
  function raw(path: string, encoding: string) {
    return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = httpGet(
        `${server.url}${path}`,
        { headers: { 'accept-encoding': encoding, 'user-agent': 'Mozilla/5.0 Chrome/130.0' } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      request.on('error', reject);
    });
  }

  it('compresses pages with brotli in a 256 KiB window, first visits’ copies too', async () => {
    for (let visit = 0; visit < 2; visit++) {
      const { headers, body } = await raw('/c/cyklar', 'gzip, deflate, br');
      expect(headers['content-encoding']).toBe('br');
      expect(['miss', 'hit']).toContain(headers['x-page-cache']);
      // RFC 7932 §9.1: the stream's first bits give the window. 1, then n = 1: 2^(17 + n).
      const first = body[0]!;
      expect(first & 1).toBe(1);
      expect(17 + ((first >> 1) & 7)).toBe(18);
      const html = brotliDecompressSync(body).toString('utf8');
      const nonce = /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))![1]!;
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
    }
  });
});
