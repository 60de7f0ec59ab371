/**
 * Server helpers of the account actions: the password digest of a posted form (from the
 * browser's `<name>Digest`, or computed here from the plaintext when JavaScript was off; ADR 006),
 * the session cookies of a login, and the Swedish message of a refused auth call (SPEC §8).
 */
import { isPasswordDigest, passwordDigest } from '@trampa/api/password-digest';
import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { t } from '../../i18n/i18n';
import { sameOriginPath } from '../../routing/safe-redirect';
import { field } from './validation';
import { clearedSessionCookies, sessionCookies, type AuthOutcome } from './session.server';

/**
 * The digest of password field `name`: the posted `<name>Digest` when it is well-formed, else
 * the digest of the posted plaintext; null when neither was sent.
 */
export async function formDigest(
  form: FormData,
  name: string,
  salt: string,
): Promise<string | null> {
  const digest = field(form, `${name}Digest`);
  if (isPasswordDigest(digest)) return digest;
  const plain = field(form, name);
  return plain === '' ? null : passwordDigest(plain, salt);
}

/** The message shown for a refused login, registration or password change (SPEC §8). */
export function authFailureMessage(outcome: Extract<AuthOutcome, { ok: false }>): string {
  if (outcome.error === 'ACCOUNT_EXISTS') return t('error.accountExists');
  if (outcome.error === 'TOO_MANY_ATTEMPTS') {
    return t('error.tooManyAttempts', { seconds: outcome.retryAfter ?? 60 });
  }
  if (outcome.error === 'INVALID_CREDENTIALS') return t('error.wrongCredentials');
  // A support session may not change the password (issue 41).
  if (outcome.error === 'FORBIDDEN') return t('error.supportSession');
  return t('error.generic.text');
}

/** Headers that set the cookies of a new session. */
export function loginHeaders(
  context: AppLoadContext,
  outcome: Extract<AuthOutcome, { ok: true }>,
  remember: boolean,
): Headers {
  const headers = new Headers();
  for (const cookie of sessionCookies(outcome, remember, context.account.secure, Date.now())) {
    headers.append('Set-Cookie', cookie);
  }
  return headers;
}

/**
 * Logs out (SPEC §4: clears session and cookies): revokes the refresh token at the auth service
 * and redirects to `to` with the cookies cleared.
 */
export async function logoutRedirect(context: AppLoadContext, to: string): Promise<Response> {
  const refreshToken = context.account.session.refreshToken;
  if (refreshToken) await context.account.auth.logout(refreshToken).catch(() => undefined);
  const headers = new Headers();
  for (const cookie of clearedSessionCookies(context.account.secure)) {
    headers.append('Set-Cookie', cookie);
  }
  return redirect(to, { headers });
}

/** A same-origin path to go to after login (`redirectTo`), or /account (issue 13 §16). */
export function safeRedirect(value: string | null | undefined, fallback = '/account'): string {
  return sameOriginPath(value, fallback);
}
