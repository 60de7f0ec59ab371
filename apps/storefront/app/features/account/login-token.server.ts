/**
 * `?loginToken=` links (SPEC §2 "logged in as another user", GEINS-API §7.4; issue 13 §8). A
 * login token is made only by the operator (`npm run login-token -w apps/api -- <e-mail>`),
 * works once and for 10 minutes, and is redeemed at the auth service (`POST /auth/login-token`)
 * for a session marked impersonated. It is never used as a Bearer token itself.
 *
 * A link never replaces an existing session silently: with a session, the guard sends the
 * browser to {@link LOGIN_TOKEN_CONFIRM_PATH}, where the shopper sees who they are logged in as
 * and must press a button (a POST) to log out and continue; a plain GET (a link in a mail, an
 * image, a redirect) cannot switch accounts.
 */
import { redirect, type AppLoadContext } from 'react-router';
import { safeLocalPath } from '../../routing/local-path';
import { clearedSessionCookies, sessionCookies } from './session.server';

/** The confirmation page of a login link opened while a session exists. */
export const LOGIN_TOKEN_CONFIRM_PATH = '/account/inloggningslank';

/** True when the request has a session (an access or a refresh token). */
export function hasSession(context: AppLoadContext): boolean {
  const { token, refreshToken } = context.account.session;
  return Boolean(token || refreshToken);
}

/** The confirmation page's address for `loginToken`, returning to `target` (a local path). */
export function confirmLoginTokenPath(loginToken: string, target: string): string {
  const query = new URLSearchParams({ loginToken, to: safeLocalPath(target) });
  return `${LOGIN_TOKEN_CONFIRM_PATH}?${query.toString()}`;
}

/**
 * Redeems `loginToken` (the request must have no session, or the shopper confirmed): a
 * redirect to `target` with the new session's cookies (impersonated, not remembered), or to the
 * start page when the token is refused (used, expired, not a login token).
 */
export async function redeemLoginToken(
  context: AppLoadContext,
  loginToken: string,
  target: string,
  headers: Headers = new Headers(),
): Promise<Response> {
  const outcome = await context.account.auth
    .loginWithToken(loginToken)
    .catch(() => ({ ok: false as const, status: 500, error: 'ERROR' }));
  if (!outcome.ok) return redirect('/', { headers });
  for (const cookie of sessionCookies(outcome, false, context.account.secure, Date.now(), true)) {
    headers.append('Set-Cookie', cookie);
  }
  return redirect(safeLocalPath(target), { headers });
}

/**
 * The shopper confirmed on {@link LOGIN_TOKEN_CONFIRM_PATH}: ends the current session (revokes
 * its refresh token, clears the cookies) and redeems the link.
 */
export async function confirmLoginToken(
  context: AppLoadContext,
  loginToken: string,
  target: string,
): Promise<Response> {
  const refreshToken = context.account.session.refreshToken;
  if (refreshToken) await context.account.auth.logout(refreshToken).catch(() => undefined);
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(context.account.secure)) {
    headers.append('Set-Cookie', cookie);
  }
  return redeemLoginToken(context, loginToken, target, headers);
}
