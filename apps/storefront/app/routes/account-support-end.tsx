/**
 * `POST /account/avsluta-support`: "Avsluta supportsessionen" of the support-session banner
 * (issue 41). Ends the session like a logout (revokes its refresh-token family at the auth
 * service, clears the account cookies including `ralph-impersonated`) and lands on /account with
 * the notice that the support session has ended.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/account-support-end';
import { logoutRedirect } from '../features/account/account-actions.server';

/** Where the browser lands: the account page with "Supportsessionen är avslutad". */
const SUPPORT_ENDED_PATH = '/account?meddelande=supportavslutad';

/** Ends the support session. */
export async function action({ context }: Route.ActionArgs) {
  return logoutRedirect(context, SUPPORT_ENDED_PATH);
}

/** A GET (e.g. a typed address) just goes to the account page. */
export function loader() {
  return redirect('/account');
}
