/**
 * Signed links of the engagement mails (issue 17): unsubscribe from back-in-stock requests and
 * from the newsletter, and confirm a newsletter sign-up (double opt-in). A token is
 * `<base64url(e-mail)>.<HMAC-SHA256>` under a key derived from AUTH_JWT_SECRET and the link's
 * purpose, so a token of one purpose never works for another and nobody can forge one for an
 * address. The tokens do not expire: an unsubscribe link must keep working (the confirmation
 * link only confirms a pending sign-up, which a later sign-up replaces).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token may be used for. */
export type EmailTokenPurpose =
  'availability-unsubscribe' | 'newsletter-confirm' | 'newsletter-unsubscribe';

function mac(secret: string, purpose: EmailTokenPurpose, email: string): string {
  const key = createHmac('sha256', secret).update(`trampa:email-link:${purpose}`).digest();
  return createHmac('sha256', key).update(email).digest('base64url');
}

/** The token of `email` (lower case) for `purpose`. */
export function signEmailToken(secret: string, purpose: EmailTokenPurpose, email: string): string {
  return `${Buffer.from(email, 'utf8').toString('base64url')}.${mac(secret, purpose, email)}`;
}

/**
 * The e-mail address a token was signed for, or null for a malformed, forged or other-purpose
 * token (constant-time comparison).
 */
export function verifyEmailToken(
  secret: string,
  purpose: EmailTokenPurpose,
  token: string,
): string | null {
  const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, purpose, email));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}
