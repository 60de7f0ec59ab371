/**
 * Tokens of the auth service (GEINS-API §7.2, §7.4):
 * - access tokens: HS256 JWTs (jose) with the claims the Geins clients read: `exp`, `sid` (the
 *   customer id as a string), `name` (e-mail), `customerType`, plus `memberType`, `memberId`, and
 *   `fam`, the session family (refresh-token family) the token belongs to: a token counts only
 *   while its family is not revoked (viewer.ts; issue 13 §9), and, for a support session (staff
 *   logged in as the customer, issue 41), the RFC 8693 actor claim `act: { sub: "staff:<id>" }`;
 * - refresh tokens: 32 random bytes, base64url; only their SHA-256 is stored;
 * - challenges and sign signatures: HMAC-SHA256 under keys derived from AUTH_JWT_SECRET.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthConfig } from '../../config.ts';

/** Issuer claim of our access tokens. */
export const TOKEN_ISSUER = 'trampa-auth';

/** How long a challenge and a sign signature stay valid, in seconds. */
export const SIGN_WINDOW_SECONDS = 300;

/** The customer facts carried in an access token. */
export interface TokenSubject {
  customerId: number;
  email: string;
  customerType: string;
  memberType: string;
  /** The session family (`refresh_tokens.family_id`) the token belongs to. */
  familyId: string;
  /**
   * The staff user acting as the customer in a support session (`act` claim), or null/absent for
   * the customer's own session.
   */
  actingStaffUserId?: number | null;
}

/** The verified claims of an access token. */
export interface AccessClaims extends Omit<TokenSubject, 'familyId' | 'actingStaffUserId'> {
  /** The session family, or null for a token without one (refused by viewer.ts). */
  familyId: string | null;
  /** The staff user of a support session's `act` claim, or null for the customer's own token. */
  actingStaffUserId: number | null;
  /** Expiry, Unix seconds. */
  exp: number;
}

function key(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`trampa:${purpose}`).digest();
}

function mac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', key(secret, purpose)).update(value).digest('base64url');
}

/** The RFC 8693 actor claim naming a staff user. */
function staffActClaim(staffUserId: number): { sub: string } {
  return { sub: `staff:${staffUserId}` };
}

/** The staff user id of an `act` claim `{ sub: "staff:<id>" }`, or null for anything else. */
function staffOfActClaim(act: unknown): number | null {
  const sub = (act as { sub?: unknown } | null | undefined)?.sub;
  const match = typeof sub === 'string' ? /^staff:(\d{1,9})$/.exec(sub) : null;
  return match ? Number(match[1]) : null;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Signs an access token valid for `config.tokenMaxAge` seconds from `now`; with
 * `subject.actingStaffUserId` it carries `act: { sub: "staff:<id>" }` (a support session).
 * @returns the compact JWT
 */
export async function issueAccessToken(
  subject: TokenSubject,
  config: AuthConfig,
  now: Date,
  maxAgeSeconds = config.tokenMaxAge,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    sid: String(subject.customerId),
    name: subject.email,
    customerType: subject.customerType,
    memberType: subject.memberType,
    memberId: subject.customerId,
    fam: subject.familyId,
    ...(typeof subject.actingStaffUserId === 'number'
      ? { act: staffActClaim(subject.actingStaffUserId) }
      : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setSubject(String(subject.customerId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + maxAgeSeconds)
    .sign(key(config.jwtSecret, 'access-token'));
}

/**
 * Verifies an access token's signature, issuer and expiry against `now`.
 * @returns the claims, or null for a wrong signature, an expired or a malformed token
 */
export async function verifyAccessToken(
  token: string,
  config: AuthConfig,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(config.jwtSecret, 'access-token'), {
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const customerId = Number(payload.sid);
    if (!Number.isSafeInteger(customerId) || typeof payload.exp !== 'number') return null;
    return {
      customerId,
      email: String(payload.name ?? ''),
      customerType: String(payload.customerType ?? 'PERSON'),
      memberType: String(payload.memberType ?? ''),
      familyId: typeof payload.fam === 'string' && payload.fam !== '' ? payload.fam : null,
      actingStaffUserId: staffOfActClaim(payload.act),
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}

/** A new opaque refresh token (43 base64url characters). */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token or reset key: SHA-256, hex. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The challenge of GEINS-API §7.2 step 1 for `username`: `<issued unix s>.<nonce>.<mac>`. Issuing
 * it is stateless: the MAC binds it to the (normalised) username and the time it was issued; its
 * first use stores the nonce (auth.service.ts), so it works once.
 */
export function createChallenge(username: string, secret: string, now: Date): string {
  const issued = Math.floor(now.getTime() / 1000);
  const nonce = randomBytes(12).toString('base64url');
  return `${issued}.${nonce}.${mac(secret, 'challenge', `${username}|${issued}|${nonce}`)}`;
}

/** A challenge that passed {@link verifiedChallenge}: its nonce and when it stops being valid. */
export interface VerifiedChallenge {
  /** The random part, unique per challenge: the key that makes a challenge single-use. */
  nonce: string;
  /** When the challenge stops being accepted (issued + {@link SIGN_WINDOW_SECONDS}). */
  expiresAt: Date;
}

/**
 * Checks that `challenge` was issued by us for `username` less than the sign window ago.
 * @returns its nonce and expiry, or null
 */
export function verifiedChallenge(
  challenge: string,
  username: string,
  secret: string,
  now: Date,
): VerifiedChallenge | null {
  const [issuedText, nonce, presented, extra] = challenge.split('.');
  if (!issuedText || !nonce || !presented || extra !== undefined) return null;
  const issued = Number(issuedText);
  const age = now.getTime() / 1000 - issued;
  if (!Number.isSafeInteger(issued) || age < -5 || age > SIGN_WINDOW_SECONDS) return null;
  if (!sameText(presented, mac(secret, 'challenge', `${username}|${issued}|${nonce}`))) return null;
  return { nonce, expiresAt: new Date((issued + SIGN_WINDOW_SECONDS) * 1000) };
}

/** True when `challenge` was issued by us for `username` less than the sign window ago. */
export function verifyChallenge(
  challenge: string,
  username: string,
  secret: string,
  now: Date,
): boolean {
  return verifiedChallenge(challenge, username, secret, now) !== null;
}

/** The sign endpoint's answer (GEINS-API §7.2 step 2). */
export interface IdentitySignature {
  identity: string;
  /** ISO-8601 time of signing. */
  timestamp: string;
  /** base64url HMAC-SHA256 over `identity|timestamp`. */
  signature: string;
}

/** Signs a challenge for a holder of a valid API key (`/auth/sign/{apiKey}?identity=`). */
export function signIdentity(identity: string, secret: string, now: Date): IdentitySignature {
  const timestamp = now.toISOString();
  return { identity, timestamp, signature: mac(secret, 'sign', `${identity}|${timestamp}`) };
}

/**
 * Checks a signature object sent with credentials: a genuine {@link signIdentity} result, made
 * less than the sign window ago, over a challenge issued to `username`. Stateless: whether the
 * challenge was used before is the caller's question (auth.service.ts consumes it).
 * @returns the signed challenge, or null when anything does not hold
 */
export function verifiedIdentitySignature(
  value: unknown,
  username: string,
  secret: string,
  now: Date,
): VerifiedChallenge | null {
  if (typeof value !== 'object' || value === null) return null;
  const { identity, timestamp, signature } = value as Record<string, unknown>;
  if (typeof identity !== 'string' || typeof timestamp !== 'string') return null;
  if (typeof signature !== 'string') return null;
  const signedAt = Date.parse(timestamp);
  const age = (now.getTime() - signedAt) / 1000;
  if (!Number.isFinite(signedAt) || age < -5 || age > SIGN_WINDOW_SECONDS) return null;
  if (!sameText(signature, mac(secret, 'sign', `${identity}|${timestamp}`))) return null;
  return verifiedChallenge(identity, username, secret, now);
}

/** {@link verifiedIdentitySignature} as a yes/no (the signature alone, not its single use). */
export function verifyIdentitySignature(
  value: unknown,
  username: string,
  secret: string,
  now: Date,
): boolean {
  return verifiedIdentitySignature(value, username, secret, now) !== null;
}

/** How long a login link (`?loginToken=`) can be redeemed: 10 minutes, in seconds. */
export const LOGIN_TOKEN_SECONDS = 600;

/** A verified login token (issue 13 §8). */
export interface LoginTokenClaims {
  /** The normalised e-mail of the account it logs in to. */
  email: string;
  /** Unique id; its first redemption is stored, so a token works once. */
  jti: string;
  /** When it can no longer be redeemed. */
  expiresAt: Date;
  /**
   * Set when a staff user made the link in the back office ("log in as the customer"): the
   * session family id the redeemed session gets, so the session is traceable to the audit entry
   * that names the staff user; absent for the operator's CLI links (a fresh family).
   */
  familyId?: string;
  /** The staff user who made the link in the back office, or absent. */
  staffUserId?: number;
  /**
   * True for a link the shop mailed to the account's address to prove it (issue 40 point 5:
   * the guest orders of that address join the account when it is redeemed); never for staff's.
   */
  emailProof?: boolean;
}

/** How long a mailed proof link (`emailProof`) can be redeemed: 3 days, in seconds. */
export const EMAIL_PROOF_TOKEN_SECONDS = 3 * 86_400;

/** Who made a login link in the back office, and the session family it will start. */
export interface LoginTokenImpersonation {
  staffUserId: number;
  /** A fresh UUID, the session family of the redeemed session. */
  familyId: string;
}

/**
 * A login token for the impersonation/preview flow (SPEC §2 "logged in as another user",
 * GEINS-API §7.4 `?loginToken=`): an HS256 JWT under its own key (an access token is never a
 * login token, nor the other way round), for one account, redeemable once within
 * {@link LOGIN_TOKEN_SECONDS}. Only holders of AUTH_JWT_SECRET can make one (the operator's
 * `npm run login-token -w apps/api -- <e-mail>`, or staff with customers:write in the back
 * office, `impersonation` naming them); shoppers never can (issue 13 §8). `'email-proof'`
 * instead: the link the shop mails to a new account's address to prove it (issue 40 point 5,
 * {@link EMAIL_PROOF_TOKEN_SECONDS}).
 */
export async function issueLoginToken(
  email: string,
  config: AuthConfig,
  now: Date,
  lifetimeSeconds = LOGIN_TOKEN_SECONDS,
  impersonation?: LoginTokenImpersonation | 'email-proof',
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const staff =
    impersonation === 'email-proof'
      ? { prf: 'email' }
      : impersonation
        ? { act: staffActClaim(impersonation.staffUserId), fam: impersonation.familyId }
        : {};
  return new SignJWT({ name: email, typ: 'login', ...staff })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(key(config.jwtSecret, 'login-token'));
}

/**
 * Verifies a login token's signature (login-token key), type and expiry.
 * @returns its claims, or null (an access token, a forged, expired or malformed token)
 */
export async function verifyLoginToken(
  token: string,
  config: AuthConfig,
  now: Date,
): Promise<LoginTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(config.jwtSecret, 'login-token'), {
      issuer: TOKEN_ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (payload.typ !== 'login' || typeof payload.name !== 'string') return null;
    if (typeof payload.jti !== 'string' || typeof payload.exp !== 'number') return null;
    const claims: LoginTokenClaims = {
      email: payload.name,
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
    const actor = staffOfActClaim(payload.act);
    if (typeof payload.fam === 'string' && actor !== null) {
      claims.familyId = payload.fam;
      claims.staffUserId = actor;
    } else if (payload.prf === 'email') {
      claims.emailProof = true;
    }
    return claims;
  } catch {
    return null;
  }
}
