/**
 * List and product page widget areas (issue 16; GEINS-API §2.4, §3.1 `widgetArea`, §4.4): the
 * seeded "Productlist" collections answer the category and brand filters ralph sends (and
 * `Campaign` for `DiscountCampaign`), the "Product" area answers a product page's filters;
 * per widget, `displaySetting`, customer type and market decide what shows; a collection outside
 * its active dates does not win.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const DAY = 86_400_000;
const TOP = 'The top part of the product list';
const BOTTOM = 'The bottom part of the product list';

/** What the tests read of an area. */
interface AreaAnswer {
  widgetArea: {
    name: string;
    containers: Array<{
      widgets: Array<{ id: string; name: string; classNames: string[]; configuration: string }>;
    }>;
  } | null;
}

const AREA_QUERY = `query area(
  $family: String, $areaName: String, $displaySetting: String, $customerType: CustomerType,
  $filters: [PageWidgetCollectionFilterInputType], $marketId: String
) {
  widgetArea(family: $family, areaName: $areaName, displaySetting: $displaySetting,
    customerType: $customerType, filters: $filters, marketId: $marketId) {
    name
    containers { widgets { id name classNames configuration } }
  }
}`;

describe.each(testDatabaseKinds())('list and product page widget areas on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 8 });
    client = createTestClient(handle, testConfig());
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function area(variables: Record<string, unknown>) {
    const result = await client.query<AreaAnswer>(AREA_QUERY, variables);
    expect(result.errors).toBeUndefined();
    return result.data!.widgetArea;
  }

  /** The titles of an area's widgets, in order. */
  function titles(answer: AreaAnswer['widgetArea']): string[] {
    return (answer?.containers ?? []).flatMap((c) =>
      c.widgets.map((w) => (JSON.parse(w.configuration) as { title?: string }).title ?? w.name),
    );
  }

  const list = (areaName: string, key: string, value: string, extra = {}) =>
    area({ family: 'Productlist', areaName, filters: [{ key, value }], ...extra });

  it('answers the category and brand filters of list pages with their own collections', async () => {
    expect((await list(TOP, 'Category', 'elcyklar'))!.name).toBe('Elcyklar – överst');
    expect((await list(BOTTOM, 'Category', 'elcyklar'))!.name).toBe('Elcyklar – nederst');
    expect(titles(await list(BOTTOM, 'Category', 'elcyklar'))).toContain('Så väljer du elcykel');
    expect((await list(TOP, 'Brand', 'trek'))!.name).toBe('Trek – överst');
    // Another category, or the alias under another key, has no collection of its own.
    expect(await list(TOP, 'Category', 'gravelcyklar')).toBeNull();
    expect(await list(TOP, 'Brand', 'elcyklar')).toBeNull();
    expect(await list(BOTTOM, 'Brand', 'trek')).toBeNull();
  });

  it('reads the key "Campaign" (ralph) as "DiscountCampaign"', async () => {
    await handle.db.insert(schema.contentPages).values({
      name: 'Kampanj topp',
      family: 'Productlist',
      areaName: TOP,
      filters: ['DiscountCampaign:hostrea'],
      published: true,
    });
    expect((await list(TOP, 'Campaign', 'hostrea'))!.name).toBe('Kampanj topp');
    expect((await list(TOP, 'DiscountCampaign', 'hostrea'))!.name).toBe('Kampanj topp');
    expect(await list(TOP, 'Campaign', 'varrea')).toBeNull();
  });

  it("answers a product page's filters with the product area", async () => {
    const answer = await area({
      family: 'Product',
      areaName: 'Product detail page',
      filters: [
        { key: 'Category', value: 'elcyklar' },
        { key: 'Brand', value: 'trek' },
        { key: 'Product', value: 'nagon-cykel' },
      ],
    });
    expect(answer!.name).toBe('Produktsida');
    expect(titles(answer)).toEqual(['Service och trygghet']);
  });

  it('shows a widget for organisations only to organisations', async () => {
    const ask = (customerType: string) =>
      area({ family: 'Product', areaName: 'Product detail page', customerType });
    expect(titles(await ask('PERSON'))).toEqual(['Service och trygghet']);
    expect(titles(await ask('ORGANIZATION'))).toEqual([
      'Service och trygghet',
      'Köp till företaget',
    ]);
  });

  it('honours displaySetting: one device only, or every widget marked for its device', async () => {
    const desktop = await list(TOP, 'Category', 'elcyklar', { displaySetting: 'desktop' });
    expect(desktop!.containers.flatMap((c) => c.widgets.map((w) => w.name))).toEqual(['Banner']);
    const mobile = await list(TOP, 'Category', 'elcyklar', { displaySetting: 'mobile' });
    expect(mobile!.containers.flatMap((c) => c.widgets.map((w) => w.name))).toEqual(['Text']);
    const both = await list(TOP, 'Category', 'elcyklar');
    expect(both!.containers.flatMap((c) => c.widgets.map((w) => [w.name, w.classNames]))).toEqual([
      ['Banner', ['only-desktop']],
      ['Text', ['only-mobile']],
    ]);
    // A widget for every device has no device class and shows on both.
    const product = { family: 'Product', areaName: 'Product detail page' };
    for (const displaySetting of ['desktop', 'mobile', null]) {
      const answer = await area({ ...product, displaySetting });
      expect(answer!.containers[0]!.widgets[0]!.classNames).toEqual([]);
    }
  });

  it('shows a widget only on its markets', async () => {
    const [widget] = await handle.db
      .select({ id: schema.contentWidgets.id })
      .from(schema.contentWidgets)
      .innerJoin(
        schema.contentContainers,
        eq(schema.contentContainers.id, schema.contentWidgets.containerId),
      )
      .innerJoin(schema.contentPages, eq(schema.contentPages.id, schema.contentContainers.pageId))
      .where(and(eq(schema.contentPages.name, 'Elcyklar – nederst')));
    await handle.db
      .update(schema.contentWidgets)
      .set({ marketIds: ['no'] })
      .where(eq(schema.contentWidgets.id, widget!.id));
    const count = async (marketId: string) =>
      (await list(BOTTOM, 'Category', 'elcyklar', { marketId }))!.containers.flatMap(
        (c) => c.widgets,
      ).length;
    expect(await count('se')).toBe(1);
    expect(await count('no')).toBe(2);
    await handle.db
      .update(schema.contentWidgets)
      .set({ marketIds: [] })
      .where(eq(schema.contentWidgets.id, widget!.id));
    expect(await count('se')).toBe(2);
  });

  it('lets a collection win only within its active dates', async () => {
    const [page] = await handle.db
      .insert(schema.contentPages)
      .values({
        name: 'Elcyklar – vinterkampanj',
        family: 'Productlist',
        areaName: TOP,
        filters: ['Category:elcyklar'],
        priority: 10,
        published: true,
        activeFrom: new Date(Date.now() + DAY),
      })
      .returning();
    expect((await list(TOP, 'Category', 'elcyklar'))!.name).toBe('Elcyklar – överst');
    const set = (values: Partial<typeof schema.contentPages.$inferInsert>) =>
      handle.db.update(schema.contentPages).set(values).where(eq(schema.contentPages.id, page!.id));
    await set({ activeFrom: new Date(Date.now() - DAY), activeTo: new Date(Date.now() + DAY) });
    expect((await list(TOP, 'Category', 'elcyklar'))!.name).toBe('Elcyklar – vinterkampanj');
    await set({ activeTo: new Date(Date.now() - 1000) });
    expect((await list(TOP, 'Category', 'elcyklar'))!.name).toBe('Elcyklar – överst');
  });
});
