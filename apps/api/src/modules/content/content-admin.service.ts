/**
 * Content editing in the back office (issue 27 "Moderation and content"; issue 16): pages and
 * widget areas (widget collections) are edited as drafts and previewed before they are
 * published.
 * - {@link openContentDraft}: a published collection gets a draft copy (its containers and
 *   widgets too), or the existing draft; a never published collection is its own draft.
 * - {@link updateContentDraft}: title, meta texts and widget configurations of a draft.
 * - The preview (`/preview-widgets`, content.graphql.ts `widgetArea(preview: true)`) shows the
 *   draft before the published version, with a staff preview token (preview-token.ts).
 * - {@link publishContentDraft}: the draft's content replaces the published collection's (which
 *   keeps its id), and the draft row goes; {@link discardContentDraft} drops a draft copy.
 * Each change is one transaction with its audit entry (before/after).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { contentContainers, contentPages, contentWidgets } from './content.tables.ts';
import { servedConfiguration } from './widget-configuration.ts';

type PageRow = typeof contentPages.$inferSelect;
type WidgetRow = typeof contentWidgets.$inferSelect;

/** A collection as the back office lists it. */
export interface StaffContentPage {
  id: number;
  alias: string | null;
  name: string;
  title: string | null;
  family: string;
  areaName: string;
  tags: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  published: boolean;
  /** The published collection a draft replaces; null otherwise. */
  draftOf: number | null;
  updatedAt: Date;
}

/** A widget as the editor shows it (the configuration is the Geins JSON document as text). */
export interface StaffWidget {
  id: number;
  containerName: string;
  name: string;
  type: string;
  configuration: string;
}

/** A collection with its widgets in display order. */
export interface StaffContentDetail extends StaffContentPage {
  widgets: StaffWidget[];
}

function toStaffPage(row: PageRow): StaffContentPage {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    title: row.title,
    family: row.family,
    areaName: row.areaName,
    tags: row.tags,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    published: row.published,
    draftOf: row.draftOf,
    updatedAt: row.updatedAt,
  };
}

/** Every collection, pages (with an alias) by alias, then areas by family and area. */
export async function listStaffContentPages(db: Database): Promise<StaffContentPage[]> {
  const rows = await db
    .select()
    .from(contentPages)
    .orderBy(
      asc(contentPages.family),
      asc(contentPages.alias),
      asc(contentPages.areaName),
      asc(contentPages.id),
    );
  return rows.map(toStaffPage);
}

/** One collection with its widgets, or null. */
export async function staffContentPage(
  db: Database,
  id: number,
): Promise<StaffContentDetail | null> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.id, id));
  if (!row) return null;
  const widgets = await db
    .select({ widget: contentWidgets, containerName: contentContainers.name })
    .from(contentWidgets)
    .innerJoin(contentContainers, eq(contentContainers.id, contentWidgets.containerId))
    .where(eq(contentContainers.pageId, id))
    .orderBy(
      asc(contentContainers.sortOrder),
      asc(contentContainers.id),
      asc(contentWidgets.sortOrder),
      asc(contentWidgets.id),
    );
  return {
    ...toStaffPage(row),
    widgets: widgets.map(({ widget, containerName }) => ({
      id: widget.id,
      containerName,
      name: widget.name,
      type: widget.type,
      // In the served shape (ralph-ui's, issue 44 §1): saving it writes that shape.
      configuration: servedConfiguration(
        widget.name,
        widget.configuration,
        widget.images.map((i) => i.fileName),
      ),
    })),
  };
}

/** What an audit entry holds of a collection. */
function auditView(
  page: StaffContentPage,
  widgets?: Array<Pick<WidgetRow, 'id' | 'configuration'>>,
) {
  return {
    alias: page.alias,
    family: page.family,
    areaName: page.areaName,
    title: page.title,
    metaTitle: page.metaTitle,
    metaDescription: page.metaDescription,
    published: page.published,
    draftOf: page.draftOf,
    ...(widgets
      ? { widgets: widgets.map((w) => ({ id: w.id, configuration: w.configuration })) }
      : {}),
  };
}

/**
 * The draft of a collection: the collection itself when it is not published, else its existing
 * draft, else a new draft copy (page, containers and widgets; audited as `content.draft`).
 * @returns the draft's id
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function openContentDraft(
  db: Database,
  pageId: number,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, pageId))
      .for('update');
    if (!page) throw swedishNotFound('Sidan finns inte.');
    if (!page.published) return page.id;
    const [existing] = await tx
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(and(eq(contentPages.draftOf, page.id), eq(contentPages.published, false)));
    if (existing) return existing.id;
    const { id: _id, updatedAt: _updatedAt, ...copy } = page;
    const [draft] = await tx
      .insert(contentPages)
      .values({ ...copy, published: false, draftOf: page.id, updatedAt: now })
      .returning();
    const containers = await tx
      .select()
      .from(contentContainers)
      .where(eq(contentContainers.pageId, page.id));
    for (const { id: containerId, ...container } of containers) {
      const [copied] = await tx
        .insert(contentContainers)
        .values({ ...container, pageId: draft!.id })
        .returning({ id: contentContainers.id });
      const widgets = await tx
        .select()
        .from(contentWidgets)
        .where(eq(contentWidgets.containerId, containerId));
      if (widgets.length > 0) {
        await tx
          .insert(contentWidgets)
          .values(widgets.map(({ id: _w, ...widget }) => ({ ...widget, containerId: copied!.id })));
      }
    }
    await recordAudit(tx, {
      actor,
      action: 'content.draft',
      entityType: 'content_page',
      entityId: draft!.id,
      before: null,
      after: auditView(toStaffPage(draft!)),
      at: now,
    });
    return draft!.id;
  });
}

/** Longest configuration document of a widget, in characters. */
export const WIDGET_CONFIGURATION_MAX = 100_000;

/** A JSON object as text (a widget's configuration). */
const configurationSchema = z
  .string()
  .max(WIDGET_CONFIGURATION_MAX, 'Inställningarna är för långa.')
  .refine(
    (text) => {
      try {
        const value: unknown = JSON.parse(text);
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      } catch {
        return false;
      }
    },
    { message: 'Inställningarna måste vara ett JSON-objekt.' },
  );

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Högst ${max} tecken.`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * Changes to a draft (Swedish messages for staff): texts (null or empty clears them) and the
 * configurations of the draft's widgets by id (others unchanged). Rich text is sanitised when
 * served (content.graphql.ts), not here: the stored document stays as the editor wrote it.
 */
export const contentDraftSchema = z.object({
  pageId: z.number().int().positive('Ogiltigt id.'),
  title: optionalText(200),
  metaTitle: optionalText(200),
  metaDescription: optionalText(500),
  widgets: z
    .array(
      z.object({
        id: z.number().int().positive('Ogiltigt id.'),
        configuration: configurationSchema,
      }),
    )
    .max(200)
    .default([]),
});

/** A parsed draft change. */
export type ContentDraftInput = z.infer<typeof contentDraftSchema>;

/**
 * Saves a draft's texts and widget configurations in one transaction, audited as
 * `content.update` with before/after (texts and the changed widgets).
 * @throws ShopError NOT_FOUND, BAD_USER_INPUT (a published collection: open a draft first; a
 *   widget not in the draft: `argument` widgets)
 */
export async function updateContentDraft(
  db: Database,
  input: ContentDraftInput,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [page] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, input.pageId))
      .for('update');
    if (!page) throw swedishNotFound('Sidan finns inte.');
    if (page.published) {
      throw swedishInputError('Sidan är publicerad. Öppna ett utkast först.', 'pageId');
    }
    const ids = input.widgets.map((w) => w.id);
    const widgets =
      ids.length === 0
        ? []
        : await tx
            .select({ id: contentWidgets.id, configuration: contentWidgets.configuration })
            .from(contentWidgets)
            .innerJoin(contentContainers, eq(contentContainers.id, contentWidgets.containerId))
            .where(and(inArray(contentWidgets.id, ids), eq(contentContainers.pageId, page.id)));
    if (widgets.length !== new Set(ids).size) {
      throw swedishInputError('En widget hör inte till utkastet.', 'widgets');
    }
    const changed = input.widgets.filter(
      (w) => widgets.find((old) => old.id === w.id)?.configuration !== w.configuration,
    );
    const [after] = await tx
      .update(contentPages)
      .set({
        title: input.title,
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        updatedAt: now,
      })
      .where(eq(contentPages.id, page.id))
      .returning();
    for (const widget of changed) {
      await tx
        .update(contentWidgets)
        .set({ configuration: widget.configuration })
        .where(eq(contentWidgets.id, widget.id));
    }
    await recordAudit(tx, {
      actor,
      action: 'content.update',
      entityType: 'content_page',
      entityId: page.id,
      before: auditView(
        toStaffPage(page),
        widgets.filter((w) => changed.some((c) => c.id === w.id)),
      ),
      after: auditView(toStaffPage(after!), changed),
      at: now,
    });
  });
}

/**
 * Publishes a draft in one transaction, audited as `content.publish` (before: the published
 * version, after: the draft's). A draft of a published collection moves its containers and
 * widgets and texts to that collection (which keeps its id and alias) and is deleted; a new
 * collection is simply marked published.
 * @returns the id of the published collection
 * @throws ShopError NOT_FOUND, BAD_USER_INPUT (already published; another published page has
 *   the alias)
 */
export async function publishContentDraft(
  db: Database,
  pageId: number,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, pageId))
      .for('update');
    if (!draft) throw swedishNotFound('Sidan finns inte.');
    if (draft.published) throw swedishInputError('Sidan är redan publicerad.', 'pageId');
    const [target] = draft.draftOf
      ? await tx.select().from(contentPages).where(eq(contentPages.id, draft.draftOf)).for('update')
      : [];
    if (draft.alias) {
      const [taken] = await tx
        .select({ id: contentPages.id })
        .from(contentPages)
        .where(and(eq(contentPages.alias, draft.alias), eq(contentPages.published, true)));
      if (taken && taken.id !== target?.id) {
        throw swedishInputError('En annan publicerad sida har samma adress.', 'pageId');
      }
    }
    let publishedId = draft.id;
    if (target) {
      await tx.delete(contentContainers).where(eq(contentContainers.pageId, target.id));
      await tx
        .update(contentContainers)
        .set({ pageId: target.id })
        .where(eq(contentContainers.pageId, draft.id));
      await tx
        .update(contentPages)
        .set({
          title: draft.title,
          metaTitle: draft.metaTitle,
          metaDescription: draft.metaDescription,
          updatedAt: now,
        })
        .where(eq(contentPages.id, target.id));
      await tx.delete(contentPages).where(eq(contentPages.id, draft.id));
      publishedId = target.id;
    } else {
      await tx
        .update(contentPages)
        .set({ published: true, updatedAt: now })
        .where(eq(contentPages.id, draft.id));
    }
    await recordAudit(tx, {
      actor,
      action: 'content.publish',
      entityType: 'content_page',
      entityId: publishedId,
      before: target ? auditView(toStaffPage(target)) : auditView(toStaffPage(draft)),
      after: {
        ...auditView(toStaffPage(draft)),
        published: true,
        draftOf: null,
        fromDraft: draft.id,
      },
      at: now,
    });
    return publishedId;
  });
}

/**
 * Discards a draft copy of a published collection (its containers and widgets go with it) in one
 * transaction, audited as `content.discard` (before: the draft, after: null). The published
 * version is untouched.
 * @returns the id of the published collection
 * @throws ShopError NOT_FOUND, BAD_USER_INPUT (not a draft copy: a published or never published
 *   collection)
 */
export async function discardContentDraft(
  db: Database,
  pageId: number,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(contentPages)
      .where(eq(contentPages.id, pageId))
      .for('update');
    if (!draft) throw swedishNotFound('Sidan finns inte.');
    if (draft.published || draft.draftOf === null) {
      throw swedishInputError('Bara utkast av publicerade sidor kan förkastas.', 'pageId');
    }
    await tx.delete(contentPages).where(eq(contentPages.id, draft.id));
    await recordAudit(tx, {
      actor,
      action: 'content.discard',
      entityType: 'content_page',
      entityId: draft.id,
      before: auditView(toStaffPage(draft)),
      after: null,
      at: now,
    });
    return draft.draftOf;
  });
}

/**
 * The storefront path that previews a collection with drafts (`/preview-widgets`): by alias for
 * a page, without one for the start page's area; null for other areas (list and product pages
 * are previewed on those pages, which the preview route does not serve).
 */
export function contentPreviewPath(
  page: Pick<StaffContentPage, 'alias' | 'family'>,
): string | null {
  if (page.alias) return `/preview-widgets?alias=${encodeURIComponent(page.alias)}`;
  if (page.family === 'Frontpage') return '/preview-widgets';
  return null;
}
