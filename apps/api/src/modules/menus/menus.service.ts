/**
 * Menus (issue 16; GEINS-API §2.1 getMenuAtLocation, §4.4 `MenuType`, `MenuItemType`). Every
 * menu of the shop is read in three statements ({@link loadMenuDirectory}), kept with the other
 * reference data (REFERENCE_DATA_TTL_SECONDS), and a location's menu is cut from that copy per
 * request ({@link menuAtLocation}): filtered by market and customer type, nested, ordered, and
 * each link resolved to its canonical URL from the catalogue (a renamed category or brand keeps
 * working because the item stores its id, not its URL).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  brandCanonicalUrl,
  brandsByIds,
  categoryCanonicalUrl,
  type CategoryTree,
} from '../catalog/catalog.service.ts';
import { menuItems, menuLocations, menus, type MenuItemKind } from './menus.tables.ts';

/** A stored menu item with its brand's alias (for the link), as {@link loadMenuDirectory} reads it. */
export interface MenuItemRow {
  id: number;
  menuId: string;
  parentId: number | null;
  sortOrder: number;
  label: string;
  title: string | null;
  type: MenuItemKind;
  categoryId: number | null;
  brandId: number | null;
  brandAlias: string | null;
  target: string | null;
  targetBlank: boolean;
  open: boolean;
  hidden: boolean;
  marketIds: string[] | null;
  customerTypes: string[] | null;
}

/** A stored menu with its locations and every item (flat, in order). */
export interface MenuRecord {
  id: string;
  name: string;
  title: string | null;
  locations: string[];
  items: MenuItemRow[];
}

/** Every menu by location id. */
export interface MenuDirectory {
  byLocation: Map<string, MenuRecord>;
}

/**
 * Reads every menu, location and item: three statements (menus with locations, items, the
 * linked brands' aliases).
 */
export async function loadMenuDirectory(db: Database): Promise<MenuDirectory> {
  const [located, rows] = await Promise.all([
    db
      .select({
        id: menus.id,
        name: menus.name,
        title: menus.title,
        location: menuLocations.id,
      })
      .from(menuLocations)
      .innerJoin(menus, eq(menus.id, menuLocations.menuId))
      .orderBy(asc(menuLocations.id)),
    db
      .select({
        id: menuItems.id,
        menuId: menuItems.menuId,
        parentId: menuItems.parentId,
        sortOrder: menuItems.sortOrder,
        label: menuItems.label,
        title: menuItems.title,
        type: menuItems.type,
        categoryId: menuItems.categoryId,
        brandId: menuItems.brandId,
        target: menuItems.target,
        targetBlank: menuItems.targetBlank,
        open: menuItems.open,
        hidden: menuItems.hidden,
        marketIds: menuItems.marketIds,
        customerTypes: menuItems.customerTypes,
      })
      .from(menuItems)
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.id)),
  ]);
  const brandIds = [...new Set(rows.flatMap((r) => (r.brandId === null ? [] : [r.brandId])))];
  const brands = await brandsByIds(db, brandIds);
  const items: MenuItemRow[] = rows.map((r) => ({
    ...r,
    brandAlias: r.brandId === null ? null : (brands.get(r.brandId)?.alias ?? null),
  }));
  const byId = new Map<string, MenuRecord>();
  const byLocation = new Map<string, MenuRecord>();
  for (const row of located) {
    let menu = byId.get(row.id);
    if (!menu) {
      menu = { id: row.id, name: row.name, title: row.title, locations: [], items: [] };
      byId.set(row.id, menu);
    }
    menu.locations.push(row.location);
    byLocation.set(row.location, menu);
  }
  for (const item of items) byId.get(item.menuId)?.items.push(item);
  return { byLocation };
}

/** A menu item as the API shows it (`MenuItemType`). */
export interface MenuItemView {
  /** The item id as text. */
  id: string;
  label: string;
  title: string | null;
  /** The link kind: category, brand, page, url or text. */
  type: MenuItemKind;
  /** 0-based position among its siblings after filtering. */
  order: number;
  /** The target's key: category id, brand alias, page alias or URL; null for a text. */
  value: string | null;
  /** Router path (`/c/…`, `/b/…`, `/{alias}`) or absolute URL; null for a text item. */
  canonicalUrl: string | null;
  targetBlank: boolean;
  open: boolean;
  hidden: boolean;
  children: MenuItemView[];
}

/** A menu as the API shows it (`MenuType`). */
export interface MenuView {
  id: string;
  name: string;
  title: string | null;
  locations: string[];
  channels: string[];
  languages: string[];
  menuItems: MenuItemView[];
}

/** Who is looking: the market (`SE|SEK`) and customer type (`PERSON`, `ORGANIZATION`). */
export interface MenuAudience {
  marketId: string;
  customerType: string;
  channelId: string;
  languageId: string;
}

function visibleTo(item: MenuItemRow, audience: MenuAudience): boolean {
  return (
    (item.marketIds === null || item.marketIds.includes(audience.marketId)) &&
    (item.customerTypes === null || item.customerTypes.includes(audience.customerType))
  );
}

/**
 * The link of an item: `[value, canonicalUrl]`; null when its category is hidden or gone (the
 * item is then left out, with its children).
 */
function linkOf(item: MenuItemRow, tree: CategoryTree): [string | null, string | null] | null {
  switch (item.type) {
    case 'category': {
      const path = tree.pathOf(item.categoryId ?? 0);
      if (path.length === 0 || path.some((c) => c.isHidden)) return null;
      return [String(item.categoryId), categoryCanonicalUrl(tree, item.categoryId!)];
    }
    case 'brand':
      return item.brandAlias === null
        ? null
        : [item.brandAlias, brandCanonicalUrl({ alias: item.brandAlias })];
    case 'page':
      return [item.target, `/${encodeURIComponent(item.target ?? '')}`];
    case 'url':
      return [item.target, item.target];
    case 'text':
      return [null, null];
  }
}

/**
 * The menu shown at `locationId` for `audience`, or null when no menu is at that location (the
 * contract's answer for an unknown location). Items for other markets or customer types, and
 * items linking to hidden or deleted categories, are left out with their children.
 */
export function menuAtLocation(
  directory: MenuDirectory,
  tree: CategoryTree,
  locationId: string,
  audience: MenuAudience,
): MenuView | null {
  const menu = directory.byLocation.get(locationId);
  if (!menu) return null;
  const children = new Map<number | null, MenuItemRow[]>();
  for (const item of menu.items) {
    const list = children.get(item.parentId) ?? [];
    list.push(item);
    children.set(item.parentId, list);
  }
  const build = (parentId: number | null, seen: Set<number>): MenuItemView[] => {
    const views: MenuItemView[] = [];
    for (const item of children.get(parentId) ?? []) {
      if (seen.has(item.id) || !visibleTo(item, audience)) continue;
      const link = linkOf(item, tree);
      if (!link) continue;
      views.push({
        id: String(item.id),
        label: item.label,
        title: item.title,
        type: item.type,
        order: views.length,
        value: link[0],
        canonicalUrl: link[1],
        targetBlank: item.targetBlank,
        open: item.open,
        hidden: item.hidden,
        children: build(item.id, new Set([...seen, item.id])),
      });
    }
    return views;
  };
  return {
    id: menu.id,
    name: menu.name,
    title: menu.title,
    locations: menu.locations,
    channels: [audience.channelId],
    languages: [audience.languageId],
    menuItems: build(null, new Set()),
  };
}
