/**
 * Layout of the account pages /mina-sidor/* (SPEC §2: "Account pages are for logged-in
 * customers"): runs the `ralph-authenticated` guard and shows the account menu. The "logged in
 * as another user" message of a support session is the site-wide banner (root.tsx, issue 41).
 */
import { Outlet } from 'react-router';
import type { Route } from './+types/account-pages';
import { AccountNav } from '../features/account/account-nav';
import { runRouteGuards } from '../features/account/guards.server';
import accountStyles from '../styles/account.css?url';

/** The guards of the account pages (SPEC §2 "Route guards"). */
export const handle = { middleware: ['ralph-authenticated'] as const };

/** Account styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** Guards the pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await runRouteGuards(handle.middleware, { request, context });
  return null;
}

/** Menu and the page. */
export default function AccountPages() {
  return (
    <div className="page container account">
      <AccountNav />
      <div className="account__content">
        <Outlet />
      </div>
    </div>
  );
}
