/**
 * The auth service (GEINS-API §7), part 2: the database-backed login and registration rate
 * limits, on every database kind.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAuthHandler } from '../src/modules/auth/auth.http.ts';
import { customers, loginAttempts, usedChallenges } from '../src/db/schema.ts';
import { testDatabaseKinds } from './test-db.ts';
import { config, useAuthServer } from './auth-http-suite.ts';

describe.each(testDatabaseKinds())('auth service over HTTP on %s', (kind) => {
  const suite = useAuthServer(kind);

  describe('rate limit (in the database)', () => {
    // A frozen clock: no lock runs out while a test runs, however slow the machine is.
    const clock = new Date();
    const attempt = async (username: string, password: string, clientIp: string) => {
      const auth = createAuthHandler({ db: suite.handle.db, config, now: () => clock });
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
        password: await suite.client.digest(password),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };

    it('100 wrong passwords in a row never succeed, then even the right one waits', async () => {
      await suite.client.register('cecilia@example.se', 'ratt-losen');
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
      await suite.client.register('david@example.se', 'ratt-losen');
      for (let i = 0; i < 5; i += 1) await attempt('david@example.se', 'fel-losen', '10.2.0.1');
      const [row] = await suite.handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'account:david@example.se'));
      expect(row?.failures).toBe(5);
      expect(row?.lockedUntil).toBeInstanceOf(Date);
      // Let the lock pass (as if time went by), fail once more: the lock doubles.
      const firstLock = row!.lockedUntil!.getTime() - row!.lastFailureAt.getTime();
      await suite.handle.db
        .update(loginAttempts)
        .set({ lockedUntil: new Date(clock.getTime() - 1000) })
        .where(eq(loginAttempts.key, 'account:david@example.se'));
      expect((await attempt('david@example.se', 'fel-losen', '10.2.0.1')).status).toBe(401);
      const [after] = await suite.handle.db
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
      const auth = createAuthHandler({ db: suite.handle.db, config, now: () => at });
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
        password: await suite.client.digest('ratt-losen'),
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
      const [created] = await suite.handle.db
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
      const [row] = await suite.handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'register-ip:10.7.0.1'));
      expect(row?.failures).toBe(1);
    });

    it('used challenges are purged once they could no longer be presented', async () => {
      await registerAt('rensa@example.se', '10.8.0.1');
      const before = await suite.handle.db.select().from(usedChallenges);
      expect(before.length).toBeGreaterThan(0);
      // A use two hours later (after every earlier test's clock) purges every challenge older
      // than the sign window: only its own nonce is left.
      await registerAt('rensa2@example.se', '10.8.0.2', new Date(clock.getTime() + 7200_000));
      const after = await suite.handle.db.select().from(usedChallenges);
      expect(after).toHaveLength(1);
    });

    it('20 parallel guesses: exactly 5 reach the password check (issue 13 §11)', async () => {
      await suite.client.register('parallell@example.se', 'ratt-losen');
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
      await suite.client.register('erik@example.se', 'ratt-losen');
      for (let i = 0; i < 3; i += 1) await attempt('erik@example.se', 'fel-losen', '10.3.0.1');
      expect((await attempt('erik@example.se', 'ratt-losen', '10.3.0.1')).status).toBe(200);
      const rows = await suite.handle.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.key, 'account:erik@example.se'));
      expect(rows).toEqual([]);
    });
  });
});
