/**
 * Route guards (SPEC §2 "Route guards"): a route names its guards in `handle.middleware`, and its
 * loader runs them with {@link runRouteGuards}.
 * - `ralph-authenticated`: a visitor who is not logged in and has no `loginToken` query parameter
 *   is sent to the start page. A `loginToken` (a single-use login link of the operator, not an
 *   access token; issue 13 §8) is redeemed at the auth service for a 3600 s session marked
 *   "logged in as another user" (GEINS-API §7.4), and the parameter is removed from the address.
 *   With a session already, nothing is replaced: the browser goes to the confirmation page
 *   (login-token.server.ts).
 * - `ralph-default`, `ralph-list-page-routing`: no checks (their logic is not specified).
 * - Any other name: 'Unknown middleware', status 500.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { confirmLoginTokenPath, hasSession, redeemLoginToken } from './login-token.server';

/** What a guard receives. */
export interface GuardArgs {
  request: Request;
  context: AppLoadContext;
}

type Guard = (args: GuardArgs) => Promise<void>;

async function authenticated({ request, context }: GuardArgs): Promise<void> {
  const url = new URL(request.url);
  const loginToken = url.searchParams.get('loginToken');
  if (loginToken) {
    url.searchParams.delete('loginToken');
    const target = `${url.pathname}${url.search}`;
    if (hasSession(context)) throw redirect(confirmLoginTokenPath(loginToken, target));
    throw await redeemLoginToken(context, loginToken, target);
  }
  if (!context.account.session.token) throw redirect('/');
}

/** The known guards by name. */
export const ROUTE_GUARDS: Readonly<Record<string, Guard>> = {
  'ralph-authenticated': authenticated,
  'ralph-default': async () => undefined,
  'ralph-list-page-routing': async () => undefined,
};

/**
 * Runs the named guards in order.
 * @throws a redirect Response from a guard, or a 500 Response 'Unknown middleware'
 */
export async function runRouteGuards(names: readonly string[], args: GuardArgs): Promise<void> {
  for (const name of names) {
    const guard = ROUTE_GUARDS[name];
    if (!guard) {
      throw Response.json(
        { message: 'Unknown middleware' },
        { status: 500, statusText: 'Unknown middleware' },
      );
    }
    await guard(args);
  }
}
