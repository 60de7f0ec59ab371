/** The header of the default layout: logo, search, favourites, cart and the category menu. */
import { useRef } from 'react';
import { CustomerTypeSwitch } from '../market/customer-type-switch';
import { MarketPicker } from '../market/market-picker';
import { AccountLink } from '../account/account-link';
import { CartLink } from '../cart/cart-link';
import { FavoritesLink } from '../favorites/favorites-link';
import { CategoryMenu } from './category-menu';
import type { CategoryNode } from './category-tree';
import { Logo } from './logo';
import { SearchForm } from './search-form';
import { useHeaderHeight } from './use-header-height';
import { useHideOnScroll } from './use-hide-on-scroll';

/** Site header; hides while scrolling down. */
export function SiteHeader({
  shopName,
  categories,
}: {
  shopName: string;
  categories: CategoryNode[];
}) {
  const ref = useRef<HTMLElement>(null);
  useHideOnScroll(ref);
  useHeaderHeight(ref);
  return (
    <header className="site-header" ref={ref}>
      <div className="site-header__bar container">
        <Logo shopName={shopName} />
        <SearchForm />
        <div className="site-header__prefs">
          <CustomerTypeSwitch />
          <MarketPicker />
        </div>
        <ul className="site-header__actions">
          <li>
            <FavoritesLink />
          </li>
          <li>
            <AccountLink />
          </li>
          <li>
            <CartLink />
          </li>
        </ul>
      </div>
      <CategoryMenu categories={categories} />
    </header>
  );
}
