/**
 * The auth service's rules (GEINS-API §7.2): challenge, login, registration, password change,
 * rotating refresh with reuse detection, logout. Results are typed values, never thrown, so the
 * HTTP layer (auth.http.ts) maps them to status codes without guessing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  createCustomer,
  emailSchema,
  findCustomer,
  findCustomerByEmail,
  normalizeEmail,
  setPasswordHash,
  type Customer,
} from '../customers/customers.service.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { guestOrdersMailJob } from '../jobs/job-kinds.ts';
import { hasGuestOrders, joinGuestOrders } from '../orders/guest-orders.service.ts';
import { refreshTokens, usedChallenges } from './auth.tables.ts';
import { isPasswordDigest } from './password-digest.ts';
import { decoyHash, hashPassword, verifyPassword } from './password-hash.ts';
import { attemptKeys, recordSuccess, takeLoginAttempt, takeRegistration } from './rate-limit.ts';
import {
  createChallenge,
  hashOpaqueToken,
  issueAccessToken,
  newRefreshToken,
  verifiedIdentitySignature,
  verifyLoginToken,
  type VerifiedChallenge,
} from './tokens.ts';

/** Session length when "Kom ihåg mig" is on (SPEC §9): 7 days, in seconds. */
export const REMEMBERED_SESSION_SECONDS = 604800;

/** What every auth operation needs. */
export interface AuthDeps {
  db: Database;
  config: Config;
  now: Date;
}

/** A successful login, registration, password change or refresh. */
export interface IssuedSession {
  ok: true;
  /** The access token (JWT). */
  token: string;
  /** Lifetime of `token` in seconds. */
  maxAge: number;
  /** The new refresh token, for the `x-auth-refresh-token` response header. */
  refreshToken: string;
}

/** Failure codes of the auth service and their HTTP status. */
export const AUTH_FAILURES = {
  BAD_REQUEST: 400,
  INVALID_SIGNATURE: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  INVALID_LOGIN_TOKEN: 401,
  /** The password of a support session (staff logged in as the customer) cannot change (issue 41). */
  FORBIDDEN: 403,
  ACCOUNT_EXISTS: 409,
  TOO_MANY_ATTEMPTS: 429,
} as const;

/** A refused request. */
export interface AuthFailure {
  ok: false;
  error: keyof typeof AUTH_FAILURES;
  /** Seconds until another attempt is allowed (TOO_MANY_ATTEMPTS only). */
  retryAfter?: number;
}

/** The result of an auth operation. */
export type AuthResult = IssuedSession | AuthFailure;

function fail(error: AuthFailure['error'], retryAfter?: number): AuthFailure {
  return retryAfter === undefined ? { ok: false, error } : { ok: false, error, retryAfter };
}

/** Credentials as posted to /login, /register or /password (GEINS-API §7.2 step 3). */
export interface Credentials {
  username?: unknown;
  signature?: unknown;
  password?: unknown;
  newPassword?: unknown;
  sessionLifetime?: unknown;
}

/** Session length in seconds for a posted `sessionLifetime` (minutes; absent = remembered). */
export function sessionSeconds(sessionLifetime: unknown): number {
  const minutes = typeof sessionLifetime === 'number' ? sessionLifetime : Number(sessionLifetime);
  if (sessionLifetime === undefined || sessionLifetime === null || !Number.isFinite(minutes)) {
    return REMEMBERED_SESSION_SECONDS;
  }
  return Math.min(REMEMBERED_SESSION_SECONDS, Math.max(300, Math.round(minutes * 60)));
}

/** Step 1: the challenge for a username (any string; nothing tells whether it has an account). */
export function challenge(username: unknown, deps: AuthDeps): { sign: string } | AuthFailure {
  if (typeof username !== 'string' || username.trim() === '' || username.length > 254) {
    return fail('BAD_REQUEST');
  }
  return { sign: createChallenge(normalizeEmail(username), deps.config.auth.jwtSecret, deps.now) };
}

const decoys = new Map<number, Promise<string>>();
function decoy(logN: number): Promise<string> {
  let hash = decoys.get(logN);
  if (!hash) decoys.set(logN, (hash = decoyHash(logN)));
  return hash;
}

/**
 * Marks a challenge used: inserts its nonce (the primary key makes this atomic: of two uses, also
 * concurrent ones, exactly one succeeds) and, in the same statement, purges the nonces of
 * challenges that can no longer be presented anyway. One statement.
 * @returns true for the first use, false for a replay
 */
export async function consumeChallenge(
  challenge: VerifiedChallenge,
  deps: Pick<AuthDeps, 'db' | 'now'>,
): Promise<boolean> {
  const purge = deps.db
    .$with('purge')
    .as(
      deps.db
        .delete(usedChallenges)
        .where(lt(usedChallenges.expiresAt, deps.now))
        .returning({ nonce: usedChallenges.nonce }),
    );
  const inserted = await deps.db
    .with(purge)
    .insert(usedChallenges)
    .values({ nonce: challenge.nonce, expiresAt: challenge.expiresAt })
    .onConflictDoNothing()
    .returning({ nonce: usedChallenges.nonce });
  return inserted.length === 1;
}

/**
 * Checks username format, signature and digest of a credentials body, and uses up the signed
 * challenge: a challenge works once (a replayed one is INVALID_SIGNATURE, like a forged one).
 */
async function readCredentials(
  body: Credentials,
  deps: AuthDeps,
): Promise<{ email: string; digest: string } | AuthFailure> {
  const email = emailSchema.safeParse(body.username);
  if (!email.success || !isPasswordDigest(body.password)) return fail('BAD_REQUEST');
  const signed = verifiedIdentitySignature(
    body.signature,
    email.data,
    deps.config.auth.jwtSecret,
    deps.now,
  );
  if (!signed || !(await consumeChallenge(signed, deps))) return fail('INVALID_SIGNATURE');
  return { email: email.data, digest: body.password };
}

/**
 * Verifies a password under the rate limit. Unknown accounts cost the same time and count the
 * same way as wrong passwords.
 */
async function checkPassword(
  email: string,
  digest: string,
  ip: string | undefined,
  deps: AuthDeps,
): Promise<Customer | AuthFailure> {
  const keys = attemptKeys(email, ip);
  // Counted before the password is checked, atomically (issue 13 §11).
  const wait = await takeLoginAttempt(deps.db, keys, deps.now);
  if (wait > 0) return fail('TOO_MANY_ATTEMPTS', wait);
  const customer = await findCustomerByEmail(deps.db, email);
  const stored = customer?.passwordHash ?? (await decoy(deps.config.auth.scryptLogN));
  const valid = await verifyPassword(digest, stored);
  if (!customer || !valid) return fail('INVALID_CREDENTIALS');
  await recordSuccess(deps.db, keys);
  return customer;
}

/**
 * Starts a new session family (or continues `familyId`) for the customer. `actingStaffUserId`
 * marks a support session (issue 41): stored on the refresh token, so a refresh carries it on,
 * and put in the access token's `act` claim.
 */
async function issueSession(
  customer: Customer,
  lifetimeSeconds: number,
  deps: AuthDeps,
  familyId: string = randomUUID(),
  actingStaffUserId: number | null = null,
): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  await deps.db.insert(refreshTokens).values({
    tokenHash: hashOpaqueToken(refreshToken),
    familyId,
    customerId: customer.id,
    actingStaffUserId,
    lifetimeSeconds,
    expiresAt: new Date(deps.now.getTime() + lifetimeSeconds * 1000),
    createdAt: deps.now,
  });
  const maxAge = Math.min(deps.config.auth.tokenMaxAge, lifetimeSeconds);
  const token = await issueAccessToken(
    {
      customerId: customer.id,
      email: customer.email,
      customerType: customer.customerType,
      memberType: customer.memberType,
      familyId,
      actingStaffUserId,
    },
    deps.config.auth,
    deps.now,
    maxAge,
  );
  return { ok: true, token, maxAge, refreshToken };
}

/** POST /login with credentials (GEINS-API §7.2 step 3). */
export async function login(
  body: Credentials,
  ip: string | undefined,
  deps: AuthDeps,
): Promise<AuthResult> {
  const credentials = await readCredentials(body, deps);
  if ('ok' in credentials) return credentials;
  const customer = await checkPassword(credentials.email, credentials.digest, ip, deps);
  if ('ok' in customer) return customer;
  return issueSession(customer, sessionSeconds(body.sessionLifetime), deps);
}

/**
 * POST /register with credentials (GEINS-API §7.2 step 6): creates the account and logs in.
 * Rate limited per IP (rate-limit.ts): a locked address gets TOO_MANY_ATTEMPTS before anything
 * about the e-mail is looked up, so the answer is the same whether the e-mail has an account.
 * When guest orders with the address exist, the `guest-orders-mail` job mails a link that
 * proves the address (customers/guest-orders-mail.ts; issue 40 point 5); the orders join the
 * account only when it is opened.
 */
export async function register(
  body: Credentials,
  ip: string | undefined,
  deps: AuthDeps,
): Promise<AuthResult> {
  const credentials = await readCredentials(body, deps);
  if ('ok' in credentials) return credentials;
  const wait = await takeRegistration(deps.db, ip, deps.now);
  if (wait > 0) return fail('TOO_MANY_ATTEMPTS', wait);
  if (await findCustomerByEmail(deps.db, credentials.email)) return fail('ACCOUNT_EXISTS');
  const hash = await hashPassword(credentials.digest, deps.config.auth.scryptLogN);
  const customer = await createCustomer(deps.db, credentials.email, hash);
  if (!customer) return fail('ACCOUNT_EXISTS');
  // Earlier guest orders join the account once it proves the address (issue 40 point 5).
  if (await hasGuestOrders(deps.db, customer.email)) {
    await enqueueJob(deps.db, guestOrdersMailJob(customer.id));
  }
  return issueSession(customer, sessionSeconds(body.sessionLifetime), deps);
}

type RefreshRow = typeof refreshTokens.$inferSelect;

/** Revokes every token of a session family (logout, reuse, wrong current password). */
async function revokeFamily(familyId: string, deps: AuthDeps): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Finds a live refresh token. A token that was already rotated is a reuse: the whole family is
 * revoked and null returned.
 */
async function liveRefreshToken(refreshToken: unknown, deps: AuthDeps): Promise<RefreshRow | null> {
  if (typeof refreshToken !== 'string' || refreshToken.length < 20 || refreshToken.length > 200) {
    return null;
  }
  const [row] = await deps.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  if (!row || row.revokedAt) return null;
  if (row.rotatedAt) {
    await revokeFamily(row.familyId, deps);
    return null;
  }
  if (row.expiresAt <= deps.now) return null;
  return row;
}

/**
 * GET /login with `x-auth-refresh-token` (GEINS-API §7.2 step 4): rotates the refresh token.
 * Reusing an already rotated token revokes the family; tokens of deleted accounts are gone. The
 * new tokens keep the family's support-session staff user (`act` claim; issue 41).
 */
export async function refresh(refreshToken: unknown, deps: AuthDeps): Promise<AuthResult> {
  const row = await liveRefreshToken(refreshToken, deps);
  if (!row) return fail('INVALID_REFRESH_TOKEN');
  // Atomic: of two concurrent refreshes with the same token only one rotates it.
  const rotated = await deps.db
    .update(refreshTokens)
    .set({ rotatedAt: deps.now })
    .where(and(eq(refreshTokens.tokenHash, row.tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  if (rotated.length === 0) {
    await revokeFamily(row.familyId, deps);
    return fail('INVALID_REFRESH_TOKEN');
  }
  const customer = await findCustomer(deps.db, row.customerId);
  if (!customer) return fail('INVALID_REFRESH_TOKEN');
  return issueSession(customer, row.lifetimeSeconds, deps, row.familyId, row.actingStaffUserId);
}

/** GET /logout with `x-auth-refresh-token`: revokes the session family (always succeeds). */
export async function logout(refreshToken: unknown, deps: AuthDeps): Promise<void> {
  if (typeof refreshToken !== 'string' || refreshToken.length > 200) return;
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(refreshToken)))
    .limit(1);
  if (row) await revokeFamily(row.familyId, deps);
}

/**
 * POST /password (GEINS-API §7.2 step 3, with `newPassword` and the refresh-token header). A
 * wrong current password ends the session (SPEC §4: the user is logged out). On success the other
 * sessions of the account are revoked and this one continues with new tokens. A support session
 * (staff logged in as the customer, issue 41) gets FORBIDDEN and changes nothing: the password
 * is the account holder's alone.
 */
export async function changePassword(
  body: Credentials,
  refreshToken: unknown,
  ip: string | undefined,
  deps: AuthDeps,
): Promise<AuthResult> {
  const credentials = await readCredentials(body, deps);
  if ('ok' in credentials) return credentials;
  if (!isPasswordDigest(body.newPassword)) return fail('BAD_REQUEST');
  const session = await liveRefreshToken(refreshToken, deps);
  if (!session) return fail('INVALID_REFRESH_TOKEN');
  if (session.actingStaffUserId !== null) return fail('FORBIDDEN');
  const customer = await checkPassword(credentials.email, credentials.digest, ip, deps);
  if ('ok' in customer || customer.id !== session.customerId) {
    await revokeFamily(session.familyId, deps);
    return 'ok' in customer ? customer : fail('INVALID_CREDENTIALS');
  }
  await setPasswordHash(
    deps.db,
    customer.id,
    await hashPassword(body.newPassword, deps.config.auth.scryptLogN),
  );
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.now })
    .where(
      and(
        eq(refreshTokens.customerId, customer.id),
        ne(refreshTokens.familyId, session.familyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
  await deps.db
    .update(refreshTokens)
    .set({ rotatedAt: deps.now })
    .where(eq(refreshTokens.tokenHash, session.tokenHash));
  return issueSession(customer, session.lifetimeSeconds, deps, session.familyId);
}

/** Length of a session started with a login token, in seconds (GEINS-API §7.4: maxAge 3600). */
export const LOGIN_TOKEN_SESSION_SECONDS = 3600;

/**
 * POST /login-token `{loginToken}` (issue 13 §8): redeems a login token (tokens.ts
 * `issueLoginToken`, made by the operator for the impersonation/preview flow) for a session of
 * its account lasting {@link LOGIN_TOKEN_SESSION_SECONDS}. A token works once (its id is stored
 * like a used challenge, atomically) and only until it expires; an access token is not a login
 * token. The session is an ordinary family: logout, password change and reset end it. A link made
 * in the back office names the family (its `fam` claim), which the audit entry of the staff user
 * who made it records (customers/customer-admin.service.ts); its tokens name that staff user in
 * the `act` claim, also after refreshes (a support session, issue 41). A mailed proof link
 * (`emailProof`, issue 40 point 5) also joins the address's guest orders to the account.
 */
export async function loginWithToken(loginToken: unknown, deps: AuthDeps): Promise<AuthResult> {
  if (typeof loginToken !== 'string' || loginToken.length > 2000) return fail('BAD_REQUEST');
  const claims = await verifyLoginToken(loginToken, deps.config.auth, deps.now);
  if (!claims) return fail('INVALID_LOGIN_TOKEN');
  const first = await consumeChallenge(
    { nonce: `login-token:${claims.jti}`, expiresAt: claims.expiresAt },
    deps,
  );
  if (!first) return fail('INVALID_LOGIN_TOKEN');
  const customer = await findCustomerByEmail(deps.db, normalizeEmail(claims.email));
  if (!customer) return fail('INVALID_LOGIN_TOKEN');
  // A link the shop mailed to the address proves it: its guest orders join (issue 40 point 5).
  if (claims.emailProof) await joinGuestOrders(deps.db, customer.id, customer.email);
  return issueSession(
    customer,
    LOGIN_TOKEN_SESSION_SECONDS,
    deps,
    claims.familyId,
    claims.staffUserId ?? null,
  );
}

/**
 * A subquery with a row when the session family `familyId` of customer `customerId` is live (has
 * a refresh token that is not revoked), for `exists(...)` in the caller's one statement
 * (customers/viewer.ts).
 */
export function liveSessionFamily(db: Database, customerId: number, familyId: string) {
  return db
    .select({ one: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.customerId, customerId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/**
 * Revokes every session of a customer (after a password reset): marks each live refresh token
 * revoked at `now`. `db` may be a transaction.
 */
export async function revokeAllSessions(
  db: Database,
  customerId: number,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.customerId, customerId), isNull(refreshTokens.revokedAt)));
}
