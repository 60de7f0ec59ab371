/**
 * `/robots.txt`, `/sitemap.xml` and the per-type sitemap files (issue 20), mounted by server.ts
 * before the routing layer (they are the same under every market prefix). Plain text and XML,
 * never HTML; a file that does not exist is a plain-text 404. The entries come from the
 * database through `@trampa/api/sitemap` (cached per catalogue version); each file is written
 * in pieces as it is rendered.
 */
import type { Database } from '@trampa/api/db';
import {
  MAX_URLS_PER_SITEMAP,
  SITEMAP_TYPES,
  sitemapIndex,
  sitemapSnapshot,
  type SitemapType,
} from '@trampa/api/sitemap';
import type { NextFunction, Request, Response, Router } from 'express';
import express from 'express';
import type { MarketDirectory } from '../market/markets';
import { alternatesFor, type Alternate } from '../routing/alternates';
import type { RoutingSettings } from '../routing/locale-routing';
import {
  parseSitemapFilePath,
  robotsTxt,
  sitemapIndexXml,
  urlsetXml,
  type SitemapFile,
  type SitemapSite,
} from './sitemap-xml';

/** What the routes need from the server. */
export interface SeoRoutesOptions {
  /** The shop's database; without it (scale-out mode) only robots.txt is served here. */
  db?: Database;
  /** PUBLIC_URL (read per request: it is known only once the server listens). */
  publicUrl: () => string;
  settings: Pick<RoutingSettings, 'marketInPath' | 'localePrefix' | 'defaultLocale'>;
  directory: { get(): Promise<MarketDirectory | null> };
}

/** Sitemaps change with the catalogue: caches may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * The sites (prefixes) and the alternates between them: every honest hreflang alternate
 * (routing/alternates.ts) but x-default is a site; without any, the one unprefixed site.
 */
export function sitesOf(
  settings: SeoRoutesOptions['settings'],
  directory: MarketDirectory | null,
): { sites: SitemapSite[]; alternates: Alternate[] } {
  const alternates = alternatesFor(settings, directory);
  const sites = alternates
    .filter((a) => a.hreflang !== 'x-default')
    .map((a) => ({ basename: a.basename }));
  if (sites.length === 0) return { sites: [{ basename: '' }], alternates: [] };
  // One language version alone needs no alternates.
  return { sites, alternates: sites.length > 1 ? alternates : [] };
}

/** The Express router of robots.txt and the sitemaps. */
export function seoRoutes(options: SeoRoutesOptions): Router {
  const router = express.Router();
  const db = options.db;
  const load = async (database: Database) => {
    const directory = await options.directory.get();
    return { ...sitesOf(options.settings, directory), snapshot: await sitemapSnapshot(database) };
  };

  router.get('/robots.txt', async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const { sites } = sitesOf(options.settings, await options.directory.get());
      const prefixes = [...new Set(['', ...sites.map((s) => s.basename)])];
      res.type('text/plain; charset=utf-8').set('Cache-Control', CACHE_CONTROL);
      res.send(robotsTxt(options.publicUrl(), prefixes));
    } catch (error) {
      next(error);
    }
  });

  if (!db) return router;

  router.get('/sitemap.xml', async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const { sites } = sitesOf(options.settings, await options.directory.get());
      const chunks = await sitemapIndex(db);
      const files: Array<SitemapFile & { lastmod: string }> = sites.flatMap((site) =>
        chunks.map((chunk) => ({ basename: site.basename, ...chunk })),
      );
      res.type('application/xml; charset=utf-8').set('Cache-Control', CACHE_CONTROL);
      res.send(sitemapIndexXml(options.publicUrl(), files));
    } catch (error) {
      next(error);
    }
  });

  router.get(
    /^\/sitemap-[a-z0-9-]+\.xml$/,
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const { sites, alternates, snapshot } = await load(db);
        const file = parseSitemapFilePath(req.path, SITEMAP_TYPES, sites);
        const entries = file ? snapshot.entries[file.type as SitemapType] : [];
        const start = file ? (file.chunk - 1) * MAX_URLS_PER_SITEMAP : 0;
        const chunk = entries.slice(start, start + MAX_URLS_PER_SITEMAP);
        if (!file || chunk.length === 0) {
          res.status(404).type('text/plain; charset=utf-8').send('Not found');
          return;
        }
        res.type('application/xml; charset=utf-8').set('Cache-Control', CACHE_CONTROL);
        for (const piece of urlsetXml(options.publicUrl(), file.basename, chunk, alternates)) {
          res.write(piece);
        }
        res.end();
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}
