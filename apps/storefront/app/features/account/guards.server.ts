/**
 * Route guards (SPEC §2 "Route guards"): a route names its guards in `handle.middleware`, and its
 * loader runs them with {@link runRouteGuards}.
 * - `ralph-authenticated`: a visitor who is not logged in and has no `loginToken` query parameter
 *   is sent to the start page. A valid `loginToken` (an access token of the auth service) logs in
 *   as that customer for 3600 s (GEINS-API §7.4) and marks the session as "logged in as another
 *   user"; the parameter is then removed from the address.
 * - `ralph-default`, `ralph-list-page-routing`: no checks (their logic is not specified).
 * - Any other name: 'Unknown middleware', status 500.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { AccountUserDocument } from '../../graphql/generated';
import { IMPERSONATED_COOKIE, MAXAGE_COOKIE, serializeCookie, TOKEN_COOKIE } from './cookies';
import { clearedSessionCookies } from './session.server';

/** Seconds a loginToken session lasts (GEINS-API §7.4: "sets maxAge 3600 locally"). */
export const LOGIN_TOKEN_MAX_AGE = 3600;

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
    const user = await context.account
      .apiWithToken(loginToken)
      .query(AccountUserDocument)
      .then((data) => data.getUser)
      .catch(() => null);
    url.searchParams.delete('loginToken');
    const target = `${url.pathname}${url.search}`;
    const headers = new Headers();
    const secure = context.account.secure;
    if (!user) {
      if (context.account.session.token) throw redirect(target);
      throw redirect('/');
    }
    for (const cookie of clearedSessionCookies(secure)) headers.append('Set-Cookie', cookie);
    const httpOnly = { httpOnly: true, secure, maxAge: LOGIN_TOKEN_MAX_AGE };
    headers.append('Set-Cookie', serializeCookie(TOKEN_COOKIE, loginToken, httpOnly));
    headers.append('Set-Cookie', serializeCookie(IMPERSONATED_COOKIE, '1', httpOnly));
    headers.append(
      'Set-Cookie',
      serializeCookie(MAXAGE_COOKIE, `${LOGIN_TOKEN_MAX_AGE}:${Date.now()}`, {
        ...httpOnly,
        httpOnly: false,
      }),
    );
    throw redirect(target, { headers });
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
