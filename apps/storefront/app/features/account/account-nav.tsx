/** Navigation between the account pages (SPEC §2 /account and /mina-sidor/*). */
import { Form, NavLink } from 'react-router';
import { t } from '../../i18n/i18n';

const LINKS = [
  { to: '/account', label: 'account.nav.overview' },
  { to: '/mina-sidor/ordrar', label: 'account.nav.orders' },
  { to: '/mina-sidor/installningar', label: 'account.nav.settings' },
  { to: '/mina-sidor/saldo', label: 'account.nav.balance' },
] as const;

/** The account menu with the logout button. Scroll is kept between these pages (SPEC §2). */
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
