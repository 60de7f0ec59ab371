/**
 * The content pages' side menu (issue 16; GEINS-API §2.4 content page: the `info-pages` menu,
 * shown when the page is tagged `menu`): a navigation landmark with the menu's title as its
 * heading and the current page's link marked `aria-current="page"`. Load the menu with
 * `loadMenu(context, 'info-pages')` (menus.server.ts) in the page's loader.
 */
import { useId } from 'react';
import { t } from '../../i18n/i18n';
import { MenuItemLink } from './menu-link';
import type { MenuLink, SiteMenu } from './menus';

function Links({ items }: { items: MenuLink[] }) {
  return (
    <ul className="info-menu__list">
      {items.map((item) => (
        <li key={item.id}>
          <MenuItemLink item={item} className="info-menu__link" nav />
          {item.children.length > 0 ? <Links items={item.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Side menu of the information pages; renders nothing for an empty menu. */
export function InfoPagesMenu({ menu }: { menu: SiteMenu }) {
  const headingId = useId();
  if (menu.items.length === 0) return null;
  const title = menu.title ?? t('infoMenu.label');
  return (
    <nav className="info-menu" aria-labelledby={headingId}>
      <h2 id={headingId} className="info-menu__title">
        {title}
      </h2>
      <Links items={menu.items} />
    </nav>
  );
}
