/**
 * Back-office access (issue 26 "Access", "What must show"): who gets in at /admin/graphql, CSRF,
 * login rate limits under parallel guesses, deactivation and the idle timeout, on every database
 * kind.
 */
import { describe, expect, it } from 'vitest';
import { TEST_API_KEY } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, STAFF_PASSWORD, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const CREATE =
  'mutation($email: String!) { createStaffUser(email: $email, role: kundtjanst, password: "ett-langt-losenord") { id } }';

describe.each(testDatabaseKinds())('admin API access on %s', (kind) => {
  const state = useAdminApi(kind);

  it('refuses staff mutations without a session: anonymous, shop API key, customer token', async () => {
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    const variants: Array<Record<string, string>> = [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
      { 'x-apikey': TEST_API_KEY, authorization: `Bearer ${customer.token}` },
    ];
    for (const headers of variants) {
      const answer = await adminClient(state.api).send(
        CREATE,
        { email: 'x@example.se' },
        { headers },
      );
      expect(answer.status).toBe(401);
      expect(codeOf(answer)).toBe('UNAUTHENTICATED');
      expect(answer.body.errors?.[0]?.extensions).not.toHaveProperty('http');
    }
    const staffList = await adminClient(state.api).send('{ staffUsers { id } }');
    expect(staffList.status).toBe(401);
  });

  it('reports each mutation it runs and no query (the storefront drops its page copies then)', async () => {
    await addStaff(state.handle, 'onmutation@example.se', 'administrator');
    const client = adminClient(state.api);
    const before = state.mutations;
    await client.send('{ staffUsers { id } }');
    expect(state.mutations).toBe(before);
    expect((await client.login('onmutation@example.se')).status).toBe(200);
    expect(state.mutations).toBe(before + 1);
    await client.send('query Q { staffUsers { id } }');
    await client.send(CREATE, { email: 'onmutation-new@example.se' });
    expect(state.mutations).toBe(before + 2);
  });

  it('a content editor gets 403 on staff management and the audit log', async () => {
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    const editor = adminClient(state.api);
    expect((await editor.login('redaktor@example.se')).status).toBe(200);
    const me = await editor.send('{ activeAdministrator { email role permissions } }');
    expect(me.body.data?.activeAdministrator).toEqual({
      email: 'redaktor@example.se',
      role: 'innehallsredaktor',
      permissions: ['catalogue:read', 'content:write'],
    });
    for (const query of [CREATE, '{ staffUsers { id } }', '{ auditLog { total } }']) {
      const answer = await editor.send(query, { email: 'y@example.se' });
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
  });

  it('rejects a request without the CSRF header, also with a valid session', async () => {
    await addStaff(state.handle, 'csrf-admin@example.se', 'administrator');
    const admin = adminClient(state.api);
    expect((await admin.login('csrf-admin@example.se')).status).toBe(200);
    const without = await admin.send(CREATE, { email: 'z@example.se' }, { csrf: false });
    expect(without.status).toBe(403);
    expect(codeOf(without)).toBe('CSRF');
    const login = await adminClient(state.api).send(
      'mutation { login(email: "csrf-admin@example.se", password: "ratt-losenord-123") { id } }',
      {},
      { csrf: false },
    );
    expect(login.status).toBe(403);
    expect(login.setCookie).toBeNull();
    expect((await admin.send(CREATE, { email: 'z@example.se' })).status).toBe(200);
  });

  it('sets a HttpOnly, SameSite=Strict session cookie on /admin and clears it at logout', async () => {
    await addStaff(state.handle, 'kaka@example.se', 'butikschef');
    const client = adminClient(state.api);
    const login = await client.login('KAKA@example.se');
    expect(login.body.data?.login).toMatchObject({ email: 'kaka@example.se', role: 'butikschef' });
    expect(login.setCookie).toMatch(
      /^trampa-admin-session=[\w-]{43}; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=86400$/,
    );
    const session = client.cookie;
    expect((await client.send('mutation { logout }')).body.data?.logout).toBe(true);
    expect(client.cookie).toBeUndefined();
    client.cookie = session;
    const after = await client.send('{ activeAdministrator { email } }');
    expect(after.body.data?.activeAdministrator).toBeNull();
  });

  it('20 wrong passwords in parallel never log in; the account is then locked', async () => {
    await addStaff(state.handle, 'mal@example.se', 'administrator');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        adminClient(state.api, `10.30.0.${i + 1}`).login('mal@example.se', `fel-losenord-${i}`),
      ),
    );
    expect(
      answers.every(
        (answer) => answer.body.data?.login === undefined || answer.body.data.login === null,
      ),
    ).toBe(true);
    expect(answers.every((answer) => answer.setCookie === null)).toBe(true);
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 'UNAUTHENTICATED')).toHaveLength(5);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(15);
    const right = await adminClient(state.api, '10.31.0.1').login('mal@example.se', STAFF_PASSWORD);
    expect(codeOf(right)).toBe('RATE_LIMITED');
    expect(right.setCookie).toBeNull();
    expect(right.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
  });

  it('answers an unknown e-mail as a wrong password', async () => {
    const answer = await adminClient(state.api, '10.40.0.1').login('ingen@example.se');
    expect(answer.status).toBe(401);
    expect(answer.body.errors?.[0]?.message).toBe('Wrong e-mail or password');
  });

  it("a deactivated user's session stops working, and it cannot log in again", async () => {
    await addStaff(state.handle, 'chef@example.se', 'administrator');
    const victim = await addStaff(state.handle, 'slutar@example.se', 'kundtjanst');
    const admin = adminClient(state.api, '10.50.0.1');
    const leaver = adminClient(state.api, '10.50.0.2');
    await admin.login('chef@example.se');
    await leaver.login('slutar@example.se');
    const before = await leaver.send('{ activeAdministrator { email } }');
    expect(before.body.data?.activeAdministrator).toEqual({ email: 'slutar@example.se' });
    const off = await admin.send(
      'mutation($id: Int!) { deactivateStaffUser(id: $id) { active } }',
      {
        id: victim.id,
      },
    );
    expect(off.body.data?.deactivateStaffUser).toEqual({ active: false });
    const after = await leaver.send('{ activeAdministrator { email } }');
    expect(after.body.data?.activeAdministrator).toBeNull();
    expect(codeOf(await leaver.login('slutar@example.se'))).toBe('UNAUTHENTICATED');
  });

  it('a session ends after 8 hours idle, or 24 hours after login however busy', async () => {
    await addStaff(state.handle, 'tid@example.se', 'kundtjanst');
    const start = state.clock.now;
    const client = adminClient(state.api, '10.60.0.1');
    await client.login('tid@example.se');
    const hours = (h: number) => new Date(start.getTime() + h * 3_600_000);
    const me = async () =>
      (await client.send('{ activeAdministrator { email } }')).body.data?.activeAdministrator;
    try {
      state.clock.now = hours(7.5);
      expect(await me()).toEqual({ email: 'tid@example.se' });
      state.clock.now = hours(15);
      expect(await me()).toEqual({ email: 'tid@example.se' });
      state.clock.now = hours(22.5);
      expect(await me()).toEqual({ email: 'tid@example.se' });
      // Used 2 h ago, but the 24 h absolute limit has passed.
      state.clock.now = hours(24.5);
      expect(await me()).toBeNull();
    } finally {
      state.clock.now = start;
    }
    const idle = adminClient(state.api, '10.60.0.2');
    await idle.login('tid@example.se');
    try {
      state.clock.now = hours(8.01);
      expect(
        (await idle.send('{ activeAdministrator { email } }')).body.data?.activeAdministrator,
      ).toBeNull();
    } finally {
      state.clock.now = start;
    }
  });

  it('the shop schema exposes nothing of the back office', async () => {
    const { printApiSchema } = await import('../src/graphql/print-schema.ts');
    const shop = printApiSchema();
    for (const name of ['createStaffUser', 'auditLog', 'StaffUser', 'activeAdministrator']) {
      expect(shop).not.toContain(name);
    }
  });
});
