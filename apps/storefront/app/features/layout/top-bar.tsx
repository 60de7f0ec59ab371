/**
 * The top bar of the default layout: the shop's selling points (SPEC §9: free shipping over 499 kr
 * to service points, issue 14: home delivery is never free, so the promise names what it covers;
 * in the browsing market's currency).
 */
import { CheckIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { useFreeShippingText } from '../../market/market-view';

/** Selling points above the header. */
export function TopBar() {
  const freeShipping = useFreeShippingText();
  return (
    <aside className="top-bar" aria-label={t('topBar.label')}>
      <ul className="top-bar__list container">
        {freeShipping ? (
          <li>
            <CheckIcon width="16" height="16" />
            {freeShipping}
          </li>
        ) : null}
        <li>
          <CheckIcon width="16" height="16" />
          {t('topBar.delivery')}
        </li>
        <li>
          <CheckIcon width="16" height="16" />
          {t('topBar.returns')}
        </li>
      </ul>
    </aside>
  );
}
