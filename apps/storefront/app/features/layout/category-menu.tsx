/**
 * The category menu (WAI-ARIA disclosure navigation): each root category is a link, and a
 * separate button with aria-expanded opens its subcategories. Escape closes and returns focus to
 * the button; a click outside or a navigation closes. Without JavaScript the links still work.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronDownIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import type { CategoryNode } from './category-tree';

/** Root categories with disclosure panels for their children. */
export function CategoryMenu({ categories }: { categories: CategoryNode[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
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
      setOpenId(null);
      navRef.current
        ?.querySelector<HTMLButtonElement>(`[aria-controls="submenu-${openId}"]`)
        ?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [openId]);

  const withChildren = categories.filter((category) => category.children.length > 0);
  return (
    <nav className="category-nav" aria-label={t('header.categoryNav')} ref={navRef}>
      <div className="container">
        <ul className="category-nav__list">
          {categories.map((category) => (
            <li key={category.id} className="category-nav__item">
              <Link to={category.url} className="category-nav__link" prefetch="intent">
                {category.name}
              </Link>
              {category.children.length > 0 ? (
                <button
                  type="button"
                  className="category-nav__toggle"
                  aria-expanded={openId === category.id}
                  aria-controls={`submenu-${category.id}`}
                  onClick={() => setOpenId(openId === category.id ? null : category.id)}
                >
                  <ChevronDownIcon width="18" height="18" />
                  <span className="sr-only">
                    {t('header.subCategoriesOf', { category: category.name })}
                  </span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      {withChildren.map((category) => (
        <div
          key={category.id}
          id={`submenu-${category.id}`}
          className="category-nav__panel"
          hidden={openId !== category.id}
        >
          <ul className="category-nav__sublist container">
            <li>
              <Link to={category.url} className="category-nav__sublink category-nav__sublink--all">
                {t('header.showAllIn', { category: category.name })}
              </Link>
            </li>
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={child.url} className="category-nav__sublink">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
