/**
 * The heart on product cards and the product page: a toggle button (aria-pressed) inside a
 * POST form to `/favoriter`, which works without JavaScript (the action redirects back) and is
 * sent with a fetcher when JavaScript runs (no navigation, optimistic state).
 */
import { useEffect, useRef } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { HeartIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { notify } from '../feedback/notifications';
import { trackFavorite } from '../tracking/data-layer';
import { useFavoriteIds } from './use-favorites';
import { JsFlag } from '../../components/ui/js-flag';

/** Heart toggle for one product. */
export function FavoriteButton({
  productId,
  name,
  className = '',
}: {
  productId: number;
  name: string;
  className?: string;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>({ key: `favorite-${productId}` });
  const location = useLocation();
  const active = useFavoriteIds().includes(productId);
  const intent = active ? 'remove' : 'add';
  // The snackbar (features/feedback): "Sparad i favoriter" after an add, the error of a failed one.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || sent.current === null) return;
    const intentSent = sent.current;
    sent.current = null;
    if (!fetcher.data.ok) {
      notify({ mode: 'error', message: fetcher.data.message ?? t('error.generic.text') });
    } else if (intentSent === 'add') {
      notify({
        key: 'favorite-added',
        mode: 'success',
        message: t('favorites.added'),
        detail: name,
      });
    }
  }, [fetcher.state, fetcher.data, name]);
  return (
    <fetcher.Form
      method="post"
      action="/favoriter"
      className={`favorite-form ${className}`.trim()}
      onSubmit={() => {
        sent.current = intent;
        trackFavorite(intent, productId, name);
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <JsFlag />
      <button
        type="submit"
        className="favorite-button"
        aria-pressed={active}
        aria-label={t('favorites.toggle', { name })}
        title={active ? t('favorites.remove') : t('favorites.add')}
      >
        <HeartIcon width="22" height="22" fill={active ? 'currentColor' : 'none'} />
      </button>
    </fetcher.Form>
  );
}
