/**
 * The sitemap entries (apps/api/src/modules/catalog/sitemap.service.ts; issue 20): every active
 * product's canonical path exactly once (an inactive one never), the visible categories, the
 * brands, the running campaigns and the content pages an anonymous visitor sees everywhere;
 * kept while the catalogue version and the content pages stand, read again after any change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { loadCategoryTree, productCanonicalUrl } from '../src/modules/catalog/catalog.service.ts';
import { sitemapIndex, sitemapSnapshot } from '../src/modules/catalog/sitemap.service.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('sitemap entries on %s', (kind) => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 60 });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("lists every active product's canonical path exactly once, and no inactive one", async () => {
    const [first] = await handle.db
      .select({ id: schema.products.id })
      .from(schema.products)
      .orderBy(schema.products.id)
      .limit(1);
    await handle.db
      .update(schema.products)
      .set({ active: false })
      .where(eq(schema.products.id, first!.id));
    const tree = await loadCategoryTree(handle.db);
    const active = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.active, true));
    const expected = active.map((p) => productCanonicalUrl(tree, p)).sort();
    const snapshot = await sitemapSnapshot(handle.db);
    const paths = snapshot.entries.products.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(expected);
    const inactive = (await handle.db.select().from(schema.products)).find((p) => !p.active)!;
    expect(paths).not.toContain(productCanonicalUrl(tree, inactive));
    for (const entry of snapshot.entries.products) {
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
  });

  it('lists categories, brands and running campaigns by their list paths', async () => {
    const snapshot = await sitemapSnapshot(handle.db);
    const brandCount = (await handle.db.select().from(schema.brands)).length;
    expect(snapshot.entries.brands).toHaveLength(brandCount);
    expect(snapshot.entries.brands.every((e) => e.path.startsWith('/b/'))).toBe(true);
    expect(snapshot.entries.categories.length).toBeGreaterThan(0);
    expect(snapshot.entries.categories.every((e) => e.path.startsWith('/c/'))).toBe(true);
    const now = new Date();
    const running = (await handle.db.select().from(schema.priceCampaigns)).filter(
      (c) => c.startsAt <= now && (c.endsAt === null || c.endsAt > now),
    );
    expect(snapshot.entries.campaigns.map((e) => e.path).sort()).toEqual(
      running.map((c) => `/dc/${encodeURIComponent(c.alias)}`).sort(),
    );
  });

  it('is kept for the same catalogue version and read again after a catalogue write', async () => {
    const before = await sitemapSnapshot(handle.db);
    expect(await sitemapSnapshot(handle.db)).toBe(before);
    const [product] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.active, true))
      .limit(1);
    await handle.db
      .update(schema.products)
      .set({ active: false })
      .where(eq(schema.products.id, product!.id));
    const after = await sitemapSnapshot(handle.db);
    expect(after).not.toBe(before);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.entries.products).toHaveLength(before.entries.products.length - 1);
  });

  it('indexes the same files before the snapshot is read (aggregate) as after', async () => {
    const [product] = await handle.db
      .select()
      .from(schema.products)
      .where(eq(schema.products.active, true))
      .limit(1);
    await handle.db
      .update(schema.products)
      .set({ salesCount: product!.salesCount + 1 })
      .where(eq(schema.products.id, product!.id));
    const before = await sitemapIndex(handle.db);
    await sitemapSnapshot(handle.db);
    const after = await sitemapIndex(handle.db);
    const shape = (chunks: typeof before) =>
      chunks.map((c) => (c.type === 'products' ? c : { type: c.type, chunk: c.chunk }));
    expect(shape(before)).toEqual(shape(after));
    expect(before.map((c) => c.type)).toEqual([
      'products',
      'categories',
      'brands',
      'campaigns',
      'pages',
    ]);
    const newest = [...(await sitemapSnapshot(handle.db)).entries.products]
      .map((e) => e.lastmod)
      .sort()
      .at(-1);
    expect(before[0]).toEqual({ type: 'products', chunk: 1, lastmod: newest });
  });

  it('lists published, active, unrestricted content pages with their update time', async () => {
    const before = await sitemapSnapshot(handle.db);
    const paths = before.entries.pages.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/kopvillkor', '/om-oss', '/butiker']));
    // The seeded draft (unpublished) is not listed, and no page twice.
    const drafts = await handle.db
      .select()
      .from(schema.contentPages)
      .where(eq(schema.contentPages.published, false));
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) expect(paths).not.toContain(`/${draft.alias}`);
    expect(new Set(paths).size).toBe(paths.length);
    const [terms] = await handle.db
      .select()
      .from(schema.contentPages)
      .where(eq(schema.contentPages.alias, 'kopvillkor'));
    expect(before.entries.pages.find((e) => e.path === '/kopvillkor')?.lastmod).toBe(
      terms!.updatedAt.toISOString(),
    );

    // An edit (new update time), a page limited to companies and one that has ended: each
    // changes the listing without any catalogue write.
    const edited = new Date('2026-03-01T08:00:00.000Z');
    await handle.db
      .update(schema.contentPages)
      .set({ updatedAt: edited })
      .where(eq(schema.contentPages.alias, 'kopvillkor'));
    await handle.db
      .update(schema.contentPages)
      .set({ customerTypes: ['ORGANIZATION'] })
      .where(eq(schema.contentPages.alias, 'om-oss'));
    await handle.db
      .update(schema.contentPages)
      .set({ activeTo: new Date(Date.now() - 60_000) })
      .where(eq(schema.contentPages.alias, 'storleksguide'));
    const after = await sitemapSnapshot(handle.db);
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version);
    const afterPaths = after.entries.pages.map((e) => e.path);
    expect(afterPaths).not.toContain('/om-oss');
    expect(afterPaths).not.toContain('/storleksguide');
    expect(after.entries.pages.find((e) => e.path === '/kopvillkor')?.lastmod).toBe(
      edited.toISOString(),
    );
    const index = await sitemapIndex(handle.db);
    expect(index.find((c) => c.type === 'pages')).toEqual({
      type: 'pages',
      chunk: 1,
      lastmod: after.entries.pages
        .map((e) => e.lastmod)
        .sort()
        .at(-1),
    });
  });
});
