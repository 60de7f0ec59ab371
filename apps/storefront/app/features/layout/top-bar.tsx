/** The top bar of the default layout: the shop's selling points (SPEC §9: free shipping over 499 kr). */
import { CheckIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';

/** Selling points above the header. */
export function TopBar() {
  return (
    <aside className="top-bar" aria-label={t('topBar.label')}>
      <ul className="top-bar__list container">
        <li>
          <CheckIcon width="16" height="16" />
          {t('topBar.freeShipping')}
        </li>
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
