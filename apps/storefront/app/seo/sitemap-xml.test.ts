/**
 * Sitemap XML and robots.txt (issue 20): the index and the per-type files validate against the
 * sitemaps.org schemas with xmllint (test fixtures; skipped without xmllint on a developer's
 * machine, failing in CI), alternates follow the honest hreflang, file names read back, and
 * robots.txt closes checkout, account, cart, search and API paths and names the sitemap.
 */
import { describe, expect, it } from 'vitest';
import { DIRECTORY } from '../market/market-fixture';
import { sitesOf } from './seo-routes.server';
import {
  parseSitemapFilePath,
  robotsTxt,
  sitemapFilePath,
  sitemapIndexXml,
  urlsetXml,
} from './sitemap-xml';
import { hasXmllint, inCi, SCHEMAS, validateXml } from './xmllint';

const PUBLIC_URL = 'https://trampa.example';
const TYPES = ['products', 'categories', 'brands', 'campaigns', 'pages'];
const entries = [
  { path: '/p/cyklar/elcyklar/crescent-elda', lastmod: '2026-11-20T08:00:00.000Z' },
  { path: '/p/tillbehor/lampa-&-ljus', lastmod: '2026-11-21T08:00:00.000Z' },
];
const settings = { marketInPath: true, localePrefix: 'no_prefix' as const, defaultLocale: 'sv' };

describe('xmllint in CI', () => {
  it.runIf(inCi)('is installed (.ci/run installs libxml2-utils)', () => {
    expect(hasXmllint).toBe(true);
  });
});

describe.skipIf(!hasXmllint && !inCi)('sitemap XML against the sitemaps.org schemas', () => {
  it('validates the index', () => {
    const xml = sitemapIndexXml(PUBLIC_URL, [
      { basename: '', type: 'products', chunk: 1, lastmod: entries[1]!.lastmod },
      { basename: '/fi/sv', type: 'brands', chunk: 2, lastmod: entries[0]!.lastmod },
    ]);
    expect(validateXml(xml, SCHEMAS.index)).toBe('');
    expect(xml).toContain('<loc>https://trampa.example/sitemap-fi-sv-brands-2.xml</loc>');
  });

  it("validates the content pages' file and reads its name back", () => {
    const pages = [
      { path: '/kopvillkor', lastmod: '2026-10-01T07:30:00.000Z' },
      { path: '/om-oss', lastmod: '2026-10-02T07:30:00.000Z' },
    ];
    const xml = [...urlsetXml(PUBLIC_URL, '', pages, [])].join('');
    expect(validateXml(xml, SCHEMAS.urlset)).toBe('');
    expect(xml).toContain(
      '<url><loc>https://trampa.example/kopvillkor</loc><lastmod>2026-10-01T07:30:00.000Z</lastmod></url>',
    );
    const path = sitemapFilePath({ basename: '', type: 'pages', chunk: 1 });
    expect(path).toBe('/sitemap-pages-1.xml');
    expect(parseSitemapFilePath(path, TYPES, [{ basename: '' }])).toEqual({
      basename: '',
      type: 'pages',
      chunk: 1,
    });
  });

  it('validates a urlset with xhtml:link alternates, and one without', () => {
    const { sites, alternates } = sitesOf(settings, DIRECTORY);
    const withAlternates = [...urlsetXml(PUBLIC_URL, sites[1]!.basename, entries, alternates)].join(
      '',
    );
    expect(validateXml(withAlternates, SCHEMAS.urlset)).toBe('');
    const plain = [...urlsetXml(PUBLIC_URL, '', entries, [])].join('');
    expect(validateXml(plain, SCHEMAS.urlset)).toBe('');
    // The schema is really checked: a lastmod that is no W3C date, or a link of another kind, fails.
    const badDate = plain.replace('<lastmod>2026-11-20T08:00:00.000Z', '<lastmod>igår');
    expect(validateXml(badDate, SCHEMAS.urlset)).not.toBe('');
    const badLink = withAlternates.replace('rel="alternate"', 'rel="canonical"');
    expect(validateXml(badLink, SCHEMAS.urlset)).not.toBe('');
  });
});

describe('urlsetXml', () => {
  it('prefixes every URL with its site and links the honest alternates', () => {
    const { sites, alternates } = sitesOf(settings, DIRECTORY);
    expect(sites.map((s) => s.basename)).toEqual(['/se/sv', '/no/nb', '/dk/da', '/fi/sv']);
    const xml = [...urlsetXml(PUBLIC_URL, '/fi/sv', entries, alternates)].join('');
    expect(xml).toContain(
      '<loc>https://trampa.example/fi/sv/p/cyklar/elcyklar/crescent-elda</loc>',
    );
    expect(xml).toContain('<loc>https://trampa.example/fi/sv/p/tillbehor/lampa-&amp;-ljus</loc>');
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="sv-FI" href="https://trampa.example/fi/sv/p/cyklar/elcyklar/crescent-elda"/>',
    );
    expect(xml).toContain('hreflang="x-default" href="https://trampa.example/se/sv/p/cyklar');
    expect(xml).not.toMatch(/hreflang="(fi-FI|nb-NO|da-DK)"/);
  });

  it('has one unprefixed site and no alternates without market-in-path', () => {
    expect(sitesOf({ ...settings, marketInPath: false }, DIRECTORY)).toEqual({
      sites: [{ basename: '' }],
      alternates: [],
    });
  });
});

describe('sitemap file paths', () => {
  it('read back to site, type and chunk; unknown ones are null', () => {
    const sites = [{ basename: '' }, { basename: '/fi/sv' }];
    for (const file of [
      { basename: '', type: 'products', chunk: 1 },
      { basename: '/fi/sv', type: 'campaigns', chunk: 3 },
    ]) {
      expect(parseSitemapFilePath(sitemapFilePath(file), TYPES, sites)).toEqual(file);
    }
    expect(parseSitemapFilePath('/sitemap-no-nb-products-1.xml', TYPES, sites)).toBeNull();
    expect(parseSitemapFilePath('/sitemap-recipes-1.xml', TYPES, sites)).toBeNull();
    expect(parseSitemapFilePath('/sitemap-products-0.xml', TYPES, sites)).toBeNull();
  });
});

describe('robotsTxt', () => {
  it('closes checkout, account, cart, search and API paths and names the sitemap index', () => {
    const text = robotsTxt(`${PUBLIC_URL}/`, ['', '/fi/sv']);
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of [
      '/kassan',
      '/account',
      '/mina-sidor/',
      '/varukorg',
      '/s/',
      '/graphql',
      '/auth/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).toContain(`Disallow: /fi/sv${path}`);
    }
    expect(lines).toContain('Sitemap: https://trampa.example/sitemap.xml');
    expect(lines).not.toContain('Disallow: /');
  });
});
