/**
 * Sitemap XML (issue 20; sitemaps.org 0.9): the index `/sitemap.xml` naming one file per site
 * (market/language prefix), type and chunk of at most 50 000 URLs, and each file's `<urlset>`
 * with `xhtml:link` alternates to the same page under the other prefixes (the honest hreflang
 * of routing/alternates.ts). Pure: the entries come from `@trampa/api/sitemap`.
 */
import type { Alternate } from '../routing/alternates';

/** One site of the shop: the path prefix ('' or `/fi/sv`) its URLs carry. */
export interface SitemapSite {
  basename: string;
}

/** One sitemap file: the site, the type of page and the chunk number (1-based). */
export interface SitemapFile {
  basename: string;
  type: string;
  chunk: number;
}

/** An entry as the API gives it: canonical path without prefix, lastmod ISO 8601. */
export interface Entry {
  path: string;
  lastmod: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** Text for XML content and attributes. */
export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `/fi/sv` -> `fi-sv` (the file name part of a site); '' for the unprefixed site. */
function siteKey(basename: string): string {
  return basename.replace(/^\//, '').replace(/\//g, '-');
}

/** The path of one sitemap file: `/sitemap-products-1.xml`, `/sitemap-fi-sv-products-1.xml`. */
export function sitemapFilePath(file: SitemapFile): string {
  const key = siteKey(file.basename);
  return `/sitemap-${key ? `${key}-` : ''}${file.type}-${file.chunk}.xml`;
}

/**
 * Reads a sitemap file path back ({@link sitemapFilePath}); null when it is not one of
 * `types` or names no site of `sites`.
 */
export function parseSitemapFilePath(
  path: string,
  types: readonly string[],
  sites: readonly SitemapSite[],
): SitemapFile | null {
  const match = /^\/sitemap-(?:([a-z0-9-]+?)-)?([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(path);
  if (!match || !types.includes(match[2]!)) return null;
  const site = sites.find((s) => siteKey(s.basename) === (match[1] ?? ''));
  if (!site) return null;
  return { basename: site.basename, type: match[2]!, chunk: Number(match[3]) };
}

/** The absolute URL of `path` under `basename` ('/' stays the prefix itself). */
function absolute(publicUrl: string, basename: string, path: string): string {
  const base = publicUrl.replace(/\/$/, '');
  if (!basename) return base + path;
  return base + basename + (path === '/' ? '' : path);
}

/** The sitemap index: one `<sitemap>` per file, lastmod the newest of its entries. */
export function sitemapIndexXml(
  publicUrl: string,
  files: ReadonlyArray<SitemapFile & { lastmod: string }>,
): string {
  const items = files.map(
    (file) =>
      `<sitemap><loc>${xmlEscape(absolute(publicUrl, '', sitemapFilePath(file)))}</loc>` +
      `<lastmod>${file.lastmod}</lastmod></sitemap>`,
  );
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    items.join('\n') +
    '\n</sitemapindex>\n'
  );
}

/**
 * One sitemap file's `<urlset>` in pieces (to write one after another without building one
 * string of many megabytes): each entry's absolute URL under `basename`, its lastmod and one
 * `xhtml:link` per alternate (none when `alternates` is empty).
 */
export function* urlsetXml(
  publicUrl: string,
  basename: string,
  entries: readonly Entry[],
  alternates: readonly Alternate[],
): Generator<string> {
  yield (
    XML_HEAD +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
    (alternates.length > 0 ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '') +
    '>\n'
  );
  const batch: string[] = [];
  for (const entry of entries) {
    let item = `<url><loc>${xmlEscape(absolute(publicUrl, basename, entry.path))}</loc><lastmod>${entry.lastmod}</lastmod>`;
    for (const alternate of alternates) {
      item += `<xhtml:link rel="alternate" hreflang="${xmlEscape(alternate.hreflang)}" href="${xmlEscape(absolute(publicUrl, alternate.basename, entry.path))}"/>`;
    }
    batch.push(`${item}</url>\n`);
    if (batch.length === 1000) yield batch.splice(0).join('');
  }
  if (batch.length > 0) yield batch.join('');
  yield '</urlset>\n';
}

/** robots.txt (issue 20): crawl everything but checkout, account, cart, search and API paths. */
export function robotsTxt(publicUrl: string, prefixes: readonly string[] = ['']): string {
  const closed = [
    '/kassan',
    '/checkout/',
    '/account',
    '/mina-sidor/',
    '/varukorg',
    '/s/',
    '/s?',
    '/sok/',
    '/graphql',
    '/auth/',
    '/payments/',
  ];
  const lines = ['User-agent: *'];
  for (const prefix of prefixes) {
    for (const path of closed) lines.push(`Disallow: ${prefix}${path}`);
  }
  lines.push('', `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`, '');
  return lines.join('\n');
}
