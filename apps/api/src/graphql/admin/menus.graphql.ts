/**
 * Menus on the admin API (issue 27 "Moderation and content"; issue 16): `adminMenus`
 * (content:read) and `updateMenuItem` (content:write, audited). After a change this process's
 * copy of the reference data is dropped, so the shop's `getMenuAtLocation` shows it at once
 * (other instances within REFERENCE_DATA_TTL_SECONDS). Rules: modules/menus/menus-admin.service.ts.
 */
import {
  listStaffMenus,
  menuItemChangeSchema,
  updateMenuItem,
  type StaffMenu,
  type StaffMenuItem,
} from '../../modules/menus/menus-admin.service.ts';
import { invalidateReferenceData } from '../reference-data.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseSwedishInput } from './marketing-input.ts';

const MenuItemType = adminBuilder.objectRef<StaffMenuItem>('AdminMenuItem').implement({
  description: 'A menu item (parents before their children, each level in order).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    parentId: t.exposeInt('parentId', { nullable: true }),
    sortOrder: t.exposeInt('sortOrder', { description: 'Lower first within its level.' }),
    label: t.exposeString('label'),
    title: t.exposeString('title', { nullable: true, description: 'Tooltip / accessible title.' }),
    type: t.exposeString('type', { description: 'category, brand, page, url or text.' }),
    target: t.exposeString('target', {
      nullable: true,
      description: "A page's alias or a URL (page and url items).",
    }),
    hidden: t.exposeBoolean('hidden', { description: 'Not shown in the shop.' }),
  }),
});

const MenuType = adminBuilder.objectRef<StaffMenu>('AdminMenu').implement({
  description: 'A menu with the locations it is shown at and its items.',
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    title: t.exposeString('title', { nullable: true }),
    locations: t.exposeStringList('locations', {
      description: 'main-desktop, main-mobile, top-bar, footer-first, footer-second, info-pages.',
    }),
    items: t.field({ type: [MenuItemType], resolve: (m) => m.items }),
  }),
});

const MenuItemInput = adminBuilder.inputType('MenuItemChangeInput', {
  description: "A menu item's new label, title (null clears), order and visibility.",
  fields: (t) => ({
    id: t.int({ required: true }),
    label: t.string({ required: true }),
    title: t.string({ required: false }),
    sortOrder: t.int({ required: true }),
    hidden: t.boolean({ required: true }),
  }),
});

adminBuilder.queryFields((t) => ({
  adminMenus: t.field({
    type: [MenuType],
    description: 'Every menu with its items (content:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      return listStaffMenus(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  updateMenuItem: t.field({
    type: MenuItemType,
    description:
      "Changes a menu item's label, title, order and visibility (content:write; audited); " +
      'the shop shows it at once. Errors: BAD_USER_INPUT (empty label), NOT_FOUND.',
    args: { input: t.arg({ type: MenuItemInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const input = parseSwedishInput(menuItemChangeSchema, args.input);
      const item = await updateMenuItem(ctx.db, input, actorOf(ctx), ctx.now);
      invalidateReferenceData(ctx.db);
      return item;
    },
  }),
}));
