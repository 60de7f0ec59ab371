/**
 * The header of the default layout. From 900 px: logo, search box and favourites/account/cart
 * in one row, the menu (categories, Nyheter, Varumärken, Rea, customer type and market) below.
 * On a phone (issue 14): one compact row of logo, search button, favourites, account, cart and
 * a menu button; the search box and the menu open on demand. The open menu closes on Escape,
 * when focus leaves it, on a click outside and on navigation (WCAG 2.2 SC 2.4.11: it never
 * covers the focused element). Without JavaScript both are simply open (layout.css
 * `@media (scripting: none)`). The header hides while scrolling down.
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon, SearchIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { AccountLink } from '../account/account-link';
import { CartLink } from '../cart/cart-link';
import { FavoritesLink } from '../favorites/favorites-link';
import { Logo } from './logo';
import { MainMenu } from './main-menu';
import type { MenuLink } from './menus';
import { SearchForm } from './search-form';
import { useHeaderHeight } from './use-header-height';
import { useHideOnScroll } from './use-hide-on-scroll';

/** Id of the menu the phone's menu button opens. */
export const MENU_ID = 'site-menu';
/** Id of the search row the phone's search button opens. */
export const SEARCH_ID = 'site-search';

/** True when `next` (the element getting focus) is a real element outside `container`. */
function focusLeft(container: Element, next: EventTarget | null): boolean {
  return next instanceof Node && !container.contains(next);
}

/** Site header; hides while scrolling down. */
export function SiteHeader({ shopName, menu }: { shopName: string; menu: MenuLink[] }) {
  const ref = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  const searchRow = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  useHideOnScroll(ref);
  useHeaderHeight(ref);

  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    // A navigation closes the menu and the phone's search row.
    setShownFor(pathname);
    setMenuOpen(false);
    setSearchOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // An open sub-menu takes the first Escape (category-menu.tsx marks it handled).
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // Escape in a modal dialog of the menu (the market picker) closes that dialog only.
      if (event.target instanceof Element && event.target.closest('dialog[open]')) return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (searchOpen) searchRow.current?.querySelector('input')?.focus();
  }, [searchOpen]);

  const onMenuBlur = (event: FocusEvent<HTMLElement>) => {
    if (
      focusLeft(event.currentTarget, event.relatedTarget) &&
      event.relatedTarget !== menuButton.current
    ) {
      setMenuOpen(false);
    }
  };
  const onSearchBlur = (event: FocusEvent<HTMLDivElement>) => {
    // The phone's search row folds away when focus leaves it empty.
    const input = event.currentTarget.querySelector('input');
    if (
      focusLeft(event.currentTarget, event.relatedTarget) &&
      event.relatedTarget !== searchButton.current &&
      !input?.value
    ) {
      setSearchOpen(false);
    }
  };

  return (
    <header
      className="site-header"
      ref={ref}
      data-menu-open={menuOpen ? '' : undefined}
      data-search-open={searchOpen ? '' : undefined}
    >
      <div className="site-header__bar container">
        <Logo shopName={shopName} />
        <div id={SEARCH_ID} className="site-header__search" ref={searchRow} onBlur={onSearchBlur}>
          <SearchForm />
        </div>
        <ul className="site-header__actions">
          <li className="site-header__phone-only">
            <button
              type="button"
              className="header-action"
              ref={searchButton}
              aria-expanded={searchOpen}
              aria-controls={SEARCH_ID}
              onClick={() => setSearchOpen(!searchOpen)}
            >
              <SearchIcon />
              <span className="header-action__label">{t('header.search.open')}</span>
            </button>
          </li>
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
        <button
          type="button"
          className="header-action site-header__menu-button site-header__phone-only"
          ref={menuButton}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <MenuIcon />
          <span className="header-action__label">{t('header.menu')}</span>
        </button>
      </div>
      <MainMenu id={MENU_ID} items={menu} onBlur={onMenuBlur} />
    </header>
  );
}
