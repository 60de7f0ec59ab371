/**
 * API integration tests of menus (issue 16; GEINS-API §2.1 global/menu.graphql, §3.1
 * getMenuAtLocation, §4.4 MenuType, MenuItemType): every location returns the seeded items,
 * items are shown per market and customer type, a category link follows the category's
 * canonical URL after a rename, and an unknown location answers null.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { brands, categories, menuItems } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

interface Item {
  id: string;
  label: string;
  type: string;
  order: number;
  canonicalUrl: string | null;
  children?: Item[];
}

const MENU = `query($loc: String, $m: String, $ct: CustomerType) {
  getMenuAtLocation(menuLocationId: $loc, marketId: $m, customerType: $ct) {
    id title locations
    menuItems { id label type order value canonicalUrl targetBlank open hidden
      children { id label type order canonicalUrl children { id label canonicalUrl } } }
  }
}`;

describe.each(testDatabaseKinds())('menus API on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  const menu = async (loc: string, m?: string, ct?: string) => {
    const { data, errors } = await client.query(MENU, { loc, m, ct });
    expect(errors).toBeUndefined();
    return data!.getMenuAtLocation as {
      id: string;
      title: string | null;
      locations: string[];
      menuItems: Item[];
    } | null;
  };
  const labels = (items: Item[]) => items.map((i) => i.label);

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20, now: NOW });
    // No shared copy: the rename below must show at once.
    client = createTestClient(handle, testConfig({ referenceDataTtlMs: 0 }));
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("answers ralph's global/menu.graphql with the main menu: the category tree and the lists", async () => {
    const { data, errors } = await client.query(
      ralphUiOperation('global/menu.graphql', 'getMenuAtLocation'),
      { menuLocationId: 'main-desktop', channelId: '1|se', languageId: 'sv-SE', marketId: 'se' },
    );
    expect(errors).toBeUndefined();
    const items = data!.getMenuAtLocation.menuItems as Item[];
    expect(labels(items)).toEqual([
      'Cyklar',
      'Tillbehör',
      'Cykeldelar',
      'Cykelkläder',
      'Nyheter',
      'Varumärken',
      'Rea',
    ]);
    expect(items[0]).toMatchObject({ type: 'category', order: 0, canonicalUrl: '/c/cyklar' });
    expect(items[0]!.children!.length).toBeGreaterThan(1);
    expect(items[0]!.children![0]!.canonicalUrl).toMatch(/^\/c\/cyklar\/[a-z-]+$/);
    expect(items[6]).toMatchObject({ type: 'url', order: 6, canonicalUrl: '/l/rea' });
    const mobile = await menu('main-mobile');
    expect(labels(mobile!.menuItems)).toEqual(labels(items));
  });

  it('returns the footer columns and the info pages with page links as /{alias}', async () => {
    const first = await menu('footer-first');
    expect(first).toMatchObject({ title: 'Kundtjänst', locations: ['footer-first'] });
    expect(first!.menuItems.map((i) => [i.label, i.type, i.canonicalUrl])).toEqual([
      ['Kontakt', 'page', '/kundtjanst'],
      ['Leverans & retur', 'page', '/leverans-och-retur'],
      ['Köpvillkor', 'page', '/kopvillkor'],
      ['Integritetspolicy', 'page', '/integritetspolicy'],
      ['Cookies', 'page', '/cookies'],
    ]);
    const second = await menu('footer-second');
    expect(second!.menuItems.map((i) => i.canonicalUrl)).toEqual([
      '/om-oss',
      '/butiker',
      '/formanscykel',
      '/storleksguide',
    ]);
    const info = await menu('info-pages');
    expect(info!.menuItems).toHaveLength(9);
    expect(info!.menuItems.map((i) => i.order)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("shows the top bar's free-shipping promise of the requested market only", async () => {
    const se = await menu('top-bar', 'se');
    expect(labels(se!.menuItems)).toEqual([
      'Fri frakt till ombud över 499\u00a0kr',
      'Leverans 1-3 dagar',
      'Fri retur i 30 dagar',
    ]);
    expect(se!.menuItems[0]).toMatchObject({ type: 'text', canonicalUrl: null });
    const fi = await menu('top-bar', 'fi');
    expect(labels(fi!.menuItems)[0]).toBe('Fri frakt till ombud över 49\u00a0€');
    expect(fi!.menuItems).toHaveLength(3);
  });

  it('shows items limited to a customer type only to that type', async () => {
    await handle.db.insert(menuItems).values({
      menuId: 'about',
      sortOrder: 10,
      label: 'Företagsförsäljning',
      type: 'url',
      target: 'mailto:foretag@trampa.se',
      customerTypes: ['ORGANIZATION'],
    });
    try {
      expect(labels((await menu('footer-second', 'se', 'PERSON'))!.menuItems)).not.toContain(
        'Företagsförsäljning',
      );
      expect(labels((await menu('footer-second'))!.menuItems)).not.toContain('Företagsförsäljning');
      const org = await menu('footer-second', 'se', 'ORGANIZATION');
      expect(labels(org!.menuItems).at(-1)).toBe('Företagsförsäljning');
    } finally {
      await handle.db.delete(menuItems).where(eq(menuItems.label, 'Företagsförsäljning'));
    }
  });

  it("follows a renamed category's canonical URL and leaves out hidden categories", async () => {
    await handle.db.update(categories).set({ alias: 'alla-cyklar' }).where(eq(categories.id, 1));
    try {
      const items = (await menu('main-desktop'))!.menuItems;
      expect(items[0]!.canonicalUrl).toBe('/c/alla-cyklar');
      expect(items[0]!.children![0]!.canonicalUrl).toMatch(/^\/c\/alla-cyklar\//);
      await handle.db.update(categories).set({ isHidden: true }).where(eq(categories.id, 2));
      expect(labels((await menu('main-desktop'))!.menuItems)).not.toContain('Tillbehör');
    } finally {
      await handle.db.update(categories).set({ alias: 'cyklar' }).where(eq(categories.id, 1));
      await handle.db.update(categories).set({ isHidden: false }).where(eq(categories.id, 2));
    }
  });

  it("links a brand item to the brand's page, following a renamed alias", async () => {
    const [brand] = await handle.db.select().from(brands).limit(1);
    await handle.db.insert(menuItems).values({
      menuId: 'about',
      sortOrder: 20,
      label: 'Veckans märke',
      type: 'brand',
      brandId: brand!.id,
    });
    try {
      const last = (await menu('footer-second'))!.menuItems.at(-1)!;
      expect(last).toMatchObject({ type: 'brand', canonicalUrl: `/b/${brand!.alias}` });
      await handle.db.update(brands).set({ alias: 'nytt-namn' }).where(eq(brands.id, brand!.id));
      expect((await menu('footer-second'))!.menuItems.at(-1)!.canonicalUrl).toBe('/b/nytt-namn');
    } finally {
      await handle.db.update(brands).set({ alias: brand!.alias }).where(eq(brands.id, brand!.id));
      await handle.db.delete(menuItems).where(eq(menuItems.label, 'Veckans märke'));
    }
  });

  it('puts /{market}/{language} before page and category links under MARKET_IN_PATH, not before URLs', async () => {
    const base = testConfig({ referenceDataTtlMs: 0 });
    const inPath = createTestClient(
      handle,
      testConfig({ referenceDataTtlMs: 0, routing: { ...base.routing, marketInPath: true } }),
    );
    const { data, errors } = await inPath.query(MENU, { loc: 'footer-first', m: 'se' });
    expect(errors).toBeUndefined();
    const urls = (data!.getMenuAtLocation.menuItems as Item[]).map((i) => i.canonicalUrl);
    expect(urls[0]).toBe('/se/sv/kundtjanst');
    const main = await inPath.query(MENU, { loc: 'main-desktop', m: 'se' });
    for (const item of main.data!.getMenuAtLocation.menuItems as Item[]) {
      if (item.canonicalUrl?.startsWith('/')) expect(item.canonicalUrl).toMatch(/^\/se\/sv\//);
    }
  });

  it('answers null for an unknown or missing location', async () => {
    expect(await menu('no-such-location')).toBeNull();
    expect(await menu('')).toBeNull();
  });
});
