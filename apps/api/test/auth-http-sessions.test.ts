/**
 * The auth service over real HTTP with a plain fetch client (GEINS-API §7), part 1:
 * registration, login, rotating refresh with family revocation on reuse, logout, password
 * change, the sign endpoint, single-use challenges, CORS and login tokens, on every database
 * kind.
 */
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema.ts';
import { testDatabaseKinds } from './test-db.ts';
import { config, useAuthServer } from './auth-http-suite.ts';

describe.each(testDatabaseKinds())('auth service over HTTP on %s', (kind) => {
  const suite = useAuthServer(kind);

  it('registers: {token, maxAge} and a refresh token in x-auth-refresh-token', async () => {
    const answer = await suite.client.register('Anna.Andersson@Example.se', 'cykel123');
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
    const answer = await suite.client.register('anna.andersson@example.se', 'annat-losen');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: 'ACCOUNT_EXISTS' });
    expect(answer.refreshToken).toBeNull();
  });

  it('logs in with the right digest; wrong password and unknown e-mail look the same', async () => {
    const right = await suite.client.login('anna.andersson@example.se', 'cykel123');
    expect(right.status).toBe(200);
    expect(right.refreshToken).toBeTruthy();
    const wrong = await suite.client.login('anna.andersson@example.se', 'fel-losen');
    const unknown = await suite.client.login('ingen@example.se', 'cykel123');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('a session without "Kom ihåg mig" (sessionLifetime 30) lasts 1800 s, else 604800 s', async () => {
    const short = await suite.client.login('anna.andersson@example.se', 'cykel123', false);
    const long = await suite.client.login('anna.andersson@example.se', 'cykel123', true);
    const lifetime = async (token: string | null) => {
      const { hashOpaqueToken } = await import('../src/modules/auth/tokens.ts');
      const [row] = await suite.handle.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token ?? '')));
      return row?.lifetimeSeconds;
    };
    expect(await lifetime(short.refreshToken)).toBe(1800);
    expect(await lifetime(long.refreshToken)).toBe(604800);
  });

  it('refresh rotates the token; reusing an old one revokes the whole family', async () => {
    const first = await suite.client.login('anna.andersson@example.se', 'cykel123');
    const second = await suite.client.refresh(first.refreshToken!);
    expect(second.status).toBe(200);
    expect(second.body.token).toEqual(expect.any(String));
    expect(second.refreshToken).toBeTruthy();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = await suite.client.refresh(second.refreshToken!);
    expect(third.status).toBe(200);

    const reuse = await suite.client.refresh(first.refreshToken!);
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ error: 'INVALID_REFRESH_TOKEN' });
    // The thief's reuse ended the session: the newest token of the family is dead too.
    expect((await suite.client.refresh(third.refreshToken!)).status).toBe(401);
  });

  it('refuses an unknown refresh token; without one a visitor gets no token and no error (issue 44 §4)', async () => {
    expect((await suite.client.refresh('x'.repeat(43))).status).toBe(401);
    const visitor = await suite.client.call('GET', 'login');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({});
    expect(visitor.refreshToken).toBeNull();
  });

  it('logout revokes the session', async () => {
    const session = await suite.client.login('anna.andersson@example.se', 'cykel123');
    const out = await suite.client.logout(session.refreshToken!);
    expect(out.status).toBe(200);
    expect((await suite.client.refresh(session.refreshToken!)).status).toBe(401);
  });

  it('changes the password; a wrong current password ends the session', async () => {
    await suite.client.register('bertil@example.se', 'gammalt1');
    const session = await suite.client.login('bertil@example.se', 'gammalt1');
    const wrong = await suite.client.changePassword(
      'bertil@example.se',
      'inte-ratt',
      'nytt-losen',
      session.refreshToken!,
    );
    expect(wrong.status).toBe(401);
    expect((await suite.client.refresh(session.refreshToken!)).status).toBe(401);

    const again = await suite.client.login('bertil@example.se', 'gammalt1');
    const other = await suite.client.login('bertil@example.se', 'gammalt1');
    const changed = await suite.client.changePassword(
      'bertil@example.se',
      'gammalt1',
      'nytt-losen',
      again.refreshToken!,
    );
    expect(changed.status).toBe(200);
    expect(changed.refreshToken).toBeTruthy();
    expect((await suite.client.login('bertil@example.se', 'gammalt1')).status).toBe(401);
    expect((await suite.client.login('bertil@example.se', 'nytt-losen')).status).toBe(200);
    // Other sessions end with a password change; this one goes on with the new token.
    expect((await suite.client.refresh(other.refreshToken!)).status).toBe(401);
    expect((await suite.client.refresh(changed.refreshToken!)).status).toBe(200);
  });

  it("a password change with another account's session is refused and ends that session", async () => {
    await suite.client.register('fredrik@example.se', 'fredriks1');
    const fredrik = await suite.client.login('fredrik@example.se', 'fredriks1');
    const anna = await suite.client.login('anna.andersson@example.se', 'cykel123');
    // Anna's own, correct credentials with Fredrik's refresh token: not Anna's session.
    const crossed = await suite.client.changePassword(
      'anna.andersson@example.se',
      'cykel123',
      'kapat-losen',
      fredrik.refreshToken!,
    );
    expect(crossed.status).toBe(401);
    expect(crossed.refreshToken).toBeNull();
    expect((await suite.client.login('anna.andersson@example.se', 'kapat-losen')).status).toBe(401);
    expect((await suite.client.login('fredrik@example.se', 'fredriks1')).status).toBe(200);
    expect((await suite.client.refresh(fredrik.refreshToken!)).status).toBe(401);
    expect((await suite.client.refresh(anna.refreshToken!)).status).toBe(200);
  });

  it('the sign endpoint needs a valid API key; forged signatures are refused', async () => {
    const bad = await fetch(`${suite.server.url}/auth/sign/wrong-key-123?identity=abc`);
    expect(bad.status).toBe(401);
    const signature = (await suite.client.signature(
      'login',
      'anna.andersson@example.se',
    )) as Record<string, string>;
    expect(Object.keys(signature).sort()).toEqual(['identity', 'signature', 'timestamp']);
    const password = await suite.client.digest('cykel123');
    const forged = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: { ...signature, signature: 'AAAA' + String(signature.signature).slice(4) },
      password,
    });
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ error: 'INVALID_SIGNATURE' });
    // A challenge signed for one user does not work for another.
    const otherUser = await suite.client.call('POST', 'login', {
      username: 'bertil@example.se',
      signature,
      password,
    });
    expect(otherUser.body).toEqual({ error: 'INVALID_SIGNATURE' });
  });

  it('a challenge works once: a replayed signature is refused, even after a wrong password', async () => {
    const password = await suite.client.digest('cykel123');
    const signature = await suite.client.signature('login', 'anna.andersson@example.se');
    const first = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature,
      password,
    });
    expect(first.status).toBe(200);
    const replay = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature,
      password,
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'INVALID_SIGNATURE' });
    expect(replay.refreshToken).toBeNull();
    // Used up by a wrong password too: a captured challenge gives no second guess.
    const captured = await suite.client.signature('login', 'anna.andersson@example.se');
    const wrong = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: captured,
      password: await suite.client.digest('fel-losen'),
    });
    expect(wrong.body).toEqual({ error: 'INVALID_CREDENTIALS' });
    const retry = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: captured,
      password,
    });
    expect(retry.body).toEqual({ error: 'INVALID_SIGNATURE' });
    // Nor for another action of the same user.
    const otherAction = await suite.client.call(
      'POST',
      'password',
      {
        username: 'anna.andersson@example.se',
        signature,
        password,
        newPassword: await suite.client.digest('nytt-losen'),
      },
      { 'x-auth-refresh-token': first.refreshToken! },
    );
    expect(otherAction.body).toEqual({ error: 'INVALID_SIGNATURE' });
  });

  it('of concurrent uses of one challenge exactly one gets through', async () => {
    const password = await suite.client.digest('cykel123');
    const signature = await suite.client.signature('login', 'anna.andersson@example.se');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        suite.client.call('POST', 'login', {
          username: 'anna.andersson@example.se',
          signature,
          password,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('refuses plaintext passwords (the digest is required)', async () => {
    const answer = await suite.client.call('POST', 'login', {
      username: 'anna.andersson@example.se',
      signature: await suite.client.signature('login', 'anna.andersson@example.se'),
      password: 'cykel123',
    });
    expect(answer.status).toBe(400);
  });

  it("allows credentialed CORS for the shop's origin only and exposes the refresh header", async () => {
    const preflight = await fetch(`${suite.server.url}/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-auth-refresh-token');
    const answer = await suite.client.call(
      'POST',
      'login',
      { username: 'a@example.se' },
      {
        origin: 'https://shop.example',
      },
    );
    expect(answer.headers.get('access-control-expose-headers')).toBe('x-auth-refresh-token');
    const foreign = await suite.client.call(
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
    await suite.client.register('forhandsvisning@example.se', 'visa-losen');
    const redeem = (loginToken: string) => suite.client.call('POST', 'login-token', { loginToken });
    // An ordinary access token (what a shopper has) is refused: shoppers cannot make login tokens.
    const own = await suite.client.login('forhandsvisning@example.se', 'visa-losen');
    expect((await redeem(String(own.body.token))).body).toEqual({ error: 'INVALID_LOGIN_TOKEN' });

    const token = await issueLoginToken('forhandsvisning@example.se', config.auth, new Date());
    const first = await redeem(token);
    expect(first.status).toBe(200);
    expect(first.refreshToken).toBeTruthy();
    expect(decodeJwt(String(first.body.token))).toMatchObject({
      name: 'forhandsvisning@example.se',
    });
    const [row] = await suite.handle.db
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
});
