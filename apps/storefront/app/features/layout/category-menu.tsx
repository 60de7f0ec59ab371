/**
 * The category part of the main menu (WAI-ARIA disclosure navigation; items of the
 * `main-desktop` menu, issue 16): each root category is a link, and a separate button with aria-expanded opens its subcategories right after it (in
 * focus order too). Escape closes and returns focus to the button; focus leaving the root's
 * item, a click outside or a navigation closes (WCAG 2.2 SC 2.4.11: an open sub-menu never
 * covers the focused element). Without JavaScript the links still work.
 */
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { MenuItemLink } from './menu-link';
import type { MenuLink } from './menus';

/** Root categories (menu items) with disclosure panels for their children. */
export function CategoryMenu({ categories }: { categories: MenuLink[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    // A navigation closes the menu (state adjusted during render, no effect needed).
    setShownFor(pathname);
    setOpenId(null);
  }

  useEffect(() => {
    if (openId === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Handled: the phone's main menu (site-header.tsx) stays open for this Escape.
      event.preventDefault();
      setOpenId(null);
      listRef.current
        ?.querySelector<HTMLButtonElement>(`[aria-controls="submenu-${openId}"]`)
        ?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!listRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    // Capture: runs before the main menu's own Escape listener.
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [openId]);

  /** Focus moved from an open root's item to an element outside it: close. */
  const onItemBlur = (event: FocusEvent<HTMLLIElement>, id: string) => {
    const next = event.relatedTarget;
    if (openId === id && next instanceof Node && !event.currentTarget.contains(next)) {
      setOpenId(null);
    }
  };

  return (
    <ul className="category-nav__list" aria-label={t('header.categoryNav')} ref={listRef}>
      {categories.map((category) => (
        <li
          key={category.id}
          className="category-nav__item"
          onBlur={(event) => onItemBlur(event, category.id)}
        >
          <MenuItemLink item={category} className="category-nav__link" />
          {category.children.length > 0 ? (
            <>
              <button
                type="button"
                className="category-nav__toggle"
                aria-expanded={openId === category.id}
                aria-controls={`submenu-${category.id}`}
                onClick={() => setOpenId(openId === category.id ? null : category.id)}
              >
                <ChevronDownIcon width="18" height="18" />
                <span className="sr-only">
                  {t('header.subCategoriesOf', { category: category.label })}
                </span>
              </button>
              <div
                id={`submenu-${category.id}`}
                className="category-nav__panel"
                hidden={openId !== category.id}
              >
                <ul className="category-nav__sublist container">
                  {category.url !== null ? (
                    <li>
                      <MenuItemLink
                        item={category}
                        className="category-nav__sublink category-nav__sublink--all"
                      >
                        {t('header.showAllIn', { category: category.label })}
                      </MenuItemLink>
                    </li>
                  ) : null}
                  {category.children.map((child) => (
                    <li key={child.id}>
                      <MenuItemLink item={child} className="category-nav__sublink" />
                    </li>
                  ))}
                </ul>
              </div>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
