/**
 * GraphQL account operations with Bearer auth (GEINS-API §4.7, §7.2), part 1: getUser,
 * updateUser, requestPasswordReset and commitReset through the mail outbox and their limits, and
 * the security rules: wrong-signature, expired and logged-out tokens are refused; one customer
 * never reads or changes another's data (IDOR), on every database kind.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import { customers } from '../src/db/schema.ts';
import { passwordDigest } from '../src/modules/auth/password-digest.ts';
import { issueAccessToken } from '../src/modules/auth/tokens.ts';
import { passwordHashStats } from '../src/modules/auth/password-hash.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { testDatabaseKinds } from './test-db.ts';
import { USER_FIELDS, useAccountApi } from './customers-fixture.ts';

describe.each(testDatabaseKinds())('account operations on %s', (kind) => {
  const api = useAccountApi(kind);
  const { config, outbox, authCall, credentials, register, gql, code } = api;

  it('getUser needs a Bearer token and returns the caller', async () => {
    expect(code(await gql(`{ getUser { id } }`))).toBe('UNAUTHENTICATED');
    const result = await gql(`{ getUser { ${USER_FIELDS} } }`, {}, api.anna.token);
    expect(result.errors).toBeUndefined();
    expect(result.data?.getUser).toMatchObject({
      email: 'anna@example.se',
      customerType: 'PERSON',
      gender: 'UNSET',
      newsletter: false,
      personalId: '',
      balance: 0,
      balanceFormatted: '0\u00a0kr',
      balances: [{ currency: 'SEK', amount: 0, amountFormatted: '0\u00a0kr' }],
      address: { firstName: '', country: 'SE' },
    });
  });

  it('updateUser creates the profile after registration and changes only given fields', async () => {
    const created = await gql(
      `mutation($user: UserInputType!) { updateUser(user: $user) { email newsletter customerType } }`,
      { user: { newsletter: true, customerType: 'PERSON' }, channelId: '1|se', marketId: 'se' },
      api.anna.token,
    );
    expect(created.data?.updateUser).toEqual({
      email: 'anna@example.se',
      newsletter: true,
      customerType: 'PERSON',
    });
    const [row] = await api.handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'anna@example.se'));
    expect(row?.profileCreatedAt).toBeInstanceOf(Date);

    const updated = await gql(
      `mutation($user: UserInputType!) { updateUser(user: $user) { ${USER_FIELDS} } }`,
      {
        user: {
          gender: 'WOMAN',
          personalId: '900101-0017',
          address: {
            firstName: 'Anna',
            lastName: 'Andersson',
            careOf: 'Berg',
            addressLine1: 'Storgatan 1',
            addressLine2: 'lgh 1102',
            zip: '11122',
            city: 'Stockholm',
            phone: '0701234567',
          },
        },
      },
      api.anna.token,
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateUser).toMatchObject({
      gender: 'WOMAN',
      newsletter: true,
      personalId: '199001010017',
      address: {
        firstName: 'Anna',
        lastName: 'Andersson',
        careOf: 'Berg',
        addressLine1: 'Storgatan 1',
        addressLine2: 'lgh 1102',
        zip: '11122',
        city: 'Stockholm',
        country: 'SE',
        phone: '0701234567',
      },
    });
  });

  it('validates personnummer and organisationsnummer', async () => {
    const bad = await gql(
      `mutation { updateUser(user: { personalId: "900101-0018" }) { id } }`,
      {},
      api.anna.token,
    );
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions?.argument).toBe('personalId');
    const company = await gql(
      `mutation { updateUser(user: { customerType: ORGANIZATION, personalId: "5560160680",
        address: { company: "Cykelfabriken AB" } }) { customerType personalId address { company } } }`,
      {},
      api.bertil.token,
    );
    expect(company.data?.updateUser).toEqual({
      customerType: 'ORGANIZATION',
      personalId: '556016-0680',
      address: { company: 'Cykelfabriken AB' },
    });
  });

  it('IDOR: each token reads and changes only its own account', async () => {
    const asBertil = await gql(
      `{ getUser { email address { firstName } personalId } }`,
      {},
      api.bertil.token,
    );
    expect(asBertil.data?.getUser).toEqual({
      email: 'bertil@example.se',
      address: { firstName: '' },
      personalId: '556016-0680',
    });
    await gql(
      `mutation { updateUser(user: { address: { firstName: "Bertil" } }) { id } }`,
      {},
      api.bertil.token,
    );
    const asAnna = await gql(`{ getUser { email address { firstName } } }`, {}, api.anna.token);
    expect(asAnna.data?.getUser).toEqual({
      email: 'anna@example.se',
      address: { firstName: 'Anna' },
    });
    // No account operation takes a customer id: the schema has no such argument to abuse.
    const schema = await gql(
      `{ __type(name: "GeinsMerchantApiMutation") { fields { name args { name } } } }`,
    );
    const fields = schema.data?.__type.fields as Array<{
      name: string;
      args: Array<{ name: string }>;
    }>;
    for (const name of ['updateUser', 'deleteUser', 'commitReset']) {
      const args = fields.find((field) => field.name === name)?.args.map((arg) => arg.name) ?? [];
      expect(
        args.filter((arg) => /id$/i.test(arg) && !/^(channel|language|market)Id$/.test(arg)),
      ).toEqual([]);
    }
  });

  it('refuses tokens with a wrong signature, expired tokens and garbage', async () => {
    const [row] = await api.handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'anna@example.se'));
    const subject = {
      customerId: row!.id,
      email: row!.email,
      customerType: 'PERSON',
      memberType: '',
      familyId: 'ingen-familj',
    };
    const forged = await issueAccessToken(
      subject,
      { ...config.auth, jwtSecret: 'f'.repeat(40) },
      new Date(),
    );
    const expired = await issueAccessToken(subject, config.auth, new Date(Date.now() - 3600_000));
    // A valid signature but no session family (or an unknown one) is refused too.
    const { familyId: _unused, ...withoutFamily } = subject;
    void _unused;
    const noFamily = await issueAccessToken(
      withoutFamily as typeof subject,
      config.auth,
      new Date(),
    );
    const unknownFamily = await issueAccessToken(subject, config.auth, new Date());
    for (const token of [forged, expired, 'garbage', noFamily, unknownFamily]) {
      expect(code(await gql(`{ getUser { id } }`, {}, token))).toBe('UNAUTHENTICATED');
      expect(code(await gql(`mutation { deleteUser }`, {}, token))).toBe('UNAUTHENTICATED');
    }
  });

  it('access tokens stop working at once after logout, password change and reset (issue 13 §9)', async () => {
    const user = `{ getUser { email } }`;
    const email = 'sessioner@example.se';
    await register(email, 'forsta-losen');
    const login = async (password: string) => {
      const answer = await credentials('login', email, password);
      expect(answer.status).toBe(200);
      return { token: String(answer.body.token), refresh: answer.refresh! };
    };
    const works = async (token: string) => code(await gql(user, {}, token)) === undefined;

    // Logout: the token of that session is refused, another session's is not.
    const first = await login('forsta-losen');
    const second = await login('forsta-losen');
    expect(await works(first.token)).toBe(true);
    const out = await api.client.api.auth(
      new Request('http://in-process.local/auth/logout', {
        headers: { 'x-auth-refresh-token': first.refresh },
      }),
    );
    expect(out.status).toBe(200);
    expect(code(await gql(user, {}, first.token))).toBe('UNAUTHENTICATED');
    expect(await works(second.token)).toBe(true);

    // Password change: the other sessions' tokens are refused; the new token works.
    const other = await login('forsta-losen');
    const { sign } = (await authCall('password', { username: email })).body as { sign: string };
    const signed = await api.client.api.auth(
      new Request(
        `http://in-process.local/auth/sign/${config.apiKey}?identity=${encodeURIComponent(sign)}`,
      ),
    );
    const changed = await authCall(
      'password',
      {
        username: email,
        signature: await signed.json(),
        password: await passwordDigest('forsta-losen', config.auth.passwordSalt),
        newPassword: await passwordDigest('andra-losen', config.auth.passwordSalt),
      },
      { 'x-auth-refresh-token': second.refresh },
    );
    expect(changed.status).toBe(200);
    expect(code(await gql(user, {}, other.token))).toBe('UNAUTHENTICATED');
    expect(await works(String(changed.body.token))).toBe(true);

    // Reset: every session ends, also the one that changed the password.
    await gql(`mutation { requestPasswordReset(email: "${email}") }`);
    await runJobsUntilIdle(api.handle.db, config);
    const mails = await readOutbox(outbox, email);
    const resetKey = /resetKey=([\w-]+)/.exec(mails.at(-1) ?? '')![1]!;
    const committed = await gql(
      `mutation($resetKey: String!, $password: String!) { commitReset(resetKey: $resetKey, password: $password) }`,
      { resetKey, password: await passwordDigest('tredje-losen', config.auth.passwordSalt) },
    );
    expect(committed.data?.commitReset).toBe(true);
    expect(code(await gql(user, {}, String(changed.body.token)))).toBe('UNAUTHENTICATED');
    expect(await works((await login('tredje-losen')).token)).toBe(true);
  });

  it('password reset: no hint for unknown e-mails; a single-use key that expires', async () => {
    const unknown = await gql(`mutation { requestPasswordReset(email: "ingen@example.se") }`);
    expect(unknown.data?.requestPasswordReset).toBe(true);
    expect(await readOutbox(outbox, 'ingen@example.se')).toEqual([]);
    expect(code(await gql(`mutation { requestPasswordReset(email: "inte-en-adress") }`))).toBe(
      'BAD_USER_INPUT',
    );

    const known = await gql(`mutation { requestPasswordReset(email: "Bertil@Example.se") }`);
    expect(known.data?.requestPasswordReset).toBe(true);
    await runJobsUntilIdle(api.handle.db, config);
    const [mail] = await readOutbox(outbox, 'bertil@example.se');
    const link = /https:\/\/shop\.example\/account\/reset-password\?resetKey=([\w-]+)/.exec(
      mail ?? '',
    );
    expect(link).not.toBeNull();
    const resetKey = link![1]!;
    const password = await passwordDigest('nytt-losen', config.auth.passwordSalt);
    const commit = `mutation($resetKey: String!, $password: String!) { commitReset(resetKey: $resetKey, password: $password) }`;
    expect(code(await gql(commit, { resetKey, password: 'nytt-losen' }))).toBe('BAD_USER_INPUT');
    expect((await gql(commit, { resetKey, password })).data?.commitReset).toBe(true);
    expect((await gql(commit, { resetKey, password })).data?.commitReset).toBe(false);
    expect((await gql(commit, { resetKey: 'x'.repeat(43), password })).data?.commitReset).toBe(
      false,
    );
    // The new password works, the old does not, and old sessions ended.
    const relogin = await credentials('login', 'bertil@example.se', 'nytt-losen');
    expect(relogin.status).toBe(200);
    // Bertil's old access token ended with his sessions (issue 13 §9); later tests use the new one.
    expect(code(await gql(`{ getUser { id } }`, {}, api.bertil.token))).toBe('UNAUTHENTICATED');
    expect((await credentials('login', 'bertil@example.se', 'hemligt1')).status).toBe(401);
    const refreshed = await api.client.api.auth(
      new Request('http://in-process.local/auth/login', {
        headers: { 'x-auth-refresh-token': api.bertil.refresh },
      }),
    );
    expect(refreshed.status).toBe(401);
    api.bertil = { token: String(relogin.body.token), refresh: relogin.refresh! };

    // An expired key does not work.
    await gql(`mutation { requestPasswordReset(email: "anna@example.se") }`);
    await runJobsUntilIdle(api.handle.db, config);
    // Anna's outbox also holds her newsletter confirmation (issue 17): take the reset mail.
    const annaMail = (await readOutbox(outbox, 'anna@example.se')).find((mail) =>
      mail.includes('resetKey='),
    );
    const annaKey = /resetKey=([\w-]+)/.exec(annaMail ?? '')![1]!;
    const { passwordResets } = await import('../src/db/schema.ts');
    await api.handle.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await gql(commit, { resetKey: annaKey, password })).data?.commitReset).toBe(false);
  });

  /** A GraphQL request through `api.fetch` as from the address `clientIp`. */
  async function gqlFrom(clientIp: string, query: string, variables: Record<string, unknown> = {}) {
    const response = await api.client.api.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': config.apiKey },
        body: JSON.stringify({ query, variables }),
      }),
      { clientIp },
    );
    return (await response.json()) as Awaited<ReturnType<typeof gql>>;
  }
  const commitMutation = `mutation($resetKey: String!, $password: String!) { commitReset(resetKey: $resetKey, password: $password) }`;

  it('commitReset looks the key up before hashing: 32 made-up keys cost no scrypt (issue 13 §12)', async () => {
    const password = await passwordDigest('nytt-losen', config.auth.passwordSalt);
    const before = passwordHashStats().started;
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) =>
        gqlFrom(`10.40.0.${i}`, commitMutation, {
          resetKey: randomUUID().replace(/-/g, '').padEnd(43, 'x'),
          password,
        }),
      ),
    );
    expect(answers.map((answer) => answer.data?.commitReset)).toEqual(Array(32).fill(false));
    expect(passwordHashStats().started).toBe(before);
  });

  it('requestPasswordReset and commitReset are limited per IP address (shared counter)', async () => {
    const password = await passwordDigest('nytt-losen', config.auth.passwordSalt);
    const request = `mutation { requestPasswordReset(email: "ingen-${randomUUID()}@example.se") }`;
    const results: Array<string | undefined> = [];
    for (let i = 0; i < 6; i += 1) results.push(code(await gqlFrom('10.41.0.1', request)));
    for (let i = 0; i < 6; i += 1) {
      const answer = await gqlFrom('10.41.0.1', commitMutation, {
        resetKey: 'y'.repeat(43),
        password,
      });
      results.push(code(answer));
    }
    expect(results.slice(0, 10)).toEqual(Array(10).fill(undefined));
    expect(results.slice(10)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    const limited = await gqlFrom('10.41.0.1', request);
    expect(limited.errors?.[0]?.message).toBe('Too many attempts; try again later');
    expect(
      Number((limited.errors?.[0]?.extensions as { retryAfter?: number })?.retryAfter),
    ).toBeGreaterThan(0);
    // Another address is not affected.
    expect(code(await gqlFrom('10.41.0.2', request))).toBeUndefined();
  });

  it('requestPasswordReset does the same statements for a known and an unknown e-mail (issue 13 §13)', async () => {
    const statementsFor = async (email: string, clientIp: string) => {
      const { result, counter } = await countStatements(() =>
        gqlFrom(clientIp, `mutation($email: String!) { requestPasswordReset(email: $email) }`, {
          email,
        }),
      );
      expect(result.data?.requestPasswordReset).toBe(true);
      return counter.statements;
    };
    const known = await statementsFor('anna@example.se', '10.42.0.1');
    const unknown = await statementsFor('okand-person@example.se', '10.42.0.2');
    expect(known.length).toBeGreaterThan(0);
    expect(unknown).toEqual(known);
    // The mail to the known address still goes out (after the answer).
    await runJobsUntilIdle(api.handle.db, config);
    expect((await readOutbox(outbox, 'anna@example.se')).length).toBeGreaterThan(0);
    expect(await readOutbox(outbox, 'okand-person@example.se')).toEqual([]);
  });
});
