/**
 * `POST /account/refresh`: the browser's scheduled token refresh at 0.9 × maxAge (SPEC §4, §9).
 * Rotates the refresh token at the auth service and sets the new cookies; answers
 * `{ maxAge }`, or 401 with the cookies cleared when the session has ended.
 */
import { data } from 'react-router';
import type { Route } from './+types/account-refresh';
import { clearedSessionCookies, sessionCookies } from '../features/account/session.server';

/** Refreshes the session. */
export async function action({ context }: Route.ActionArgs) {
  const { session, auth, secure } = context.account;
  const headers = new Headers();
  if (!session.refreshToken) return data({ maxAge: 0 }, { status: 401 });
  const outcome = await auth.refresh(session.refreshToken).catch(() => null);
  if (!outcome?.ok) {
    for (const cookie of clearedSessionCookies(secure)) headers.append('Set-Cookie', cookie);
    return data({ maxAge: 0 }, { status: 401, headers });
  }
  const cookies = sessionCookies(
    outcome,
    session.remember,
    secure,
    Date.now(),
    session.impersonated,
  );
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return data({ maxAge: outcome.maxAge }, { headers });
}
