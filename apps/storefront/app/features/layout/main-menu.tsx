/**
 * The shop's main menu (issue 14 "everything reachable by clicking"): the root categories with
 * their sub-menus, the news, brands and sale lists, and the customer type and market. A row
 * under the header's bar from 900 px; on a phone the header's menu button opens it as a panel.
 */
import type { FocusEventHandler } from 'react';
import { NavLink } from 'react-router';
import { t } from '../../i18n/i18n';
import { CustomerTypeSwitch } from '../market/customer-type-switch';
import { MarketPicker } from '../market/market-picker';
import { CategoryMenu } from './category-menu';
import type { CategoryNode } from './category-tree';

/** Lists beside the categories: path and message key of the link text. */
export const MENU_LISTS = [
  { path: '/nyheter', label: 'header.menu.news' },
  { path: '/varumarken', label: 'header.menu.brands' },
  { path: '/l/rea', label: 'header.menu.sale' },
] as const;

/** The main menu; `onBlur` lets the header close it when focus leaves (phones). */
export function MainMenu({
  id,
  categories,
  onBlur,
}: {
  id: string;
  categories: CategoryNode[];
  onBlur: FocusEventHandler<HTMLElement>;
}) {
  return (
    <nav id={id} className="site-menu" aria-label={t('header.menu')} onBlur={onBlur}>
      <div className="site-menu__inner container">
        <CategoryMenu categories={categories} />
        <ul className="site-menu__lists">
          {MENU_LISTS.map((item) => (
            <li key={item.path}>
              <NavLink to={item.path} className="site-menu__link" prefetch="intent" end>
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="site-header__prefs">
          <CustomerTypeSwitch />
          <MarketPicker />
        </div>
      </div>
    </nav>
  );
}
