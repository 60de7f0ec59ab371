/** The start page's way into the catalogue: one tile per root category, its children as links. */
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import type { CategoryNode } from '../layout/category-tree';

/** Category tiles. */
export function CategoryEntries({ categories }: { categories: CategoryNode[] }) {
  if (categories.length === 0) return null;
  return (
    <section className="section container" aria-labelledby="home-categories">
      <h2 id="home-categories" className="section__title">
        {t('home.categories')}
      </h2>
      <ul className="category-tiles">
        {categories.map((category) => (
          <li key={category.id} className="category-tile">
            <Link to={category.url} className="category-tile__link">
              <span className="category-tile__name">{category.name}</span>
              <ChevronRightIcon width="20" height="20" />
            </Link>
            {category.children.length > 0 ? (
              <ul className="category-tile__children" aria-label={category.name}>
                {category.children.map((child) => (
                  <li key={child.id}>
                    <Link to={child.url} className="chip">
                      {child.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
