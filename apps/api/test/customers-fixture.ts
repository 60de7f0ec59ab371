/**
 * Setup of the account operation tests (customers-*-api.test.ts): a fresh database of `kind`
 * with the channel and markets, the mail outbox, two registered customers (Anna, Bertil), the
 * auth and GraphQL calls, and a minimal placed order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
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
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { openTestDb } from './test-db.ts';

export const USER_FIELDS = `id email customerType gender newsletter personalId memberId balance balanceFormatted
  balances { currency amount amountFormatted }
  address { firstName lastName addressLine1 addressLine2 careOf zip city country company phone mobile }`;
/** A minimal placed order of a customer (amounts in öre). */
export function orderFixture(customerId: number | null, email: string) {
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

/** Registers the hooks of an account suite on a database of `kind` and returns its helpers. */
export function useAccountApi(kind: 'pglite' | 'postgres') {
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
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    get anna() {
      return anna;
    },
    set anna(value: typeof anna) {
      anna = value;
    },
    get bertil() {
      return bertil;
    },
    set bertil(value: typeof bertil) {
      bertil = value;
    },
    config,
    outbox,
    authCall,
    credentials,
    register,
    gql,
    code,
  };
}
