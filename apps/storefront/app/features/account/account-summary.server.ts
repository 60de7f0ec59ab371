/** Builds the root loader's {@link AccountSummary} from the request's session. */
import type { AppLoadContext } from 'react-router';
import { LOGGED_OUT, type AccountSummary } from './account-summary';
import { peekTokenClaims } from './session.server';

/**
 * The login state of this request (claims are only displayed; the API verifies tokens). A
 * support session is one whose token carries the staff user's `act` claim (issue 41), or one the
 * `ralph-impersonated` cookie marks (set when the login link was redeemed).
 */
export function accountSummary(context: AppLoadContext): AccountSummary {
  const session = context.account?.session;
  if (!session?.token) return LOGGED_OUT;
  return {
    loggedIn: true,
    email: peekTokenClaims(session.token).name ?? '',
    maxAge: session.maxAge,
    canRefresh: Boolean(session.refreshToken),
    supportSession: session.impersonated || peekTokenClaims(session.token).act !== undefined,
  };
}
