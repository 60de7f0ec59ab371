/**
 * Search engines and sharing on the running shop (issue 20), against the built storefront in
 * production mode on the seeded catalogue: robots.txt and the sitemaps answer as text and XML
 * (valid against the sitemaps.org schemas when xmllint is here), each product page is listed
 * once; the product, list and start pages carry JSON-LD with Google's required properties, Open
 * Graph and Twitter tags; page 2 of a list has its own title and canonical; the checkout stays
 * noindex with a description; `lang` is the text's language. The seller's settings (issue 40 §2)
 * show in the Organization, the footer's customer service and the terms.
 * Builds the storefront first when the build is stale (~1 min).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from '../../tests/e2e/e2e-env.ts';
import { shopTemplate } from '../../tests/e2e/shop-template.ts';
import type { RunningServer } from '../../server.ts';
import {
  breadcrumbProblems,
  jsonLdOf,
  productProblems,
  searchActionProblems,
} from './json-ld-checks';
import { hasXmllint, SCHEMAS, validateXml } from './xmllint';

const PUBLIC_URL = 'https://shop.example';

/** The seller's settings (issue 40 §2): the one source the pages and the JSON-LD print. */
const SELLER_ENV = {
  SHOP_LEGAL_NAME: 'Cykelbolaget i Umeå AB',
  SHOP_ORGANISATION_NUMBER: '556016-0680',
  SHOP_ADDRESS: 'Rådhusesplanaden 2, 903 26 Umeå',
  SHOP_EMAIL: 'hej@cykelbolaget.example',
  SHOP_PHONE: '090-12 34 56',
};

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
    env: { ...process.env, ...E2E_ENV, ...SELLER_ENV, PUBLIC_URL },
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  process.env.NODE_ENV = previousNodeEnv;
});

/** GET a path of the shop (redirects not followed). */
function get(path: string): Promise<Response> {
  return fetch(`${server.url}${path}`, { redirect: 'manual' });
}

/** The `<loc>` values of a sitemap or index. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** The content of `<meta property|name="key" content="…">` in a page. */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1]!.replace(/&amp;/g, '&') : null;
}

/** The canonical link of a page. */
function canonical(html: string): string | null {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
}

/** The shop's sitemap files by type, fetched once. */
let files: Map<string, string> | undefined;
async function sitemapFiles(): Promise<Map<string, string>> {
  if (files) return files;
  const index = await (await get('/sitemap.xml')).text();
  files = new Map();
  for (const loc of locs(index)) {
    const path = new URL(loc).pathname;
    files.set(path, await (await get(path)).text());
  }
  return files;
}

describe('robots.txt and sitemaps', () => {
  it('robots.txt is text that closes private paths and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('Disallow: /kassan');
    expect(text).toContain('Disallow: /graphql');
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('the index and every file are XML of the sitemaps.org schemas', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const index = await response.text();
    const paths = locs(index).map((loc) => new URL(loc).pathname);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/sitemap-products-1.xml',
        '/sitemap-categories-1.xml',
        '/sitemap-brands-1.xml',
        '/sitemap-pages-1.xml',
      ]),
    );
    if (hasXmllint) expect(validateXml(index, SCHEMAS.index)).toBe('');
    for (const [path, xml] of await sitemapFiles()) {
      expect(xml, path).toMatch(/^<\?xml/);
      if (hasXmllint) expect(validateXml(xml, SCHEMAS.urlset), path).toBe('');
    }
    const missing = await get('/sitemap-products-99.xml');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it("lists each product's canonical URL exactly once", async () => {
    const products = locs((await sitemapFiles()).get('/sitemap-products-1.xml')!);
    expect(products.length).toBeGreaterThan(10);
    expect(new Set(products).size).toBe(products.length);
    for (const loc of products.slice(0, 3)) {
      const html = await (await get(new URL(loc).pathname)).text();
      expect(canonical(html)).toBe(loc);
    }
  });
});

describe('page heads', () => {
  it('product page: one Product and a BreadcrumbList, Open Graph with image and price', async () => {
    const loc = locs((await sitemapFiles()).get('/sitemap-products-1.xml')!)[0]!;
    const response = await get(new URL(loc).pathname);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="sv"/);
    const data = jsonLdOf(html);
    const products = data.filter((d) => d['@type'] === 'Product');
    expect(products).toHaveLength(1);
    expect(productProblems(products[0]!)).toEqual([]);
    expect(products[0]!.url).toBe(loc);
    // Shipping per the seeded rules: the service point's 49 kr below 499 kr, free from there.
    const offers = products[0]!.offers as Record<string, unknown> & {
      offers?: Array<Record<string, unknown>>;
    };
    const offer = offers.offers?.[0] ?? offers;
    const price = Number(offer.price);
    expect(offer.shippingDetails).toMatchObject({
      shippingRate: { value: price >= 499 ? 0 : 49, currency: 'SEK' },
    });
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList')!;
    expect(breadcrumbProblems(crumbs)).toEqual([]);
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:url')).toBe(loc);
    expect(metaContent(html, 'og:image')).toMatch(/^https:\/\/shop\.example\/img\/product\//);
    expect(metaContent(html, 'product:price:amount')).toMatch(/^\d+\.\d{2}$/);
    expect(metaContent(html, 'product:price:currency')).toBe('SEK');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'description')).toBeTruthy();
  });

  it('list page 2: own title and description, self-canonical, BreadcrumbList, Open Graph', async () => {
    const categories = locs((await sitemapFiles()).get('/sitemap-categories-1.xml')!);
    const roots = categories.filter((loc) => new URL(loc).pathname.split('/').length === 3);
    let checked = false;
    for (const loc of roots) {
      const html = await (await get(`${new URL(loc).pathname}?page=2`)).text();
      if (!/– sida 2/.test(html)) continue;
      expect(html).toMatch(/<title>[^<]* – sida 2 \| /);
      expect(metaContent(html, 'description')).toMatch(/– sida 2$/);
      expect(canonical(html)).toBe(`${loc}?page=2`);
      const crumbs = jsonLdOf(html).find((d) => d['@type'] === 'BreadcrumbList')!;
      expect(breadcrumbProblems(crumbs)).toEqual([]);
      expect(metaContent(html, 'og:url')).toBe(`${loc}?page=2`);
      expect(metaContent(html, 'og:image')).toBeTruthy();
      checked = true;
      break;
    }
    expect(checked).toBe(true);
  });

  it('start page: Organization and WebSite with a SearchAction, Open Graph', async () => {
    const html = await (await get('/')).text();
    const data = jsonLdOf(html);
    const site = data.find((d) => d['@type'] === 'WebSite')!;
    expect(searchActionProblems(site)).toEqual([]);
    expect(data.find((d) => d['@type'] === 'Organization')).toMatchObject({
      name: expect.any(String),
      logo: `${PUBLIC_URL}/logo-512.png`,
      // The seller of the settings (issue 40 §2).
      legalName: 'Cykelbolaget i Umeå AB',
      taxID: '556016-0680',
      vatID: 'SE556016068001',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rådhusesplanaden 2',
        postalCode: '903 26',
        addressLocality: 'Umeå',
        addressCountry: 'SE',
      },
      telephone: '+4690123456',
      email: 'hej@cykelbolaget.example',
      contactPoint: { telephone: '+4690123456', email: 'hej@cykelbolaget.example' },
    });
    // The footer's customer service is the same seller.
    expect(html).toContain('<a href="tel:+4690123456">090-12 34 56</a>');
    expect(html).toContain(
      '<a href="mailto:hej@cykelbolaget.example">hej@cykelbolaget.example</a>',
    );
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaContent(html, 'og:locale')).toBe('sv_SE');
    // The start page has no product image: the shop's default card, served as a PNG.
    expect(metaContent(html, 'og:image')).toBe(`${PUBLIC_URL}/og-default.png`);
    for (const path of ['/og-default.png', '/logo-512.png']) {
      const image = await get(path);
      expect(image.status, path).toBe(200);
      expect(image.headers.get('content-type'), path).toBe('image/png');
    }
  });

  it('the terms name the seller of the settings, not another company (issue 40 §2)', async () => {
    const html = await (await get('/kopvillkor')).text();
    expect(html).toContain(
      'handlar av Cykelbolaget i Umeå AB (org.nr 556016-0680, momsreg.nr SE556016068001), Rådhusesplanaden 2, 903 26 Umeå',
    );
    for (const other of ['Trampa Cykel AB', '559123-4567', 'Trampa AB', '556677-8899', '{{']) {
      expect(html).not.toContain(other);
    }
  });

  it('content pages: listed once in sitemap-pages, with their meta description, canonical and sharing tags', async () => {
    const pages = locs((await sitemapFiles()).get('/sitemap-pages-1.xml')!);
    const paths = pages.map((loc) => new URL(loc).pathname);
    expect(paths).toEqual(expect.arrayContaining(['/kopvillkor', '/om-oss', '/butiker']));
    expect(new Set(paths).size).toBe(paths.length);
    for (const loc of pages) {
      const response = await get(new URL(loc).pathname);
      expect(response.status, loc).toBe(200);
      const html = await response.text();
      expect(canonical(html), loc).toBe(loc);
      const description = metaContent(html, 'description');
      expect(description, loc).toBeTruthy();
      expect(metaContent(html, 'og:description'), loc).toBe(description);
      expect(metaContent(html, 'twitter:description'), loc).toBe(description);
      expect(metaContent(html, 'og:url'), loc).toBe(loc);
      expect(metaContent(html, 'og:type'), loc).toBe('website');
      expect(metaContent(html, 'og:title'), loc).toMatch(/ \| /);
      expect(metaContent(html, 'og:image'), loc).toBe(`${PUBLIC_URL}/og-default.png`);
      expect(metaContent(html, 'twitter:card'), loc).toBe('summary_large_image');
    }
    // The page's own meta fields (seeded "Om oss"), also under /content/{alias}, whose
    // canonical is /{alias}.
    const about = await (await get('/content/om-oss')).text();
    expect(canonical(about)).toBe(`${PUBLIC_URL}/om-oss`);
    expect(about).toMatch(/<title>Om oss \| [^<]+<\/title>/);
    expect(metaContent(about, 'description')).toMatch(/^Trampa är en cykelbutik/);
  });

  it('stores page: one Store per seeded store with address and opening hours', async () => {
    const response = await get('/butiker');
    expect(response.status).toBe(200);
    const html = await response.text();
    const stores = jsonLdOf(html).filter((d) => d['@type'] === 'Store');
    expect(stores.map((s) => (s.address as { addressLocality: string }).addressLocality)).toEqual([
      'Stockholm',
      'Göteborg',
      'Malmö',
    ]);
    for (const store of stores) {
      expect(store.address).toMatchObject({
        streetAddress: expect.any(String),
        postalCode: expect.any(String),
      });
      expect((store.openingHoursSpecification as unknown[]).length).toBeGreaterThan(0);
    }
    // The content page "butiker" (its canonical path is this route) shows here: its meta
    // fields, its heading and introduction above the store list, which it no longer repeats.
    expect(html).toMatch(/<title>Butiker \| [^<]+<\/title>/);
    expect(metaContent(html, 'description')).toMatch(/^Trampas butiker med verkstad/);
    const intro = html.indexOf('I våra butiker kan du provcykla');
    const firstStore = html.indexOf('<li class="stores__store">');
    expect(intro).toBeGreaterThan(0);
    expect(firstStore).toBeGreaterThan(intro);
    expect(html.match(/<h1[^>]*>Butiker<\/h1>/g)).toHaveLength(1);
    const visible = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(visible.split('Hornsgatan 64').length - 1).toBe(1);
  });

  it('checkout: noindex, with a description, and no sharing tags', async () => {
    const html = await (await get('/kassan')).text();
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(metaContent(html, 'description')).toBeTruthy();
    expect(metaContent(html, 'og:url')).toBeNull();
  });
});
