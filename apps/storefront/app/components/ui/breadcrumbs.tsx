/** Breadcrumbs (WAI-ARIA pattern): a labelled nav with the current page marked. */
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';

/** One step of the trail; the last step is the current page. */
export interface Crumb {
  name: string;
  url: string;
}

/** The trail from the start page to the current page. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const trail: Crumb[] = [{ name: t('breadcrumbs.home'), url: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {trail.map((crumb, index) =>
          index === trail.length - 1 ? (
            <li key={crumb.url + index}>
              <span aria-current="page">{crumb.name}</span>
            </li>
          ) : (
            <li key={crumb.url + index}>
              <Link to={crumb.url}>{crumb.name}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
