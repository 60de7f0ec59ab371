/**
 * The shop's main menu (issue 14 "everything reachable by clicking"; issue 16: the
 * `main-desktop` menu of the API): the categories with their sub-menus, the other links (news,
 * brands, sale as the seed gives them), and the customer type and market. A row under the
 * header's bar from 900 px; on a phone the header's menu button opens it as a panel.
 */
import type { FocusEventHandler } from 'react';
import { t } from '../../i18n/i18n';
import { CustomerTypeSwitch } from '../market/customer-type-switch';
import { MarketPicker } from '../market/market-picker';
import { CategoryMenu } from './category-menu';
import { MenuItemLink } from './menu-link';
import { splitMainMenu, type MenuLink } from './menus';

/** The main menu; `onBlur` lets the header close it when focus leaves (phones). */
export function MainMenu({
  id,
  items,
  onBlur,
}: {
  id: string;
  items: MenuLink[];
  onBlur: FocusEventHandler<HTMLElement>;
}) {
  const { groups, links } = splitMainMenu(items);
  return (
    <nav id={id} className="site-menu" aria-label={t('header.menu')} onBlur={onBlur}>
      <div className="site-menu__inner container">
        <CategoryMenu categories={groups} />
        {links.length > 0 ? (
          <ul className="site-menu__lists">
            {links.map((item) => (
              <li key={item.id}>
                <MenuItemLink item={item} className="site-menu__link" nav />
              </li>
            ))}
          </ul>
        ) : null}
        <div className="site-header__prefs">
          <CustomerTypeSwitch />
          <MarketPicker />
        </div>
      </div>
    </nav>
  );
}
