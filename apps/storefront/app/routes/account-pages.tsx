/**
 * Layout of the account pages /mina-sidor/* (SPEC §2: "Account pages are for logged-in
 * customers"): runs the `ralph-authenticated` guard, shows the account menu and the
 * "logged in as another user" message after a loginToken login.
 */
import { Outlet } from 'react-router';
import type { Route } from './+types/account-pages';
import { AccountNav } from '../features/account/account-nav';
import { runRouteGuards } from '../features/account/guards.server';
import { peekTokenClaims } from '../features/account/session.server';
import { t } from '../i18n/i18n';
import accountStyles from '../styles/account.css?url';

/** The guards of the account pages (SPEC §2 "Route guards"). */
export const handle = { middleware: ['ralph-authenticated'] as const };

/** Account styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** Guards the pages; tells whether this is a loginToken session. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await runRouteGuards(handle.middleware, { request, context });
  const token = context.account.session.token ?? '';
  return {
    impersonated: context.account.session.impersonated,
    email: peekTokenClaims(token).name ?? '',
  };
}

/** Menu, impersonation notice and the page. */
export default function AccountPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page container account">
      <AccountNav />
      <div className="account__content">
        {loaderData.impersonated ? (
          <p className="form-message form-message--warning" role="status">
            {t('account.impersonated', { email: loaderData.email })}
          </p>
        ) : null}
        <Outlet />
      </div>
    </div>
  );
}
