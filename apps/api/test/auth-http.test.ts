/**
 * The auth service over real HTTP with a plain fetch client (GEINS-API §7): registration, login,
 * rotating refresh with family revocation on reuse, logout, password change, the sign endpoint,
 * single-use challenges, CORS, and the database-backed login and registration rate limits, on
 * every database kind.
 */
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type Api } from '../src/app.ts';
import { createAuthHandler } from '../src/modules/auth/auth.http.ts';
import type { DbHandle } from '../src/db/client.ts';
import { customers, loginAttempts, refreshTokens, usedChallenges } from '../src/db/schema.ts';
import { testConfig } from './api-client.ts';
import { authClient, startAuthServer } from './auth-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const config = testConfig({ publicUrl: 'https://shop.example' });
config.auth = { ...config.auth, scryptLogN: 12 };
const salt = config.auth.passwordSalt;

describe.each(testDatabaseKinds())('auth service over HTTP on %s', (kind) => {
  let handle: DbHandle;
  let api: Api;
  let server: { url: string; close(): Promise<void> };
  let client: ReturnType<typeof authClient>;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    api = createApi({ db: handle.db, config, log: { error: () => undefined } });
    server = await startAuthServer(api);
    client = authClient(server.url, salt);
  });

  afterAll(async () => {
    await server?.close();
    await handle?.close();
  });

  it('registers: {token, maxAge} and a refresh token in x-auth-refresh-token', async () => {
    const answer = await client.register('Anna.Andersson@Example.se', 'cykel123');
    expect(answer.status).toBe(200);
    expect(answer.body.maxAge).toBe(900);
    expect(answer.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const claims = decodeJwt(String(answer.body.token));
    expect(claims).toMatchObject({ name: 'anna.andersson@example.se', customerType: 'PERSON' });
    expect(claims.sid).toMatch(/^\d+$/);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('refuses a second account with the same e-mail (409 ACCOUNT_EXISTS)', async () => {
    const answer = await client.register('anna.andersson@example.se', 'annat-losen');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: 'ACCOUNT_EXISTS' });
    expect(answer.refreshToken).toBeNull();
  });

  it('logs in with the right digest; wrong password and unknown e-mail look the same', async () => {
    const right = await client.login('anna.andersson@example.se', 'cykel123');
    expect(right.status).toBe(200);
    expect(right.refreshToken).toBeTruthy();
    const wrong = await client.login('anna.andersson@example.se', 'fel-losen');
    const unknown = await client.login('ingen@example.se', 'cykel123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('a session without "Kom ihåg mig" (sessionLifetime 30) lasts 1800 s, else 604800 s', async () => {
    const short = await client.login('anna.andersson@example.se', 'cykel123', false);
    const long = await client.login('anna.andersson@example.se', 'cykel123', true);
    const lifetime = async (token: string | null) => {
      const { hashOpaqueToken } = await import('../src/modules/auth/tokens.ts');
      const [row] = await handle.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token ?? '')));
      return row?.lifetimeSeconds;
    };
    expect(await lifetime(short.refreshToken)).toBe(1800);
    expect(await lifetime(long.refreshToken)).toBe(604800);
  });

  it('refresh rotates the token; reusing an old one revokes the whole family', async () => {
    const first = await client.login('anna.andersson@example.se', 'cykel123');
    const second = await client.refresh(first.refreshToken!);
    expect(second.status).toBe(200);
    expect(second.body.token).toEqual(expect.any(String));
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await client.refresh(second.refreshToken!);
    expect(third.status).toBe(200);

    const reuse = await client.refresh(first.refreshToken!);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ error: 'INVALID_REFRESH_TOKEN' });
    // The thief's reuse ended the session: the newest token of the family is dead too.
    expect((await client.refresh(third.refreshToken!)).status).toBe(401);
  });

  it('refuses unknown and missing refresh tokens', async () => {
    expect((await client.refresh('x'.repeat(43))).status).toBe(401);
    expect((await client.call('GET', 'login')).status).toBe(401);
  });

  it('logout revokes the session', async () => {
    const session = await client.login('anna.andersson@example.se', 'cykel123');
    const out = await client.logout(session.refreshToken!);
    expect(out.status).toBe(200);
    expect((await client.refresh(session.refreshToken!)).status).toBe(401);
  });

  it('changes the password; a wrong current password ends the session', async () => {
    await client.register('bertil@example.se', 'gammalt1');
    const session = await client.login('bertil@example.se', 'gammalt1');
    const wrong = await client.changePassword(
      'bertil@example.se',
      'inte-ratt',
      'nytt-losen',
      session.refreshToken!,
    );
    expect(wrong.status).toBe(401);
    expect((await client.refresh(session.refreshToken!)).status).toBe(401);

    const again = await client.login('bertil@example.se', 'gammalt1');
    const other = await client.login('bertil@example.se', 'gammalt1');
    const changed = await client.changePassword(
      'bertil@example.se',
      'gammalt1',
      'nytt-losen',
      again.refreshToken!,
    );
    expect(changed.status).toBe(200);
    expect(changed.refreshToken).toBeTruthy();
    expect((await client.login('bertil@example.se', 'gammalt1')).status).toBe(401);
    expect((await client.login('bertil@example.se', 'nytt-losen')).status).toBe(200);
    // Other sessions end with a password change; this one goes on with the new token.
    expect((await client.refresh(other.refreshToken!)).status).toBe(401);
    expect((await client.refresh(changed.refreshToken!)).status).toBe(200);
  });

  it("a password change with another account's session is refused and ends that session", async () => {
    await client.register('fredrik@example.se', 'fredriks1');
    const fredrik = await client.login('fredrik@example.se', 'fredriks1');
    const anna = await client.login('anna.andersson@example.se', 'cykel123');
    // Anna's own, correct credentials with Fredrik's refresh token: not Anna's session.
    const crossed = await client.changePassword(
      'anna.andersson@example.se',
      'cykel123',
      'kapat-losen',
      fredrik.refreshToken!,
    );
    expect(crossed.status).toBe(401);
    expect(crossed.refreshToken).toBeNull();
    expect((await client.login('anna.andersson@example.se', 'kapat-losen')).status).toBe(401);
    expect((await client.login('fredrik@example.se', 'fredriks1')).status).toBe(200);
    expect((await client.refresh(fredrik.refreshToken!)).status).toBe(401);
    expect((await client.refresh(anna.refreshToken!)).status).toBe(200);
  });

  it('the sign endpoint needs a valid API key; forged signatures are refused', async () => {
    const bad = await fetch(`${server.url}/auth/sign/wrong-key-123?identity=abc`);
    expect(bad.status).toBe(401);
    const signature = (await client.signature('login', 'anna.andersson@example.se')) as Record<
      string,
      string
    >;
    expect(Object.keys(signature).sort()).toEqual(['identity', 'signature', 'timestamp']);
    const password = await client.digest('cykel123');
    const forged = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: { ...signature, signature: 'AAAA' + String(signature.signature).slice(4) },
      password,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'INVALID_SIGNATURE' });
    // A challenge signed for one user does not work for another.
    const otherUser = await client.call('POST', 'login', {
      username: 'bertil@example.se',
      signature,
      password,
    });
    expect(otherUser.body).toEqual({ error: 'INVALID_SIGNATURE' });
  });

  it('a challenge works once: a replayed signature is refused, even after a wrong password', async () => {
    const password = await client.digest('cykel123');
    const signature = await client.signature('login', 'anna.andersson@example.se');
    const first = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature,
      password,
    });
    expect(first.status).toBe(200);
    const replay = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature,
      password,
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'INVALID_SIGNATURE' });
    expect(replay.refreshToken).toBeNull();
    // Used up by a wrong password too: a captured challenge gives no second guess.
    const captured = await client.signature('login', 'anna.andersson@example.se');
    const wrong = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: captured,
      password: await client.digest('fel-losen'),
    });
    expect(wrong.body).toEqual({ error: 'INVALID_CREDENTIALS' });
    const retry = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: captured,
      password,
    });
    expect(retry.body).toEqual({ error: 'INVALID_SIGNATURE' });
    // Nor for another action of the same user.
    const otherAction = await client.call(
      'POST',
      'password',
      {
        username: 'anna.andersson@example.se',
        signature,
        password,
        newPassword: await client.digest('nytt-losen'),
      },
      { 'x-auth-refresh-token': first.refreshToken! },
    );
    expect(otherAction.body).toEqual({ error: 'INVALID_SIGNATURE' });
  });

  it('of concurrent uses of one challenge exactly one gets through', async () => {
    const password = await client.digest('cykel123');
    const signature = await client.signature('login', 'anna.andersson@example.se');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.call('POST', 'login', {
          username: 'anna.andersson@example.se',
          signature,
          password,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('refuses plaintext passwords (the digest is required)', async () => {
    const answer = await client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: await client.signature('login', 'anna.andersson@example.se'),
      password: 'cykel123',
    });
    expect(answer.status).toBe(400);
  });

  it("allows credentialed CORS for the shop's origin only and exposes the refresh header", async () => {
    const preflight = await fetch(`${server.url}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-auth-refresh-token');
    const answer = await client.call(
      'POST',
      'login',
      { username: 'a@example.se' },
      {
        origin: 'https://shop.example',
      },
    );
    expect(answer.headers.get('access-control-expose-headers')).toBe('x-auth-refresh-token');
    const foreign = await client.call(
      'POST',
      'login',
      { username: 'a@example.se' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a login token (issue 13 §8) works once, expires, and an access token is not one', async () => {
    const { issueLoginToken } = await import('../src/modules/auth/tokens.ts');
    await client.register('forhandsvisning@example.se', 'visa-losen');
    const redeem = (loginToken: string) => client.call('POST', 'login-token', { loginToken });
    // An ordinary access token (what a shopper has) is refused: shoppers cannot make login tokens.
    const own = await client.login('forhandsvisning@example.se', 'visa-losen');
    expect((await redeem(String(own.body.token))).body).toEqual({ error: 'INVALID_LOGIN_TOKEN' });

    const token = await issueLoginToken('forhandsvisning@example.se', config.auth, new Date());
    const first = await redeem(token);
    expect(first.status).toBe(200);
    expect(first.refreshToken).toBeTruthy();
    expect(decodeJwt(String(first.body.token))).toMatchObject({
      name: 'forhandsvisning@example.se',
    });
    const [row] = await handle.db
      .select()
      .from(refreshTokens)
      .where(
        eq(
          refreshTokens.tokenHash,
          (await import('../src/modules/auth/tokens.ts')).hashOpaqueToken(first.refreshToken!),
        ),
      );
    expect(row?.lifetimeSeconds).toBe(3600);
    // Single use, also in parallel.
    expect((await redeem(token)).status).toBe(401);
    const again = await issueLoginToken('forhandsvisning@example.se', config.auth, new Date());
    const parallel = await Promise.all([redeem(again), redeem(again), redeem(again)]);
    expect(parallel.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    // Expired (10 minutes) and forged tokens are refused.
    const old = await issueLoginToken(
      'forhandsvisning@example.se',
      config.auth,
      new Date(Date.now() - 601_000),
    );
    expect((await redeem(old)).status).toBe(401);
    const forged = await issueLoginToken(
      'forhandsvisning@example.se',
      { ...config.auth, jwtSecret: 'x'.repeat(40) },
      new Date(),
    );
    expect((await redeem(forged)).status).toBe(401);
  });

  describe('rate limit (in the database)', () => {
    // A frozen clock: no lock runs out while a test runs, however slow the machine is.
    const clock = new Date();
    const attempt = async (username: string, password: string, clientIp: string) => {
      const auth = createAuthHandler({ db: handle.db, config, now: () => clock });
      const send = async (path: string, body?: unknown) =>
        (await auth(
          new Request(`http://in-process.local/auth/${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          { clientIp },
        ))!;
      const { sign } = (await (await send('login', { username })).json()) as { sign: string };
      const signature: unknown = await (
        await send(`sign/${config.apiKey}?identity=${encodeURIComponent(sign)}`)
      ).json();
      const response = await send('login', {
        username,
        signature,
        password: await client.digest(password),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };

    it('100 wrong passwords in a row never succeed, then even the right one waits', async () => {
      await client.register('cecilia@example.se', 'ratt-losen');
      const statuses: number[] = [];
      const waits: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const result = await attempt('cecilia@example.se', `fel-${i}-losen`, `10.0.0.${i % 250}`);
        statuses.push(result.status);
        if (result.retryAfter) waits.push(Number(result.retryAfter));
      }
      expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      expect(waits.every((seconds) => seconds > 0)).toBe(true);
      const right = await attempt('cecilia@example.se', 'ratt-losen', '10.1.1.1');
      expect(right.status).toBe(429);
      expect(Number(right.retryAfter)).toBeGreaterThan(0);
    });

    it('the back-off grows with every failure after the lock has passed', async () => {
      await client.register('david@example.se', 'ratt-losen');
      for (let i = 0; i < 5; i += 1) await attempt('david@example.se', 'fel-losen', '10.2.0.1');
      const [row] = await handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'account:david@example.se'));
      expect(row?.failures).toBe(5);
      expect(row?.lockedUntil).toBeInstanceOf(Date);
      // Let the lock pass (as if time went by), fail once more: the lock doubles.
      const firstLock = row!.lockedUntil!.getTime() - row!.lastFailureAt.getTime();
      await handle.db
        .update(loginAttempts)
        .set({ lockedUntil: new Date(clock.getTime() - 1000) })
        .where(eq(loginAttempts.key, 'account:david@example.se'));
      expect((await attempt('david@example.se', 'fel-losen', '10.2.0.1')).status).toBe(401);
      const [after] = await handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'account:david@example.se'));
      expect(after!.lockedUntil!.getTime() - after!.lastFailureAt.getTime()).toBe(firstLock * 2);
    });

    it('limits one IP address across many accounts', async () => {
      const results: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        results.push((await attempt(`person${i}@example.se`, 'gissning1', '10.9.9.9')).status);
      }
      expect(results.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(results.slice(20).every((status) => status === 429)).toBe(true);
      // Another address is not affected.
      expect((await attempt('person0@example.se', 'gissning1', '10.9.9.10')).status).toBe(401);
    });

    /** Registers `username` from `clientIp` through the in-process handler at `at`. */
    const registerAt = async (username: string, clientIp: string, at = clock) => {
      const auth = createAuthHandler({ db: handle.db, config, now: () => at });
      const send = async (path: string, body?: unknown) =>
        (await auth(
          new Request(`http://in-process.local/auth/${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
          { clientIp },
        ))!;
      const { sign } = (await (await send('register', { username })).json()) as { sign: string };
      const signature: unknown = await (
        await send(`sign/${config.apiKey}?identity=${encodeURIComponent(sign)}`)
      ).json();
      const response = await send('register', {
        username,
        signature,
        password: await client.digest('ratt-losen'),
      });
      return {
        status: response.status,
        body: (await response.json()) as Record<string, unknown>,
        retryAfter: response.headers.get('retry-after'),
      };
    };

    it('limits registrations per IP, the same way for new and existing e-mails', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 9; i += 1) {
        statuses.push((await registerAt(`ny${i}@example.se`, '10.7.0.1')).status);
      }
      // An existing e-mail counts as an attempt too (it is what registration could enumerate).
      statuses.push((await registerAt('ny0@example.se', '10.7.0.1')).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 409]);

      const newEmail = await registerAt('ny-efter@example.se', '10.7.0.1');
      const existing = await registerAt('ny1@example.se', '10.7.0.1');
      // Locked: the same answer whether the e-mail has an account or not.
      expect(newEmail).toEqual({
        status: 429,
        body: { error: 'TOO_MANY_ATTEMPTS' },
        retryAfter: '2',
      });
      expect(existing).toEqual(newEmail);
      const [created] = await handle.db
        .select()
        .from(customers)
        .where(eq(customers.email, 'ny-efter@example.se'));
      expect(created).toBeUndefined();
      // Another address is not affected; logins from the locked address are not either.
      expect((await registerAt('ny-annan@example.se', '10.7.0.2')).status).toBe(200);
      expect((await attempt('ny1@example.se', 'ratt-losen', '10.7.0.1')).status).toBe(200);

      // Once the lock has passed one more registration goes through, then the lock doubles.
      const later = new Date(clock.getTime() + 3000);
      expect((await registerAt('ny-senare@example.se', '10.7.0.1', later)).status).toBe(200);
      const again = await registerAt('ny-igen@example.se', '10.7.0.1', later);
      expect(again.status).toBe(429);
      expect(again.retryAfter).toBe('4');
      // After an hour without registrations the address starts over.
      const nextHour = new Date(clock.getTime() + 3600_000 + 10_000);
      expect((await registerAt('ny-timme@example.se', '10.7.0.1', nextHour)).status).toBe(200);
      const [row] = await handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'register-ip:10.7.0.1'));
      expect(row?.failures).toBe(1);
    });

    it('used challenges are purged once they could no longer be presented', async () => {
      await registerAt('rensa@example.se', '10.8.0.1');
      const before = await handle.db.select().from(usedChallenges);
      expect(before.length).toBeGreaterThan(0);
      // A use two hours later (after every earlier test's clock) purges every challenge older
      // than the sign window: only its own nonce is left.
      await registerAt('rensa2@example.se', '10.8.0.2', new Date(clock.getTime() + 7200_000));
      const after = await handle.db.select().from(usedChallenges);
      expect(after).toHaveLength(1);
    });

    it('20 parallel guesses: exactly 5 reach the password check (issue 13 §11)', async () => {
      await client.register('parallell@example.se', 'ratt-losen');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          attempt('parallell@example.se', `fel-${i}-losen`, `10.11.0.${i}`),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(15);
      // And from one address across 40 accounts: exactly IP_FREE_FAILURES (20) get through.
      const fromOne = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          attempt(`massa${i}@example.se`, 'gissning1', '10.12.0.1'),
        ),
      );
      expect(fromOne.filter((result) => result.status === 401)).toHaveLength(20);
    });

    it('20 parallel registrations from one address: exactly 10 go through', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          registerAt(`parallell-ny${i}@example.se`, '10.13.0.1'),
        ),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(10);
      expect(results.filter((result) => result.status === 429)).toHaveLength(10);
    });

    it('a successful login clears the account counter', async () => {
      await client.register('erik@example.se', 'ratt-losen');
      for (let i = 0; i < 3; i += 1) await attempt('erik@example.se', 'fel-losen', '10.3.0.1');
      expect((await attempt('erik@example.se', 'ratt-losen', '10.3.0.1')).status).toBe(200);
      const rows = await handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'account:erik@example.se'));
      expect(rows).toEqual([]);
    });
  });
});
