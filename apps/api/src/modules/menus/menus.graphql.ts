/**
 * GraphQL types and root field of menus (issue 16; GEINS-API §2.1 global/menu.graphql, §3.1
 * getMenuAtLocation, §4.4 `MenuType`, `MenuItemType`).
 */
import { CustomerTypeEnum } from '../../graphql/address.ts';
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { menuAtLocation, type MenuItemView, type MenuView } from './menus.service.ts';

/** `MenuItemType`. */
export const MenuItemRef = builder.objectRef<MenuItemView>('MenuItemType');
MenuItemRef.implement({
  description: 'An item of a menu: a link to a category, brand, page or URL, or a plain text.',
  fields: (t) => ({
    id: t.exposeString('id', { nullable: false, description: 'Item id.' }),
    label: t.exposeString('label', { description: 'Link text (Swedish), e.g. "Kundtjänst".' }),
    title: t.exposeString('title', {
      nullable: true,
      description: 'Title attribute / longer description; null for none.',
    }),
    type: t.exposeString('type', {
      nullable: false,
      description:
        'What the item links to: "category", "brand", "page", "url" or "text" (no link).',
    }),
    order: t.exposeInt('order', {
      nullable: false,
      description: '0-based position among its siblings (items come in this order).',
    }),
    value: t.exposeString('value', {
      nullable: true,
      description:
        "The target's key: category id, brand alias, page alias or URL; null for a text item.",
    }),
    canonicalUrl: t.string({
      nullable: true,
      description:
        'Link target: a router path (category `/c/{path}`, brand `/b/{alias}`, page `/{alias}`; with `/{market}/{language}` before it under MARKET_IN_PATH) or an absolute URL; null for a text item. Follows renamed categories and brands.',
      resolve: (item, _args, ctx, info) =>
        item.canonicalUrl === null ? null : ctx.pagePath(info, item.canonicalUrl),
    }),
    targetBlank: t.exposeBoolean('targetBlank', {
      nullable: false,
      description: 'Open the link in a new tab.',
    }),
    open: t.exposeBoolean('open', {
      nullable: false,
      description: 'Show the sub-menu expanded by default.',
    }),
    hidden: t.exposeBoolean('hidden', {
      nullable: false,
      description: 'Kept in the menu but not shown (e.g. for breadcrumbs).',
    }),
    children: t.field({
      type: [MenuItemRef],
      description: 'Sub-items, in order (ralph and the SDK select 3 levels).',
      resolve: (item) => item.children,
    }),
  }),
});

/** `MenuType`. */
export const MenuRef = builder.objectRef<MenuView>('MenuType').implement({
  description: 'A menu shown at a location (GEINS-API §4.4).',
  fields: (t) => ({
    id: t.exposeString('id', { nullable: false, description: 'Menu id, e.g. "main".' }),
    name: t.exposeString('name', { description: 'Internal name, e.g. "Huvudmeny".' }),
    title: t.exposeString('title', {
      nullable: true,
      description: 'Heading shown above the menu (footer columns, side menu); null for none.',
    }),
    locations: t.exposeStringList('locations', {
      description: 'The locations the menu is shown at, e.g. ["main-desktop", "main-mobile"].',
    }),
    channels: t.exposeStringList('channels', {
      description: 'The channel ids it is shown in (the requested channel).',
    }),
    languages: t.exposeStringList('languages', {
      description: 'The languages it is shown in (the requested language; labels are Swedish).',
    }),
    menuItems: t.field({
      type: [MenuItemRef],
      description: 'The top-level items for the requested market and customer type, in order.',
      resolve: (menu) => menu.menuItems,
    }),
  }),
});

builder.queryFields((t) => ({
  getMenuAtLocation: t.field({
    type: MenuRef,
    nullable: true,
    description:
      'The menu at a location (`main-desktop`, `main-mobile`, `top-bar`, `footer-first`, `footer-second`, `info-pages`) for the market and customer type; null when no menu is at that location (GEINS-API §3.1). Cached with the reference data (REFERENCE_DATA_TTL_SECONDS).',
    args: {
      menuLocationId: t.arg.string({ description: 'The location id, e.g. "main-desktop".' }),
      customerGroupId: t.arg.int({ description: 'Accepted for compatibility; not used.' }),
      customerType: t.arg({
        type: CustomerTypeEnum,
        description:
          'The customer type of an anonymous shopper (default PERSON); a logged-in customer is shown the items for their own type.',
      }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      if (!args.menuLocationId) return null;
      const [directory, tree, shop, viewer] = await Promise.all([
        ctx.menus(),
        ctx.categoryTree(),
        ctx.shop(args),
        ctx.viewer(),
      ]);
      return menuAtLocation(directory, tree, args.menuLocationId, {
        marketId: shop.market.id,
        customerType: viewer?.customerType ?? args.customerType ?? 'PERSON',
        channelId: shop.channel.id,
        languageId: shop.language.id,
      });
    },
  }),
}));
