/** Navigation between the account pages (SPEC §2 /account and /mina-sidor/*). */
import { Form, NavLink } from 'react-router';
import { t } from '../../i18n/i18n';

/**
 * True for the account pages (SPEC §2: `/account` and `/mina-sidor/*`, after the basename):
 * scroll is kept when moving between them ("Scroll goes to top on route change, except between
 * account pages"), so links from one to another set `preventScrollReset`.
 */
export function isAccountPage(pathname: string): boolean {
  return pathname === '/account' || pathname.startsWith('/mina-sidor/');
}

const LINKS = [
  { to: '/account', label: 'account.nav.overview' },
  { to: '/mina-sidor/ordrar', label: 'account.nav.orders' },
  { to: '/mina-sidor/installningar', label: 'account.nav.settings' },
  { to: '/mina-sidor/saldo', label: 'account.nav.balance' },
] as const;

/**
 * The account menu with the logout button. Scroll is kept between these pages (SPEC §2): the
 * links do not reset it, and on wide screens the menu stays in view (sticky) so another page can
 * be chosen where one is.
 */
export function AccountNav() {
  return (
    <nav className="account-nav" aria-label={t('account.nav.label')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end preventScrollReset>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <Form method="post" action="/account/logout">
        <button type="submit" className="button button--link">
          {t('account.logout')}
        </button>
      </Form>
    </nav>
  );
}
