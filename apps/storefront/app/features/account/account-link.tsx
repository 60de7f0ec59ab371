/** The header's account entry: "Logga in" for visitors, "Mina sidor" when logged in. */
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import { isAccountPage } from './account-nav';
import type { AccountSummary } from './account-summary';

/** A person outline icon (decorative). */
function UserIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * Link to /account, labelled by the login state. From another account page it keeps the scroll
 * position (SPEC §2).
 */
export function AccountLink() {
  const root = useRouteLoaderData<{ account?: AccountSummary }>('root');
  const loggedIn = root?.account?.loggedIn ?? false;
  const { pathname } = useLocation();
  return (
    <Link
      to="/account"
      className="header-action"
      data-testid="account-link"
      preventScrollReset={isAccountPage(pathname)}
    >
      <UserIcon />
      <span className="header-action__label">
        {loggedIn ? t('header.account') : t('header.login')}
      </span>
    </Link>
  );
}
