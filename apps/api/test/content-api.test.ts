/**
 * Widget areas and content pages through the API (issue 16; GEINS-API §2.4, §3.1, §4.4): ralph's
 * `global/widget-area.graphql` returns the seeded start page and terms; an unknown alias is null;
 * `preview: true` is refused without a preview token and shows drafts with one; active dates,
 * market and customer type decide visibility; `cmsPages` filters by tags.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { issuePreviewToken } from '../src/modules/content/preview-token.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const DAY = 86_400_000;
const WIDGET_AREA = ralphUiOperation('global/widget-area.graphql', 'widgetArea');

interface Area {
  widgetArea: {
    tags: string[];
    meta: { title: string | null; description: string | null } | null;
    containers: Array<{
      layout: string;
      design: string;
      widgets: Array<{
        name: string;
        configuration: string;
        images: Array<{
          fileName: string;
          largestSize: { imageWidth: number; imageHeight: number };
        }>;
      }>;
    }>;
  } | null;
}

describe.each(testDatabaseKinds())('widget areas on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const config = testConfig();

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 8 });
    client = createTestClient(handle, config);
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function area(variables: Record<string, unknown>, headers: Record<string, string> = {}) {
    const response = await client.post({ query: WIDGET_AREA, variables }, headers);
    return (await response.json()) as {
      data?: Area;
      errors?: Array<{ extensions?: { code?: string } }>;
    };
  }

  it("answers ralph's widget-area document with the seeded start page", async () => {
    const result = await area({ family: 'Frontpage', areaName: 'The front page area' });
    expect(result.errors).toBeUndefined();
    const containers = result.data!.widgetArea!.containers;
    const names = containers.flatMap((c) => c.widgets.map((w) => w.name));
    expect(names).toContain('Banner');
    expect(names.filter((n) => n === 'Product list')).toHaveLength(2);
    // ralph-ui's banner shape (issue 44 §1; ralph-widget-contract.test.ts has the whole contract).
    const hero = JSON.parse(containers[0]!.widgets[0]!.configuration) as { text1: string };
    expect(hero.text1).toBe('Redo att trampa iväg');
    const banners = containers.find((c) => c.layout === 'half')!.widgets;
    expect(banners[0]!.images[0]).toEqual({
      fileName: 'kampanj-elcykel.svg',
      largestSize: { imageWidth: 1200, imageHeight: 600 },
    });
    const list = containers.flatMap((c) => c.widgets).find((w) => w.name === 'Product list')!;
    expect(JSON.parse(list.configuration)).toMatchObject({
      searchParameters: { sort: 'MOST_SOLD' },
    });
  });

  it('answers a content page by alias with its meta and tags, and null for an unknown alias', async () => {
    const terms = await area({ widgetAlias: 'kopvillkor', displaySetting: 'desktop' });
    expect(terms.errors).toBeUndefined();
    expect(terms.data!.widgetArea!.tags).toContain('menu');
    expect(terms.data!.widgetArea!.meta!.title).toBe('Köpvillkor');
    const text = terms.data!.widgetArea!.containers[0]!.widgets.map((w) => w.configuration).join();
    expect(text).toContain('14 dagars ångerrätt');
    expect(text).toContain('konsumentköplagen');
    const unknown = await area({ widgetAlias: 'finns-inte' });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data!.widgetArea).toBeNull();
  });

  it('refuses preview without a preview token and shows drafts with one', async () => {
    const hidden = await area({ widgetAlias: 'vinterservice' });
    expect(hidden.data!.widgetArea).toBeNull();
    const refused = await area({ widgetAlias: 'vinterservice', preview: true });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const wrong = await area(
      { widgetAlias: 'vinterservice', preview: true },
      { authorization: 'Bearer not-a-token' },
    );
    expect(wrong.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const token = await issuePreviewToken('test', config.auth, new Date());
    const shown = await area(
      { widgetAlias: 'vinterservice', preview: true },
      { authorization: `Bearer ${token}` },
    );
    expect(shown.errors).toBeUndefined();
    expect(shown.data!.widgetArea!.meta!.title).toBe('Vinterservice');
  });

  it('shows a page only within its dates, for its markets and customer types', async () => {
    const [page] = await handle.db
      .insert(schema.contentPages)
      .values({
        alias: 'tidsbegransad',
        name: 'Tidsbegränsad',
        family: 'Content',
        areaName: 'Content page',
        published: true,
        activeFrom: new Date(Date.now() - DAY),
        activeTo: new Date(Date.now() + DAY),
      })
      .returning();
    const visible = async (vars: Record<string, unknown> = {}) =>
      (await area({ widgetAlias: 'tidsbegransad', ...vars })).data!.widgetArea !== null;
    expect(await visible()).toBe(true);

    const set = (values: Partial<typeof schema.contentPages.$inferInsert>) =>
      handle.db.update(schema.contentPages).set(values).where(eq(schema.contentPages.id, page!.id));
    await set({ activeFrom: new Date(Date.now() + DAY), activeTo: null });
    expect(await visible()).toBe(false);
    await set({ activeFrom: null, activeTo: new Date(Date.now() - 1000) });
    expect(await visible()).toBe(false);

    await set({ activeTo: null, marketIds: ['no'] });
    expect(await visible({ marketId: 'se' })).toBe(false);
    await set({ marketIds: ['se'] });
    expect(await visible({ marketId: 'se' })).toBe(true);

    await set({ customerTypes: ['ORGANIZATION'] });
    expect(await visible()).toBe(false);
    expect(await visible({ customerType: 'ORGANIZATION' })).toBe(true);
  });

  it('narrows an area by filters: the most specific collection wins', async () => {
    const [page] = await handle.db
      .insert(schema.contentPages)
      .values({
        name: 'Cyklar topp',
        family: 'Productlist',
        areaName: 'The top part of the product list',
        filters: ['Category:cyklar'],
        published: true,
      })
      .returning();
    const ask = async (filters: unknown) =>
      client.query<{ widgetArea: { name: string } | null }>(
        `query($filters: [PageWidgetCollectionFilterInputType]) {
          widgetArea(family: "Productlist", areaName: "The top part of the product list", filters: $filters) { name }
        }`,
        { filters },
      );
    expect((await ask([{ key: 'Category', value: 'cyklar' }])).data!.widgetArea!.name).toBe(
      page!.name,
    );
    expect((await ask([{ key: 'Category', value: 'tillbehor' }])).data!.widgetArea).toBeNull();
  });

  it('lists content pages by tags (cmsPages)', async () => {
    const result = await client.query<{ cmsPages: Array<{ alias: string; canonicalUrl: string }> }>(
      `{ cmsPages(includeTags: ["legal"]) { alias canonicalUrl } }`,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.cmsPages.map((p) => p.alias).sort()).toEqual([
      'cookies',
      'integritetspolicy',
      'kopvillkor',
    ]);
    const rest = await client.query<{ cmsPages: Array<{ alias: string }> }>(
      `{ cmsPages(excludeTags: ["legal"]) { alias } }`,
    );
    const aliases = rest.data!.cmsPages.map((p) => p.alias);
    expect(aliases).toContain('om-oss');
    expect(aliases).not.toContain('kopvillkor');
    expect(aliases).not.toContain('vinterservice');
  });
});
