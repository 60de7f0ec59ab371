/**
 * The top bar of the default layout: the shop's selling points, the API's `top-bar` menu (issue
 * 16; the seed's: free shipping over 499 kr to service points per SPEC §9, in each market's
 * currency, delivery time and returns). An item with a link is a link. Nothing is shown when the
 * menu is empty.
 */
import { CheckIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { MenuItemLink } from './menu-link';
import type { MenuLink } from './menus';

/** Selling points above the header. */
export function TopBar({ items }: { items: MenuLink[] }) {
  if (items.length === 0) return null;
  return (
    <aside className="top-bar" aria-label={t('topBar.label')}>
      <ul className="top-bar__list container">
        {items.map((item) => (
          <li key={item.id}>
            <CheckIcon width="16" height="16" />
            <MenuItemLink item={item} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
