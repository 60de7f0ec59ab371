/**
 * `POST /account/logout`: ends the session (SPEC §4: logout clears session, cookies and cache)
 * and goes to /account with a notice. Other tabs hear about it through `ralph_channel`.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/account-logout';
import { logoutRedirect } from '../features/account/account-actions.server';

/** Revokes the refresh token, clears the cookies. */
export async function action({ context }: Route.ActionArgs) {
  return logoutRedirect(context, '/account?meddelande=utloggad');
}

/** A GET (e.g. a typed address) just goes to the account page. */
export function loader() {
  return redirect('/account');
}
