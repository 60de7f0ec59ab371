/**
 * Pages and widget areas in the back office (issue 27 "Moderation and content"; issue 16): 401
 * without a staff session, 403 without the content permission; a content editor opens a draft
 * of a published page, changes a widget (an invalid configuration refused), previews it with the
 * staff token of `contentPreviewLink` (the shop API shows the draft only in preview, and only
 * while the editor is active), and publishes it (the page keeps its id; the draft goes). Every
 * change is in the audit log with before/after. A menu item's label changed in the back office
 * shows in the shop's menu at once. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentPages, contentWidgets } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { deactivateStaffUser } from '../src/modules/staff/staff.service.ts';
import { TEST_API_KEY, createTestClient, type TestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const PAGES = '{ contentPages { id alias name published draftOf previewPath } }';
const DETAIL_FIELDS = 'page { id alias title published draftOf } widgets { id name configuration }';
const OPEN = `mutation($id: Int!) { openContentDraft(id: $id) { ${DETAIL_FIELDS} } }`;
const UPDATE = `mutation($input: ContentDraftInput!) { updateContentDraft(input: $input) {
  ${DETAIL_FIELDS} } }`;
const PUBLISH = 'mutation($id: Int!) { publishContentDraft(id: $id) { id alias published } }';
const LINK = 'mutation($id: Int!) { contentPreviewLink(id: $id) }';
const AREA = `query($alias: String, $preview: Boolean) { widgetArea(alias: $alias, preview: $preview) {
  containers { widgets { configuration } } } }`;

interface Detail {
  page: { id: number; alias: string; title: string; published: boolean; draftOf: number | null };
  widgets: Array<{ id: number; name: string; configuration: string }>;
}

describe.each(testDatabaseKinds())('admin content on %s', (kind) => {
  const state = useAdminApi(kind);
  let editor: ReturnType<typeof adminClient>;
  let editorId: number;
  let shop: TestClient;
  let pageId: number;
  let draft: Detail;

  beforeAll(async () => {
    // The shop API checks preview tokens against the real clock.
    state.clock.now = new Date();
    await seedCatalogue(state.handle.db, { products: 10 });
    shop = createTestClient(state.handle, state.config);
    editorId = (await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor')).id;
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    editor = adminClient(state.api, '10.82.0.1');
    expect((await editor.login('redaktor@example.se')).status).toBe(200);
    const [page] = await state.handle.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.alias, 'om-oss'), eq(contentPages.published, true)));
    pageId = page!.id;
  }, 120_000);

  /** The texts of the om-oss page's widgets as the shop API shows them. */
  const shopTexts = async (headers: Record<string, string> = {}, preview = false) => {
    const response = await shop.post(
      { query: AREA, variables: { alias: 'om-oss', preview } },
      headers,
    );
    const body = (await response.json()) as {
      data?: { widgetArea: { containers: Array<{ widgets: Array<{ configuration: string }> }> } };
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    if (body.errors) return body.errors[0]?.extensions?.code;
    return body.data!.widgetArea.containers.flatMap((c) => c.widgets.map((w) => w.configuration));
  };

  it('refuses anonymous callers, a shop API key and a customer token (401), customer service (403)', async () => {
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    const service = adminClient(state.api, '10.82.0.2');
    await service.login('kundtjanst@example.se');
    for (const [query, variables] of [
      [PAGES, {}],
      [OPEN, { id: pageId }],
      [LINK, { id: pageId }],
      [PUBLISH, { id: pageId }],
      ['{ adminMenus { id } }', {}],
    ] as const) {
      for (const headers of [
        {},
        { 'x-apikey': TEST_API_KEY },
        { authorization: `Bearer ${customer.token}` },
      ] as Array<Record<string, string>>) {
        const answer = await adminClient(state.api).send(query, variables, { headers });
        expect(answer.status).toBe(401);
      }
      const refused = await service.send(query, variables);
      expect(refused.status).toBe(403);
      expect(codeOf(refused)).toBe('FORBIDDEN');
    }
    const drafts = await state.handle.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.published, false));
    expect(drafts.filter((d) => d.draftOf !== null)).toEqual([]);
  });

  it('lists pages and areas with their preview paths', async () => {
    const pages = (await editor.send(PAGES)).body.data?.contentPages as Array<
      Record<string, unknown>
    >;
    expect(pages).toContainEqual({
      id: pageId,
      alias: 'om-oss',
      name: expect.any(String),
      published: true,
      draftOf: null,
      previewPath: '/preview-widgets?alias=om-oss',
    });
    expect(pages.find((p) => p.previewPath === '/preview-widgets')).toBeTruthy();
  });

  it('opens one draft copy of a published page and saves a changed widget', async () => {
    const opened = await editor.send(OPEN, { id: pageId });
    expect(opened.body.errors).toBeUndefined();
    draft = opened.body.data?.openContentDraft as Detail;
    expect(draft.page).toMatchObject({ alias: 'om-oss', published: false, draftOf: pageId });
    expect(draft.page.id).not.toBe(pageId);
    expect(draft.widgets.length).toBeGreaterThan(0);
    const again = await editor.send(OPEN, { id: pageId });
    expect((again.body.data?.openContentDraft as Detail).page.id).toBe(draft.page.id);

    const widget = draft.widgets[0]!;
    const bad = await editor.send(UPDATE, {
      input: { pageId: draft.page.id, widgets: [{ id: widget.id, configuration: '{"text": ' }] },
    });
    expect(bad.body.errors?.[0]).toMatchObject({
      message: 'Inställningarna måste vara ett JSON-objekt.',
      extensions: { code: 'BAD_USER_INPUT', argument: 'widgets.0.configuration', locale: 'sv' },
    });
    const published = await editor.send(UPDATE, {
      input: { pageId, widgets: [{ id: widget.id, configuration: '{}' }] },
    });
    expect(codeOf(published)).toBe('BAD_USER_INPUT');

    const configuration = JSON.stringify({ text: '<p>Nytt utkast om oss</p>' });
    const saved = await editor.send(UPDATE, {
      input: {
        pageId: draft.page.id,
        title: 'Om Trampa',
        widgets: [{ id: widget.id, configuration }],
      },
    });
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.updateContentDraft).toMatchObject({
      page: { title: 'Om Trampa' },
      widgets: expect.arrayContaining([{ id: widget.id, name: widget.name, configuration }]),
    });
  });

  it("previews the draft with the editor's staff token; the shop shows it only in preview", async () => {
    expect(JSON.stringify(await shopTexts())).not.toContain('Nytt utkast');
    const link = (await editor.send(LINK, { id: pageId })).body.data?.contentPreviewLink as string;
    expect(link).toMatch(/^\/preview-widgets\?alias=om-oss&loginToken=/);
    const token = new URL(link, 'http://shop.local').searchParams.get('loginToken')!;
    expect(await shopTexts({}, true)).toBe('FORBIDDEN');
    expect(JSON.stringify(await shopTexts({ authorization: `Bearer ${token}` }, true))).toContain(
      'Nytt utkast om oss',
    );
  });

  it('publishes the draft into the page (same id), audited with before/after', async () => {
    const answer = await editor.send(PUBLISH, { id: draft.page.id });
    expect(answer.body.data?.publishContentDraft).toEqual({
      id: pageId,
      alias: 'om-oss',
      published: true,
    });
    expect(JSON.stringify(await shopTexts())).toContain('Nytt utkast om oss');
    const rows = await state.handle.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.alias, 'om-oss'));
    expect(rows.map((r) => [r.id, r.published, r.title])).toEqual([[pageId, true, 'Om Trampa']]);
    const again = await editor.send(PUBLISH, { id: pageId });
    expect(codeOf(again)).toBe('BAD_USER_INPUT');

    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'content_page'))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.action, e.entityId, e.staffEmail])).toEqual([
      ['content.draft', String(draft.page.id), 'redaktor@example.se'],
      ['content.update', String(draft.page.id), 'redaktor@example.se'],
      ['content.publish', String(pageId), 'redaktor@example.se'],
    ]);
    const update = entries[1]!;
    expect(update.before).toMatchObject({
      title: 'Om oss',
      widgets: [{ id: draft.widgets[0]!.id, configuration: draft.widgets[0]!.configuration }],
    });
    expect(update.after).toMatchObject({
      title: 'Om Trampa',
      widgets: [
        { id: draft.widgets[0]!.id, configuration: expect.stringContaining('Nytt utkast') },
      ],
    });
    expect(entries[2]!.before).toMatchObject({ title: 'Om oss', published: true });
    expect(entries[2]!.after).toMatchObject({ title: 'Om Trampa', published: true });
  });

  it('discards a draft copy, leaving the published page as it was', async () => {
    const DISCARD = 'mutation($id: Int!) { discardContentDraft(id: $id) { id published } }';
    const opened = (await editor.send(OPEN, { id: pageId })).body.data?.openContentDraft as Detail;
    expect(codeOf(await editor.send(DISCARD, { id: pageId }))).toBe('BAD_USER_INPUT');
    const discarded = await editor.send(DISCARD, { id: opened.page.id });
    expect(discarded.body.data?.discardContentDraft).toEqual({ id: pageId, published: true });
    const rows = await state.handle.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.alias, 'om-oss'));
    expect(rows.map((r) => r.id)).toEqual([pageId]);
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'content.discard'));
    expect(entry).toMatchObject({ entityId: String(opened.page.id), after: null });
  });

  it("opens a widget stored in the earlier shape in ralph-ui's shape and saves that shape (issue 44 §1)", async () => {
    const [start] = await state.handle.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.family, 'Frontpage'), eq(contentPages.published, true)));
    const opened = (await editor.send(OPEN, { id: start!.id })).body.data
      ?.openContentDraft as Detail;
    const banner = opened.widgets.find(
      (w) => w.name === 'Banner' && w.configuration.includes('kampanj-tillbehor.svg'),
    )!;
    const earlier = JSON.stringify({
      title: 'Säkrare på vägen',
      text: 'Hjälmar och lås.',
      href: '/c/tillbehor',
      buttonText: 'Handla tillbehör',
      image: 'kampanj-tillbehor.svg',
      altText: 'En cykelhjälm',
    });
    await state.handle.db
      .update(contentWidgets)
      .set({ configuration: earlier })
      .where(eq(contentWidgets.id, banner.id));
    const detail = (await editor.send(OPEN, { id: start!.id })).body.data
      ?.openContentDraft as Detail;
    const served = detail.widgets.find((w) => w.id === banner.id)!.configuration;
    expect(JSON.parse(served)).toMatchObject({
      text1: 'Säkrare på vägen',
      text2: 'Hjälmar och lås.',
      buttonText: 'Handla tillbehör',
      image: { href: '/c/tillbehor', filename: 'kampanj-tillbehor.svg', altText: 'En cykelhjälm' },
    });
    const saved = await editor.send(UPDATE, {
      input: { pageId: detail.page.id, widgets: [{ id: banner.id, configuration: served }] },
    });
    expect(saved.body.errors).toBeUndefined();
    const [row] = await state.handle.db
      .select({ configuration: contentWidgets.configuration })
      .from(contentWidgets)
      .where(eq(contentWidgets.id, banner.id));
    expect(row!.configuration).toBe(served);
    const DISCARD = 'mutation($id: Int!) { discardContentDraft(id: $id) { id } }';
    expect((await editor.send(DISCARD, { id: detail.page.id })).body.errors).toBeUndefined();
  });

  it('changes a menu item: the shop shows it at once; audited; customer service refused', async () => {
    const MENUS = '{ adminMenus { id locations items { id label type hidden sortOrder } } }';
    const UPDATE_ITEM = `mutation($input: MenuItemChangeInput!) { updateMenuItem(input: $input) {
      id label hidden } }`;
    const SHOP_MENU = `query($id: String) { getMenuAtLocation(menuLocationId: $id) {
      menuItems { label } } }`;
    const menus = (await editor.send(MENUS)).body.data?.adminMenus as Array<{
      locations: string[];
      items: Array<{ id: number; label: string; sortOrder: number; hidden: boolean }>;
    }>;
    const footer = menus.find((m) => m.locations.includes('footer-first'))!;
    const item = footer.items[0]!;
    const change = { id: item.id, label: 'Om Trampa', sortOrder: item.sortOrder, hidden: false };
    const service = adminClient(state.api, '10.82.0.3');
    await service.login('kundtjanst@example.se');
    expect(codeOf(await service.send(UPDATE_ITEM, { input: change }))).toBe('FORBIDDEN');
    const empty = await editor.send(UPDATE_ITEM, { input: { ...change, label: ' ' } });
    expect(empty.body.errors?.[0]).toMatchObject({
      message: 'Skriv en text för länken.',
      extensions: { argument: 'label' },
    });
    const labels = async () =>
      (await shop.query(SHOP_MENU, { id: 'footer-first' })).data?.getMenuAtLocation.menuItems.map(
        (i: { label: string }) => i.label,
      ) as string[];
    expect(await labels()).toContain(item.label);
    const saved = await editor.send(UPDATE_ITEM, { input: change });
    expect(saved.body.data?.updateMenuItem).toEqual({
      id: item.id,
      label: 'Om Trampa',
      hidden: false,
    });
    expect(await labels()).toContain('Om Trampa');
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'menu.item.update'));
    expect(entry).toMatchObject({
      staffEmail: 'redaktor@example.se',
      entityId: String(item.id),
      before: { label: item.label },
      after: { label: 'Om Trampa' },
    });
  });

  it('refuses the staff preview token once the editor is deactivated', async () => {
    await editor.send(OPEN, { id: pageId });
    const link = (await editor.send(LINK, { id: pageId })).body.data?.contentPreviewLink as string;
    const token = new URL(link, 'http://shop.local').searchParams.get('loginToken')!;
    const bearer = { authorization: `Bearer ${token}` };
    expect(Array.isArray(await shopTexts(bearer, true))).toBe(true);
    await deactivateStaffUser(
      state.handle.db,
      editorId,
      { staffUserId: null, staffEmail: null },
      state.clock.now,
    );
    expect(await shopTexts(bearer, true)).toBe('FORBIDDEN');
  });
});
