/** The header's favourites link with the number of favourites (issue 5). */
import { Link } from 'react-router';
import { HeartIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import { useFavoriteIds } from './use-favorites';

/** "Favoriter" with a count badge; the accessible name says how many. */
export function FavoritesLink() {
  const count = useFavoriteIds().length;
  const culture = useCulture();
  return (
    <Link
      to="/favoriter"
      className="header-action"
      aria-label={count > 0 ? t('header.favoritesCount', { count }, culture) : undefined}
    >
      <HeartIcon fill={count > 0 ? 'currentColor' : 'none'} />
      <span className="header-action__label">{t('header.favorites')}</span>
      {count > 0 ? (
        <span className="header-action__badge" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </Link>
  );
}
