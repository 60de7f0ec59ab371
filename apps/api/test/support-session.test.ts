/**
 * Support sessions (issue 41 point 1): customer service logs in as a customer from the back
 * office; the session's access tokens name the staff user (`act: { sub: "staff:<id>" }`) from
 * the login link's redemption and after every refresh; it may not erase the account nor change
 * its password (FORBIDDEN); what it may do is recorded in the audit log with the staff user as
 * actor, names of arguments only. The customer's own session is untouched. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/app.ts';
import { auditLog, customers } from '../src/db/schema.ts';
import { getSchema } from '../src/graphql/schema.ts';
import { SUPPORT_MUTATION_ACTION } from '../src/graphql/support-session.ts';
import { verifyAccessToken } from '../src/modules/auth/tokens.ts';
import { deactivateStaffUser } from '../src/modules/staff/staff.service.ts';
import { TEST_API_KEY } from './api-client.ts';
import { addStaff, adminClient, useAdminApi } from './admin-client.ts';
import { authClient, startAuthServer } from './auth-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const IMPERSONATE = `mutation($id: Int!) { impersonateCustomer(customerId: $id) { path } }`;
const UPDATE = `mutation($user: UserInputType!) {
  updateUser(user: $user) { address { firstName } newsletter } }`;
const PASSWORD = 'kundens-eget-losenord-1';
const EMAIL = 'cecilia.support@example.se';

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

describe.each(testDatabaseKinds())('support sessions on %s', (kind) => {
  const state = useAdminApi(kind);
  let shop: ReturnType<typeof createApi>;
  let server: Awaited<ReturnType<typeof startAuthServer>>;
  let auth: ReturnType<typeof authClient>;
  let staffId: number;
  let customerId: number;
  let ownToken: string;
  /** The support session: its current access and refresh tokens. */
  const support = { token: '', refresh: '' };

  const shopQuery = async (token: string, query: string, variables = {}): Promise<Answer> => {
    const response = await shop.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-apikey': TEST_API_KEY,
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ query, variables }),
      }),
      { clientIp: '10.41.0.9' },
    );
    return (await response.json()) as Answer;
  };
  const supportEntries = () =>
    state.handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, SUPPORT_MUTATION_ACTION), eq(auditLog.entityId, `${customerId}`)),
      )
      .orderBy(auditLog.id);

  beforeAll(async () => {
    // The login link is checked against the auth service's real clock.
    state.clock.now = new Date();
    shop = createApi({ db: state.handle.db, config: state.config, log: { error: () => {} } });
    server = await startAuthServer(shop);
    auth = authClient(server.url, state.config.auth.passwordSalt);
    const registered = await auth.register(EMAIL, PASSWORD);
    expect(registered.status).toBe(200);
    ownToken = String(registered.body.token);
    customerId = Number(decodeJwt(ownToken).sid);
    staffId = (await addStaff(state.handle, 'support41@example.se', 'kundtjanst')).id;
    const staff = adminClient(state.api, '10.41.0.1');
    expect((await staff.login('support41@example.se')).status).toBe(200);
    const link = await staff.send(IMPERSONATE, { id: customerId });
    const path = String(link.body.data?.impersonateCustomer.path);
    const loginToken = new URLSearchParams(path.split('?')[1]).get('loginToken');
    const redeemed = await auth.call('POST', 'login-token', { loginToken });
    expect(redeemed.status).toBe(200);
    support.token = String(redeemed.body.token);
    support.refresh = redeemed.refreshToken!;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('names the staff user in the act claim of the session, and keeps it through refreshes', async () => {
    expect(decodeJwt(support.token).act).toEqual({ sub: `staff:${staffId}` });
    const claims = await verifyAccessToken(support.token, state.config.auth, new Date());
    expect(claims).toMatchObject({ customerId, actingStaffUserId: staffId });
    for (let round = 0; round < 2; round += 1) {
      const refreshed = await auth.refresh(support.refresh);
      expect(refreshed.status).toBe(200);
      support.token = String(refreshed.body.token);
      support.refresh = refreshed.refreshToken!;
      expect(decodeJwt(support.token).act).toEqual({ sub: `staff:${staffId}` });
    }
    // The customer's own session has no actor, before and after a refresh.
    expect(decodeJwt(ownToken).act).toBeUndefined();
    const login = await auth.login(EMAIL, PASSWORD);
    const own = await auth.refresh(login.refreshToken!);
    expect(decodeJwt(String(own.body.token)).act).toBeUndefined();
  });

  it('refuses account erasure with FORBIDDEN; the account stays', async () => {
    const answer = await shopQuery(support.token, 'mutation { deleteUser }');
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'SUPPORT_SESSION',
    });
    expect(answer.errors?.[0]?.message).toMatch(/support session/);
    const [row] = await state.handle.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(row?.email).toBe(EMAIL);
  });

  it('refuses a password change (403 FORBIDDEN); the old password still works', async () => {
    const changed = await auth.changePassword(EMAIL, PASSWORD, 'nytt-losenord-41', support.refresh);
    expect(changed).toMatchObject({ status: 403, body: { error: 'FORBIDDEN' } });
    expect((await auth.login(EMAIL, PASSWORD)).status).toBe(200);
    expect((await auth.login(EMAIL, 'nytt-losenord-41')).status).toBe(401);
    // The support session itself goes on.
    const refreshed = await auth.refresh(support.refresh);
    expect(refreshed.status).toBe(200);
    support.token = String(refreshed.body.token);
    support.refresh = refreshed.refreshToken!;
  });

  it('has no e-mail or password field in the account update at all', () => {
    const input = getSchema().getType('UserInputType') as { getFields(): Record<string, unknown> };
    expect(Object.keys(input.getFields())).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/mail|password/i)]),
    );
  });

  it('allows other changes and records every mutation with the staff user, names only', async () => {
    const updated = await shopQuery(support.token, UPDATE, {
      user: { address: { firstName: 'Cecilia' } },
    });
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updateUser).toMatchObject({ address: { firstName: 'Cecilia' } });
    const secretKey = 'hemlig-aterstallningsnyckel-41';
    await shopQuery(
      support.token,
      `mutation { commitReset(resetKey: "${secretKey}", password: "${PASSWORD}") }`,
    );
    // The customer's own mutations are not support mutations.
    const own = await shopQuery(ownToken, UPDATE, { user: { address: { lastName: 'Berg' } } });
    expect(own.errors).toBeUndefined();

    const entries = await supportEntries();
    expect(entries.map((entry) => (entry.after as { mutation: string }).mutation)).toEqual([
      'deleteUser',
      'updateUser',
      'commitReset',
    ]);
    const [erase, update, reset] = entries;
    expect(erase).toMatchObject({
      staffUserId: staffId,
      staffEmail: 'support41@example.se',
      entityType: 'customer',
      after: { outcome: 'FORBIDDEN' },
    });
    expect(update).toMatchObject({
      staffUserId: staffId,
      staffEmail: 'support41@example.se',
      entityType: 'customer',
      entityId: String(customerId),
      ip: '10.41.0.9',
      after: { mutation: 'updateUser', arguments: ['user.address'], outcome: 'ok' },
    });
    expect((update!.after as { sessionFamilyId: string }).sessionFamilyId).toBe(
      decodeJwt(support.token).fam,
    );
    expect(reset!.after).toMatchObject({ arguments: ['resetKey', 'password'] });
    const stored = JSON.stringify(entries);
    expect(stored).not.toContain(secretKey);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('Cecilia');
  });

  it('stops a deactivated staff user’s support session from changing anything', async () => {
    const system = { staffUserId: null, staffEmail: null };
    await deactivateStaffUser(state.handle.db, staffId, system, new Date());
    const answer = await shopQuery(support.token, UPDATE, {
      user: { address: { firstName: 'Mallory' } },
    });
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      reason: 'SUPPORT_STAFF_INACTIVE',
    });
    const [row] = await state.handle.db
      .select({ firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, customerId));
    expect(row?.firstName).toBe('Cecilia');
    const last = (await supportEntries()).at(-1);
    expect(last).toMatchObject({ staffUserId: staffId, after: { outcome: 'FORBIDDEN' } });
    // Reading still works (the customer's data is shown as before).
    const read = await shopQuery(support.token, '{ getUser { email } }');
    expect(read.data?.getUser).toEqual({ email: EMAIL });
  });
});
