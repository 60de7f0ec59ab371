/**
 * GraphQL account operations with Bearer auth (GEINS-API §4.7, §7.2): getUser, updateUser,
 * deleteUser (GDPR: orders anonymised), requestPasswordReset and commitReset through the mail
 * outbox, and the security rules: wrong-signature, expired and deleted-account tokens are
 * refused; one customer never reads or changes another's data (IDOR), on every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { customers, orderLines, orders, shippingMethods } from '../src/db/schema.ts';
import {
  CHANNEL,
  CHANNEL_LANGUAGES,
  COUNTRIES,
  CURRENCIES,
  LANGUAGES,
  MARKETS,
  MARKET_LANGUAGES,
} from '../src/db/seed/reference-data.ts';
import { passwordDigest } from '../src/modules/auth/password-digest.ts';
import { issueAccessToken } from '../src/modules/auth/tokens.ts';
import { passwordHashStats } from '../src/modules/auth/password-hash.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { ANONYMISED_EMAIL } from '../src/modules/orders/orders-anonymise.service.ts';
import { transitionOrder } from '../src/modules/orders/order-process.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const USER_FIELDS = `id email customerType gender newsletter personalId memberId balance balanceFormatted
  balances { currency amount amountFormatted }
  address { firstName lastName addressLine1 addressLine2 careOf zip city country company phone mobile }`;

describe.each(testDatabaseKinds())('account operations on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const outbox = mkdtempSync(join(tmpdir(), 'trampa-outbox-'));
  const config = testConfig({ publicUrl: 'https://shop.example' });
  config.auth = { ...config.auth, scryptLogN: 12 };
  config.mail = { outboxDir: outbox };

  /** POSTs to the auth service in-process, the Geins way. */
  async function authCall(action: string, body: Record<string, unknown>, headers = {}) {
    const response = await client.api.auth(
      new Request(`http://in-process.local/auth/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
      { clientIp: '10.0.0.1' },
    );
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      refresh: response.headers.get('x-auth-refresh-token'),
    };
  }
  async function credentials(action: string, email: string, password: string) {
    const { sign } = (await authCall(action, { username: email })).body as { sign: string };
    const signed = await client.api.auth(
      new Request(
        `http://in-process.local/auth/sign/${config.apiKey}?identity=${encodeURIComponent(sign)}`,
      ),
    );
    return authCall(action, {
      username: email,
      signature: await signed.json(),
      password: await passwordDigest(password, config.auth.passwordSalt),
    });
  }
  async function register(email: string, password = 'hemligt1') {
    const answer = await credentials('register', email, password);
    expect(answer.status).toBe(200);
    return { token: String(answer.body.token), refresh: answer.refresh! };
  }
  async function gql(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await client.post(
      { query, variables },
      token ? { authorization: `Bearer ${token}` } : {},
    );
    return (await response.json()) as {
      data?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      errors?: Array<{ message: string; extensions?: { code?: string; argument?: string } }>;
    };
  }
  const code = (result: Awaited<ReturnType<typeof gql>>) => result.errors?.[0]?.extensions?.code;

  let anna: { token: string; refresh: string };
  let bertil: { token: string; refresh: string };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    // Channel and markets: orders are shown in their market's currency and culture.
    const db = handle.db;
    await db.insert(schema.languages).values(LANGUAGES);
    await db.insert(schema.currencies).values(CURRENCIES);
    await db.insert(schema.countries).values(COUNTRIES);
    await db.insert(schema.channels).values([CHANNEL]);
    await db.insert(schema.channelLanguages).values(CHANNEL_LANGUAGES);
    await db.insert(schema.markets).values(MARKETS);
    await db.insert(schema.marketLanguages).values(MARKET_LANGUAGES);
    client = createTestClient(handle, config);
    anna = await register('anna@example.se');
    bertil = await register('bertil@example.se');
  });

  afterAll(async () => {
    await handle?.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('getUser needs a Bearer token and returns the caller', async () => {
    expect(code(await gql(`{ getUser { id } }`))).toBe('UNAUTHENTICATED');
    const result = await gql(`{ getUser { ${USER_FIELDS} } }`, {}, anna.token);
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
      anna.token,
    );
    expect(created.data?.updateUser).toEqual({
      email: 'anna@example.se',
      newsletter: true,
      customerType: 'PERSON',
    });
    const [row] = await handle.db
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
      anna.token,
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
      anna.token,
    );
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.extensions?.argument).toBe('personalId');
    const company = await gql(
      `mutation { updateUser(user: { customerType: ORGANIZATION, personalId: "5560160680",
        address: { company: "Cykelfabriken AB" } }) { customerType personalId address { company } } }`,
      {},
      bertil.token,
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
      bertil.token,
    );
    expect(asBertil.data?.getUser).toEqual({
      email: 'bertil@example.se',
      address: { firstName: '' },
      personalId: '556016-0680',
    });
    await gql(
      `mutation { updateUser(user: { address: { firstName: "Bertil" } }) { id } }`,
      {},
      bertil.token,
    );
    const asAnna = await gql(`{ getUser { email address { firstName } } }`, {}, anna.token);
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
    const [row] = await handle.db
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
    const out = await client.api.auth(
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
    const signed = await client.api.auth(
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
    await runJobsUntilIdle(handle.db, config);
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
    await runJobsUntilIdle(handle.db, config);
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
    expect(code(await gql(`{ getUser { id } }`, {}, bertil.token))).toBe('UNAUTHENTICATED');
    expect((await credentials('login', 'bertil@example.se', 'hemligt1')).status).toBe(401);
    const refreshed = await client.api.auth(
      new Request('http://in-process.local/auth/login', {
        headers: { 'x-auth-refresh-token': bertil.refresh },
      }),
    );
    expect(refreshed.status).toBe(401);
    bertil = { token: String(relogin.body.token), refresh: relogin.refresh! };

    // An expired key does not work.
    await gql(`mutation { requestPasswordReset(email: "anna@example.se") }`);
    await runJobsUntilIdle(handle.db, config);
    // Anna's outbox also holds her newsletter confirmation (issue 17): take the reset mail.
    const annaMail = (await readOutbox(outbox, 'anna@example.se')).find((mail) =>
      mail.includes('resetKey='),
    );
    const annaKey = /resetKey=([\w-]+)/.exec(annaMail ?? '')![1]!;
    const { passwordResets } = await import('../src/db/schema.ts');
    await handle.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await gql(commit, { resetKey: annaKey, password })).data?.commitReset).toBe(false);
  });

  /** A GraphQL request through `api.fetch` as from the address `clientIp`. */
  async function gqlFrom(clientIp: string, query: string, variables: Record<string, unknown> = {}) {
    const response = await client.api.fetch(
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
    await runJobsUntilIdle(handle.db, config);
    expect((await readOutbox(outbox, 'anna@example.se')).length).toBeGreaterThan(0);
    expect(await readOutbox(outbox, 'okand-person@example.se')).toEqual([]);
  });

  it("getOrders: only the caller's orders, lines as cart, tracking once shipped; IDOR", async () => {
    const ids = async (email: string) =>
      (await handle.db.select().from(customers).where(eq(customers.email, email)))[0]!.id;
    const base = orderFixture(await ids('anna@example.se'), 'anna@example.se');
    const [annaOrder] = await handle.db.insert(orders).values(base).returning();
    await handle.db
      .insert(orders)
      .values(orderFixture(await ids('bertil@example.se'), 'bertil@example.se'));
    await handle.db.insert(orderLines).values({
      orderId: annaOrder!.id,
      lineNo: 1,
      skuId: 1,
      productId: 1,
      articleNumber: 'A-1',
      skuArticleNumber: 'A-1-M',
      name: 'Cykelhjälm Vind',
      skuName: 'M',
      brandName: 'Trampa',
      quantity: 1,
      regularUnitPriceIncVat: 49900,
      unitPriceIncVat: 49900,
      vatRateBasisPoints: 2500,
      totalIncVat: 49900,
      totalExVat: 39920,
      discountIncVat: 0,
      discountExVat: 0,
    });
    const query = `{ getOrders { id customerId status orderTotal { sellingPriceIncVat }
      cart { __typename id isCompleted items { id skuId quantity product { name articleNumber
        canonicalUrl brand { name } primaryCategory { name } unitPrice { sellingPriceIncVat } skus { skuId } }
        unitPrice { sellingPriceIncVatFormatted } totalPrice { sellingPriceIncVat sellingPriceIncVatFormatted } }
        summary { subTotal { sellingPriceIncVatFormatted } total { sellingPriceIncVat } vats { rate amount } } }
      shippingDetails { __typename id name parcelNumber shippingDate trackingLink } } }`;
    expect(code(await gql(query))).toBe('UNAUTHENTICATED');
    const asAnna = await gql(query, {}, anna.token);
    expect(asAnna.errors).toBeUndefined();
    expect(asAnna.data?.getOrders).toEqual([
      {
        id: annaOrder!.id,
        customerId: annaOrder!.customerId,
        status: 'received',
        orderTotal: { sellingPriceIncVat: 499 },
        cart: {
          __typename: 'CartType',
          id: annaOrder!.cartId,
          isCompleted: true,
          items: [
            {
              id: String(-(annaOrder!.id * 10000 + 1)),
              skuId: 1,
              quantity: 1,
              // The product left the catalogue: the line still names what was bought.
              product: {
                name: 'Cykelhjälm Vind',
                articleNumber: 'A-1',
                canonicalUrl: '/p/',
                brand: null,
                primaryCategory: null,
                unitPrice: null,
                skus: [],
              },
              unitPrice: { sellingPriceIncVatFormatted: '499\u00a0kr' },
              totalPrice: { sellingPriceIncVat: 499, sellingPriceIncVatFormatted: '499\u00a0kr' },
            },
          ],
          summary: {
            subTotal: { sellingPriceIncVatFormatted: '499\u00a0kr' },
            total: { sellingPriceIncVat: 499 },
            vats: [{ rate: 25, amount: 99.8 }],
          },
        },
        shippingDetails: [
          {
            __typename: 'ShippingDetailType',
            id: -annaOrder!.id,
            name: 'Postnord',
            parcelNumber: null,
            shippingDate: null,
            trackingLink: null,
          },
        ],
      },
    ]);
    const asBertil = await gql(query, {}, bertil.token);
    expect(asBertil.data?.getOrders).toHaveLength(1);
    expect(asBertil.data?.getOrders[0].id).not.toBe(annaOrder!.id);
    expect(JSON.stringify(asBertil.data)).not.toContain('Cykelhjälm');

    // Shipped through the transitions table: a parcel with the method's tracking link.
    await handle.db.insert(shippingMethods).values({
      id: 1,
      alias: 'ombud-test',
      name: 'Postnord',
      kind: 'service_point',
      trackingUrlTemplate: 'https://tracking.example/se/?id={parcelNumber}',
    });
    await expect(
      transitionOrder(handle.db, annaOrder!.id, 'cancelled', 'x', {
        shipment: { parcelNumber: 'PN123456SE' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    await expect(
      transitionOrder(handle.db, annaOrder!.id, 'processing', 'x', {
        shipment: { parcelNumber: 'bad parcel <a>' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    const shippedAt = new Date('2026-11-20T10:00:00Z');
    await transitionOrder(handle.db, annaOrder!.id, 'processing', 'packed and handed over', {
      shipment: { parcelNumber: 'PN123456SE', shippedAt },
    });
    // The same parcel again (a retried call) is written once.
    await transitionOrder(handle.db, annaOrder!.id, 'processing', 'retry', {
      shipment: { parcelNumber: 'PN123456SE', shippedAt },
    });
    const shipped = await gql(
      `{ getOrders { id status shippingDetails { name parcelNumber shippingDate trackingLink } } }`,
      {},
      anna.token,
    );
    expect(shipped.data?.getOrders).toEqual([
      {
        id: annaOrder!.id,
        status: 'processing',
        shippingDetails: [
          {
            name: 'Postnord',
            parcelNumber: 'PN123456SE',
            shippingDate: shippedAt.toISOString(),
            trackingLink: 'https://tracking.example/se/?id=PN123456SE',
          },
        ],
      },
    ]);
    // Bertil's order is untouched and his view shows no parcel of Anna's.
    const bertilShipping = await gql(
      `{ getOrders { shippingDetails { parcelNumber } } }`,
      {},
      bertil.token,
    );
    expect(bertilShipping.data?.getOrders).toEqual([{ shippingDetails: [{ parcelNumber: null }] }]);
    // The public order page (by its UUID) shows the same tracking.
    const publicOrder = await gql(
      `query($id: Guid!) { getOrderPublic(publicOrderId: $id) { shippingDetails { trackingLink } } }`,
      { id: annaOrder!.publicId },
    );
    expect(publicOrder.data?.getOrderPublic.shippingDetails).toEqual([
      { trackingLink: 'https://tracking.example/se/?id=PN123456SE' },
    ]);
  });

  it('getOrders costs the same number of SQL statements for 1 and 5 orders (no N+1)', async () => {
    const dora = await register('dora@example.se');
    const [row] = await handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'dora@example.se'));
    const addOrder = async () => {
      const [order] = await handle.db
        .insert(orders)
        .values(orderFixture(row!.id, 'dora@example.se'))
        .returning();
      await handle.db.insert(orderLines).values(
        [1, 2].map((lineNo) => ({
          orderId: order!.id,
          lineNo,
          skuId: lineNo,
          productId: lineNo,
          articleNumber: `D-${lineNo}`,
          skuArticleNumber: `D-${lineNo}-M`,
          name: `Vara ${lineNo}`,
          skuName: 'M',
          quantity: 1,
          regularUnitPriceIncVat: 24950,
          unitPriceIncVat: 24950,
          vatRateBasisPoints: 2500,
          totalIncVat: 24950,
          totalExVat: 19960,
          discountIncVat: 0,
          discountExVat: 0,
        })),
      );
    };
    const query = `{ getOrders { id cart { items { id quantity product { name skus { skuId name } }
      totalPrice { sellingPriceIncVatFormatted } } summary { subTotal { regularPriceIncVatFormatted } } }
      shippingDetails { parcelNumber trackingLink } paymentDetails { id isPaid } } }`;
    const statements = async (expected: number) => {
      const { result, counter } = await countStatements(() => gql(query, {}, dora.token));
      expect(result.errors).toBeUndefined();
      expect(result.data?.getOrders).toHaveLength(expected);
      return counter.count;
    };
    await addOrder();
    await statements(1); // warm-up
    const one = await statements(1);
    for (let i = 0; i < 4; i += 1) await addOrder();
    const five = await statements(5);
    expect(five).toBe(one);
  });

  it('deleteUser removes the account, anonymises its orders and refuses its tokens', async () => {
    const carl = await register('carl@example.se');
    const [row] = await handle.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'carl@example.se'));
    const address = {
      firstName: 'Carl',
      lastName: 'Carlsson',
      addressLine1: 'Vägen 2',
      zip: '41101',
      city: 'Göteborg',
      country: 'SE',
      company: '',
      phone: '070111',
    };
    const order = {
      publicId: randomUUID(),
      customerId: row!.id,
      marketId: 'SE|SEK',
      currencyCode: 'SEK',
      languageId: 'sv-SE',
      customerType: 'PERSON',
      email: 'carl@example.se',
      phone: '070111',
      identityNumber: '199001010017',
      billingAddress: address,
      shippingAddress: address,
      shippingId: 1,
      shippingName: 'Postnord',
      paymentId: 1,
      paymentName: 'Faktura',
      paymentType: 'STANDARD',
      itemValueIncVat: 49900,
      itemValueExVat: 39920,
      discountIncVat: 0,
      discountExVat: 0,
      shippingFeeIncVat: 0,
      shippingFeeExVat: 0,
      orderValueIncVat: 49900,
      orderValueExVat: 39920,
      vats: [{ rateBasisPoints: 2500, amount: 9980 }],
    };
    await handle.db.insert(orders).values([
      { ...order, cartId: randomUUID(), idempotencyKey: randomUUID() },
      {
        ...order,
        cartId: randomUUID(),
        idempotencyKey: randomUUID(),
        customerId: null,
        publicId: randomUUID(),
      },
    ] as never);

    const deleted = await gql(`mutation { deleteUser }`, {}, carl.token);
    expect(deleted.data?.deleteUser).toBe(true);
    expect(code(await gql(`{ getUser { id } }`, {}, carl.token))).toBe('UNAUTHENTICATED');
    const refreshed = await client.api.auth(
      new Request('http://in-process.local/auth/login', {
        headers: { 'x-auth-refresh-token': carl.refresh },
      }),
    );
    expect(refreshed.status).toBe(401);
    expect((await credentials('login', 'carl@example.se', 'hemligt1')).status).toBe(401);

    const rows = await handle.db.select().from(orders);
    const anonymised = rows.filter((o) => o.email === ANONYMISED_EMAIL);
    expect(anonymised).toHaveLength(1);
    expect(anonymised[0]).toMatchObject({
      customerId: null,
      phone: '',
      identityNumber: '',
      orderValueIncVat: 49900,
      billingAddress: { firstName: '', lastName: '', addressLine1: '', zip: '', country: 'SE' },
    });
    // The guest order with the same e-mail but no account link is not the account's: untouched.
    expect(rows.filter((o) => o.email === 'carl@example.se')).toHaveLength(1);
    // IDOR: Carl's deletion touched nobody else: Anna still logs in, with her orders and parcel.
    expect((await gql(`{ getUser { email } }`, {}, anna.token)).data?.getUser).toEqual({
      email: 'anna@example.se',
    });
    const annasOrders = await gql(
      `{ getOrders { customerId cart { items { quantity } } shippingDetails { parcelNumber } } }`,
      {},
      anna.token,
    );
    expect(annasOrders.data?.getOrders).toEqual([
      {
        customerId: expect.any(Number),
        cart: { items: [{ quantity: 1 }] },
        shippingDetails: [{ parcelNumber: 'PN123456SE' }],
      },
    ]);
  });
});

/** A minimal placed order of a customer (amounts in öre). */
function orderFixture(customerId: number | null, email: string) {
  const address = {
    firstName: 'A',
    lastName: 'B',
    addressLine1: 'Gatan 1',
    zip: '11122',
    city: 'Stockholm',
    country: 'SE',
  };
  return {
    publicId: randomUUID(),
    cartId: randomUUID(),
    idempotencyKey: randomUUID(),
    customerId,
    marketId: 'SE|SEK',
    currencyCode: 'SEK',
    languageId: 'sv-SE',
    customerType: 'PERSON',
    email,
    billingAddress: address,
    shippingAddress: address,
    shippingId: 1,
    shippingName: 'Postnord',
    paymentId: 1,
    paymentName: 'Faktura',
    paymentType: 'STANDARD',
    itemValueIncVat: 49900,
    itemValueExVat: 39920,
    discountIncVat: 0,
    discountExVat: 0,
    shippingFeeIncVat: 0,
    shippingFeeExVat: 0,
    orderValueIncVat: 49900,
    orderValueExVat: 39920,
    vats: [{ rateBasisPoints: 2500, amount: 9980 }],
  };
}
