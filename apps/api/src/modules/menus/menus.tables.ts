/**
 * Menus (issue 16; GEINS-API §2.1 getMenuAtLocation, §4.4 `MenuType`, `MenuItemType`): a menu is
 * shown at one or more locations (`main-desktop`, `main-mobile`, `top-bar`, `footer-first`,
 * `footer-second`, `info-pages`); its items form a tree and each links to a category, a brand, a
 * content page (by alias), a URL, or nothing (a plain text, e.g. a selling point).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { brands, categories } from '../catalog/catalog.tables.ts';

/** A menu (`MenuType`). `id` is its API id (text), e.g. "main". */
export const menus = pgTable('menus', {
  id: text().primaryKey(),
  /** Internal name, e.g. "Huvudmeny". */
  name: text().notNull(),
  /** Heading shown above the menu (footer columns, side menu); null for none. */
  title: text(),
});

/** Where a menu is shown: each location shows at most one menu. */
export const menuLocations = pgTable(
  'menu_locations',
  {
    /** The location id clients pass as `menuLocationId`, e.g. "main-desktop". */
    id: text().primaryKey(),
    menuId: text()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.menuId)],
);

/** The link kinds of a menu item (`MenuItemType.type`). */
export const MENU_ITEM_TYPES = ['category', 'brand', 'page', 'url', 'text'] as const;
/** A link kind of {@link MENU_ITEM_TYPES}. */
export type MenuItemKind = (typeof MENU_ITEM_TYPES)[number];

/**
 * An item of a menu (`MenuItemType`). Exactly the column of its `type` names the target:
 * `categoryId` (category), `brandId` (brand), `target` (page: the content page's alias;
 * url: an absolute URL or a path). `marketIds` / `customerTypes` null: shown everywhere /
 * to everyone; otherwise only in those markets (`SE|SEK`) / to those customer types
 * (`PERSON`, `ORGANIZATION`).
 */
export const menuItems = pgTable(
  'menu_items',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    menuId: text()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => menuItems.id, { onDelete: 'cascade' }),
    sortOrder: integer().notNull().default(0),
    label: text().notNull(),
    /** Tooltip / accessible title; null for none. */
    title: text(),
    type: text().$type<MenuItemKind>().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    brandId: integer().references(() => brands.id, { onDelete: 'cascade' }),
    target: text(),
    targetBlank: boolean().notNull().default(false),
    /** Shown expanded (a sub-menu open by default). */
    open: boolean().notNull().default(false),
    hidden: boolean().notNull().default(false),
    marketIds: text().array(),
    customerTypes: text().array(),
  },
  (t) => [
    index().on(t.menuId),
    check('menu_items_type_check', sql`${t.type} in ('category', 'brand', 'page', 'url', 'text')`),
    check(
      'menu_items_target_check',
      sql`(${t.type} <> 'category' or ${t.categoryId} is not null)
        and (${t.type} <> 'brand' or ${t.brandId} is not null)
        and (${t.type} not in ('page', 'url') or ${t.target} is not null)`,
    ),
  ],
);
