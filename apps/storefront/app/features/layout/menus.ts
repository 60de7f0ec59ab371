/**
 * The shop's menus as the layout renders them (issue 16; GEINS-API §2.1 getMenuAtLocation, §4.4
 * MenuType, MenuItemType): the API's menu mapped to plain links, hidden items and empty labels
 * left out. Pure functions; the loading is in menus.server.ts.
 */
import type { LayoutMenuFragment } from '../../graphql/generated';

/** A link of a menu (or a plain text when `url` is null), with its sub-links. */
export interface MenuLink {
  id: string;
  label: string;
  /** Title attribute; null for none. */
  title: string | null;
  /** A router path (`/c/cyklar`, `/kopvillkor`) or an absolute URL; null for a plain text. */
  url: string | null;
  /** True for an absolute URL (`https:`, `mailto:`, `tel:`): rendered as `<a>`, not a router link. */
  external: boolean;
  /** Open in a new tab. */
  targetBlank: boolean;
  /** The API's item type: category, brand, page, url or text. */
  type: string;
  children: MenuLink[];
}

/** A menu: heading (null for none) and its links. */
export interface SiteMenu {
  title: string | null;
  items: MenuLink[];
}

/** The layout's menus (header, top bar, footer columns). */
export interface LayoutMenus {
  main: SiteMenu;
  topBar: SiteMenu;
  footerFirst: SiteMenu;
  footerSecond: SiteMenu;
}

/** A menu without items: what a missing location shows. */
export const EMPTY_MENU: SiteMenu = { title: null, items: [] };

/** The layout's menus when none could be read. */
export const EMPTY_LAYOUT_MENUS: LayoutMenus = {
  main: EMPTY_MENU,
  topBar: EMPTY_MENU,
  footerFirst: EMPTY_MENU,
  footerSecond: EMPTY_MENU,
};

type ApiItem = {
  id: string;
  label?: string | null;
  title?: string | null;
  type: string;
  canonicalUrl?: string | null;
  targetBlank: boolean;
  hidden: boolean;
  children?: ReadonlyArray<ApiItem | null> | null;
};

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

function toLinks(items: ReadonlyArray<ApiItem | null> | null | undefined): MenuLink[] {
  const links: MenuLink[] = [];
  for (const item of items ?? []) {
    const label = item?.label?.trim();
    if (!item || item.hidden || !label) continue;
    const url = item.canonicalUrl || null;
    links.push({
      id: item.id,
      label,
      title: item.title || null,
      url,
      external: url !== null && EXTERNAL.test(url),
      targetBlank: item.targetBlank,
      type: item.type,
      children: toLinks(item.children),
    });
  }
  return links;
}

/** Maps the API's menu (null: no menu at that location) to a {@link SiteMenu}. */
export function toSiteMenu(menu: LayoutMenuFragment | null | undefined): SiteMenu {
  if (!menu) return EMPTY_MENU;
  return { title: menu.title || null, items: toLinks(menu.menuItems as ApiItem[] | null) };
}

/** The items of a main menu that open a sub-menu or are categories, and the plain links beside them. */
export function splitMainMenu(items: readonly MenuLink[]): {
  groups: MenuLink[];
  links: MenuLink[];
} {
  const groups = items.filter((i) => i.children.length > 0 || i.type === 'category');
  const links = items.filter((i) => !groups.includes(i));
  return { groups, links };
}
