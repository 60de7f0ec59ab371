/**
 * Pages and widget areas on the admin API (issue 27 "Moderation and content"; issue 16):
 * `contentPages`, `contentPage` (content:read), and the draft workflow (content:write):
 * `openContentDraft`, `updateContentDraft`, `publishContentDraft`, `discardContentDraft`, and
 * `contentPreviewLink`, a `/preview-widgets` link with a staff preview token (valid 1 h, only
 * while the editor is active) instead of the CLI's operator token. The rules live in
 * modules/content/content-admin.service.ts; each change is audited with before/after.
 */
import { z } from 'zod';
import { swedishNotFound } from '../../errors.ts';
import {
  contentDraftSchema,
  contentPreviewPath,
  discardContentDraft,
  listStaffContentPages,
  openContentDraft,
  publishContentDraft,
  staffContentPage,
  updateContentDraft,
  type StaffContentDetail,
  type StaffContentPage,
  type StaffWidget,
} from '../../modules/content/content-admin.service.ts';
import {
  issuePreviewToken,
  STAFF_PREVIEW_TOKEN_SECONDS,
} from '../../modules/content/preview-token.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireStaff } from './guard.ts';
import { idSchema, parseSwedishInput } from './marketing-input.ts';

const ContentPageRef = adminBuilder.objectRef<StaffContentPage>('ContentPage');
ContentPageRef.implement({
  description: 'A content page or a widget area (a widget collection), published or a draft.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    alias: t.exposeString('alias', {
      nullable: true,
      description: 'URL alias (`/{alias}`) of a page.',
    }),
    name: t.exposeString('name', { description: 'Internal name.' }),
    title: t.exposeString('title', { nullable: true, description: 'Heading shown to shoppers.' }),
    family: t.exposeString('family', { description: 'Content, Frontpage, Productlist, Product.' }),
    areaName: t.exposeString('areaName'),
    tags: t.exposeStringList('tags'),
    metaTitle: t.exposeString('metaTitle', { nullable: true }),
    metaDescription: t.exposeString('metaDescription', { nullable: true }),
    published: t.exposeBoolean('published', { description: 'False: a draft (preview only).' }),
    draftOf: t.exposeInt('draftOf', {
      nullable: true,
      description: 'The published collection this draft replaces when published.',
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    previewPath: t.string({
      nullable: true,
      description:
        'The storefront path that previews it with drafts (add a token: contentPreviewLink); ' +
        'null for list and product page areas.',
      resolve: (page) => contentPreviewPath(page),
    }),
  }),
});

const ContentWidgetType = adminBuilder.objectRef<StaffWidget>('ContentWidget').implement({
  description: 'A widget of a collection.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    containerName: t.exposeString('containerName', { description: 'Its row (container).' }),
    name: t.exposeString('name', { description: 'Text, Rich text, HTML, Image, Banner, …' }),
    type: t.exposeString('type', { description: 'Geins widget type id.' }),
    configuration: t.exposeString('configuration', {
      description: 'The Geins configuration JSON document, as text.',
    }),
  }),
});

const ContentDetailType = adminBuilder
  .objectRef<StaffContentDetail>('ContentPageDetail')
  .implement({
    description: 'A collection with its widgets in display order.',
    fields: (t) => ({
      page: t.field({ type: ContentPageRef, resolve: (d) => d }),
      widgets: t.field({ type: [ContentWidgetType], resolve: (d) => d.widgets }),
    }),
  });

const WidgetChangeInput = adminBuilder.inputType('ContentWidgetChangeInput', {
  description: "A widget's new configuration (a JSON object as text).",
  fields: (t) => ({
    id: t.int({ required: true }),
    configuration: t.string({ required: true }),
  }),
});

const DraftInput = adminBuilder.inputType('ContentDraftInput', {
  description: "A draft's texts (null or empty clears them) and widget configurations.",
  fields: (t) => ({
    pageId: t.int({ required: true }),
    title: t.string({ required: false }),
    metaTitle: t.string({ required: false }),
    metaDescription: t.string({ required: false }),
    widgets: t.field({ type: [WidgetChangeInput], required: false }),
  }),
});

/** A collection with its widgets. @throws ShopError NOT_FOUND (Swedish) */
async function detailOf(ctx: AdminContext, id: number): Promise<StaffContentDetail> {
  const detail = await staffContentPage(ctx.db, id);
  if (!detail) throw swedishNotFound('Sidan finns inte.');
  return detail;
}

const idArgs = z.object({ id: idSchema });

adminBuilder.queryFields((t) => ({
  contentPages: t.field({
    type: [ContentPageRef],
    description: 'Every page and widget area, drafts included (content:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      return listStaffContentPages(ctx.db);
    },
  }),
  contentPage: t.field({
    type: ContentDetailType,
    nullable: true,
    description: 'One page or area with its widgets (content:read); null for an unknown id.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      const { id } = parseSwedishInput(idArgs, args);
      return staffContentPage(ctx.db, id);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  openContentDraft: t.field({
    type: ContentDetailType,
    description:
      'The draft of a page or area to edit (content:write): itself when not published, else ' +
      'its draft, made as a copy when there is none (audited). Errors: NOT_FOUND.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const { id } = parseSwedishInput(idArgs, args);
      return detailOf(ctx, await openContentDraft(ctx.db, id, actorOf(ctx), ctx.now));
    },
  }),
  updateContentDraft: t.field({
    type: ContentDetailType,
    description:
      "Saves a draft's texts and widget configurations (content:write; audited). Errors: " +
      'BAD_USER_INPUT (a published page, a widget of another page, configuration not a JSON ' +
      'object: `argument` names the field), NOT_FOUND.',
    args: { input: t.arg({ type: DraftInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const input = parseSwedishInput(contentDraftSchema, args.input);
      await updateContentDraft(ctx.db, input, actorOf(ctx), ctx.now);
      return detailOf(ctx, input.pageId);
    },
  }),
  publishContentDraft: t.field({
    type: ContentPageRef,
    description:
      'Publishes a draft (content:write; audited): it replaces the published version, which ' +
      'keeps its id and address. Returns the published page. Errors: BAD_USER_INPUT (already ' +
      'published, the address taken), NOT_FOUND.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const { id } = parseSwedishInput(idArgs, args);
      const published = await publishContentDraft(ctx.db, id, actorOf(ctx), ctx.now);
      return detailOf(ctx, published);
    },
  }),
  discardContentDraft: t.field({
    type: ContentPageRef,
    description:
      'Discards the draft copy of a published page or area (content:write; audited); returns ' +
      'the published version, unchanged. Errors: BAD_USER_INPUT (not a draft copy), NOT_FOUND.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const { id } = parseSwedishInput(idArgs, args);
      return detailOf(ctx, await discardContentDraft(ctx.db, id, actorOf(ctx), ctx.now));
    },
  }),
  contentPreviewLink: t.string({
    nullable: true,
    description:
      "A storefront link (path and query) that previews a page or the start page's area with " +
      'drafts, carrying a staff preview token valid 1 hour and only while this staff user is ' +
      'active (content:write); null for areas the preview does not serve. Errors: NOT_FOUND.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const staff = requireStaff(ctx, 'content', 'write');
      const { id } = parseSwedishInput(idArgs, args);
      const path = contentPreviewPath(await detailOf(ctx, id));
      if (!path) return null;
      const token = await issuePreviewToken(
        staff.email,
        ctx.config.auth,
        ctx.now,
        STAFF_PREVIEW_TOKEN_SECONDS,
        staff.id,
      );
      return `${path}${path.includes('?') ? '&' : '?'}loginToken=${encodeURIComponent(token)}`;
    },
  }),
}));
