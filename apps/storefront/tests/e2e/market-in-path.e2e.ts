/**
 * Market-in-path on the real shop (issue 4; SPEC §2 "Path and locale rules"): a second shop with
 * MARKET_IN_PATH=true answers with redirects (status and Location) and renders every page under
 * `/{market}/{language}`, links and canonical and hreflang links included; in the browser,
 * client navigation stays under the prefix and a market change moves to the new market's path.
 */
import { startServer, type RunningServer } from '../../server.ts';
import { E2E_ENV } from './e2e-env.ts';
import { shopTemplate } from './shop-template.ts';
import { NO_BROWSER, browserAvailable, expect, test } from './fixtures.ts';
import { signedCookieHeader, signedCookieValue } from './signed-cookies.ts';

let shop: RunningServer;
// The journeys' environment (production mode with secrets of its own: the test workers inherit
// NODE_ENV=production from the runner, where global-setup.ts started the shared shop).
const env = { ...process.env, ...E2E_ENV, MARKET_IN_PATH: 'true' };

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startServer({ port: 0, env, pgliteLoadDataDir: shopTemplate() });
});

test.afterAll(async () => {
  await shop?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(shop.url + path, { redirect: 'manual', headers });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: response.status === 200 ? await response.text() : '',
  };
}

test.describe('market in path, request level', () => {
  test('adds the market and language to paths that lack them (302)', async () => {
    expect(await get('/')).toMatchObject({ status: 302, location: '/se/sv' });
    expect(await get('/c/cyklar?page=2')).toMatchObject({
      status: 302,
      location: '/se/sv/c/cyklar?page=2',
    });
    // The market chosen earlier, in its signed cookie (an unsigned value is ignored).
    const chosen = await signedCookieHeader('market', 'no', env);
    expect(await get('/c/cyklar', { cookie: chosen })).toMatchObject({
      status: 302,
      location: '/no/nb/c/cyklar',
    });
    expect(await get('/c/cyklar', { cookie: 'ralph-market=no' })).toMatchObject({
      status: 302,
      location: '/se/sv/c/cyklar',
    });
  });

  test('redirects an unknown market to the fallback and a disallowed language to the default', async () => {
    expect(await get('/xx/sv/c/cyklar')).toMatchObject({
      status: 302,
      location: '/se/sv/c/cyklar',
    });
    expect(await get('/no/sv/c/cyklar')).toMatchObject({
      status: 302,
      location: '/no/nb/c/cyklar',
    });
    expect(await get('/eu/en/c/cyklar')).toMatchObject({
      status: 302,
      location: '/se/sv/c/cyklar',
    });
  });

  test('renders the Norwegian market under /no/nb with prefixed links, canonical and hreflang', async () => {
    const page = await get('/no/nb/c/cyklar');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Norge, NOK');
    expect(page.html).toMatch(/href="\/no\/nb\/p\/cyklar\/[^"]+"/);
    expect(page.html).toMatch(/<link rel="canonical" href="http[^"]+\/no\/nb\/c\/cyklar"/);
    // Only Swedish is loaded (SPEC §1; issue 20): the pages are Swedish text in every market,
    // so the Finnish version is sv-FI at /fi/sv, never fi-FI, and `lang` stays sv.
    expect(page.html).toMatch(
      /<link rel="alternate" hrefLang="sv-FI" href="[^"]+\/fi\/sv\/c\/cyklar"/i,
    );
    expect(page.html).not.toMatch(/hrefLang="(fi-FI|nb-NO|da-DK)"/i);
    expect(page.html).toMatch(/<html lang="sv"/);
    expect(page.html).toMatch(/<meta property="og:locale" content="sv_NO"/);
    expect(page.html).toMatch(
      /<link rel="alternate" hrefLang="x-default" href="[^"]+\/se\/sv\/c\/cyklar"/i,
    );
  });

  test("lists each market's pages in its own sitemaps, with the honest alternates", async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.html).toContain('/sitemap-no-nb-products-1.xml</loc>');
    expect(index.html).toContain('/sitemap-fi-sv-categories-1.xml</loc>');
    expect(index.html).not.toContain('/sitemap-fi-fi-');
    const norway = await get('/sitemap-no-nb-categories-1.xml');
    expect(norway.status).toBe(200);
    expect(norway.html).toMatch(/<loc>http[^<]+\/no\/nb\/c\/cyklar<\/loc>/);
    expect(norway.html).toMatch(/hreflang="sv-FI" href="http[^"]+\/fi\/sv\/c\/cyklar"/);
  });

  test('keeps the prefix in canonical redirects and 404 pages', async () => {
    const list = await get('/no/nb/c/cyklar');
    const productPath = /href="(\/no\/nb\/p\/[^"]+)"/.exec(list.html)![1]!;
    const alias = productPath.split('/').at(-1)!;
    expect(await get(`/no/nb/p/${alias}`)).toMatchObject({ status: 301, location: productPath });
    expect((await get('/no/nb/finns-inte')).status).toBe(404);
  });
});

test.describe('market in path, forms without JavaScript', () => {
  const post = (path: string, body: Record<string, string>) =>
    fetch(shop.url + path, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(body),
    });

  test('returns to the same prefixed page after a customer-type change', async () => {
    const response = await post('/no/nb/kundtyp', {
      customerType: 'ORGANIZATION',
      returnTo: '/c/cyklar',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/no/nb/c/cyklar');
    const cookies = response.headers.getSetCookie();
    expect(await signedCookieValue(cookies, 'userType', env)).toBe('ORGANIZATION');
  });

  test('switches the language of a market to its path and remembers it (locale switching)', async () => {
    const response = await post('/fi/fi/marknad', {
      intent: 'locale',
      locale: 'sv',
      returnTo: '/c/cyklar',
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/fi/sv/c/cyklar');
    expect(await signedCookieValue(response.headers.getSetCookie(), 'locale', env)).toBe('sv');
    const same = await post('/fi/sv/marknad', { intent: 'locale', locale: 'sv', returnTo: '/' });
    expect(same.headers.get('location')).toBe('/fi/sv');
    expect(same.headers.get('set-cookie') ?? '').not.toContain('ralph-locale');
    const notAllowed = await post('/fi/sv/marknad', {
      intent: 'locale',
      locale: 'da',
      returnTo: '/',
    });
    expect(notAllowed.headers.get('set-cookie') ?? '').not.toContain('ralph-locale');
  });

  test('moves to the new market path after a market change', async () => {
    const response = await post('/no/nb/marknad', { market: 'dk', returnTo: '/c/cyklar' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!).pathname).toBe('/dk/da/c/cyklar');
    expect(await signedCookieValue(response.headers.getSetCookie(), 'market', env)).toBe('dk');
  });
});

test.describe('market in path, in the browser', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('navigates under the prefix and moves to the new market path after a market change', async ({
    page,
  }) => {
    await page.goto(`${shop.url}/no/nb/c/cyklar`);
    await page.locator('.product-card a').first().click();
    await page.waitForURL(/\/no\/nb\/p\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const path = new URL(page.url()).pathname.slice('/no/nb'.length);

    await page.getByRole('link', { name: /^Land och valuta:/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Välj land och valuta' });
    await dialog.getByRole('radio', { name: /Danmark/ }).check();
    await dialog.getByRole('button', { name: 'Spara' }).click();
    await page.waitForURL((url) => url.pathname === `/dk/da${path}`);
    await expect(page.getByRole('link', { name: /^Land och valuta:/ })).toHaveText('Danmark, DKK');
    expect(await page.locator('.product .price__selling').first().textContent()).toMatch(
      /\u00a0kr\.$/,
    );
  });
});
