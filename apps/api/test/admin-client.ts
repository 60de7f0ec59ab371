/**
 * Test helpers of the admin API (issue 26): the API on a fresh database with a frozen, movable
 * clock and fast scrypt, staff users straight from the service, and a client that keeps the
 * session cookie like a browser.
 */
import { afterAll, beforeAll } from 'vitest';
import { createAdminApi, type AdminApi } from '../src/admin-app.ts';
import type { Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import type { StaffRole } from '../src/modules/staff/roles.ts';
import { createStaffUser } from '../src/modules/staff/staff.service.ts';
import { testConfig } from './api-client.ts';
import { openTestDb } from './test-db.ts';

/** The test configuration: fast scrypt (2^12). */
export function adminTestConfig(): Config {
  const config = testConfig();
  return { ...config, auth: { ...config.auth, scryptLogN: 12 } };
}

/** A password long enough for staff users. */
export const STAFF_PASSWORD = 'ratt-losenord-123';

/** One admin API on a fresh database of `kind`, with `clock.now` as its time. */
export function useAdminApi(kind: 'pglite' | 'postgres') {
  const state = {
    handle: undefined as unknown as DbHandle,
    api: undefined as unknown as AdminApi,
    config: adminTestConfig(),
    clock: { now: new Date('2026-11-28T09:00:00Z') },
    /** Mutations the API reported through `onMutation` (the storefront's page copies, issue 23). */
    mutations: 0,
  };
  beforeAll(async () => {
    state.handle = await openTestDb(kind);
    state.api = createAdminApi({
      db: state.handle.db,
      config: state.config,
      now: () => state.clock.now,
      onMutation: () => (state.mutations += 1),
    });
  }, 120_000);
  afterAll(async () => {
    await state.handle?.close();
  });
  return state;
}

/** Creates a staff user through the service (by the system). */
export async function addStaff(
  handle: DbHandle,
  email: string,
  role: StaffRole,
  password = STAFF_PASSWORD,
) {
  return createStaffUser(
    handle.db,
    { email, role, password },
    { staffUserId: null, staffEmail: null },
    12,
  );
}

/** A GraphQL answer with its HTTP status. */
export interface AdminResponse {
  status: number;
  body: {
    // Tests read the fields they asked for; the shape is the query's.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    data?: Record<string, any> | null;
    errors?: Array<{ message: string; extensions?: { code?: string; [key: string]: unknown } }>;
  };
  setCookie: string | null;
}

/** A browser-like client: sends the CSRF header and keeps the session cookie. */
export function adminClient(api: AdminApi, clientIp = '10.20.0.1') {
  let cookie: string | undefined;
  const client = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    async send(
      query: string,
      variables: Record<string, unknown> = {},
      options: { csrf?: boolean; headers?: Record<string, string> } = {},
    ): Promise<AdminResponse> {
      const response = await api.fetch(
        new Request('http://shop.local/admin/graphql', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.csrf === false ? {} : { 'x-trampa-admin': '1' }),
            ...(cookie ? { cookie } : {}),
            ...options.headers,
          },
          body: JSON.stringify({ query, variables }),
        }),
        { clientIp },
      );
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) {
        const pair = setCookie.split(';')[0]!;
        cookie = pair.endsWith('=') ? undefined : pair;
      }
      return {
        status: response.status,
        body: (await response.json()) as AdminResponse['body'],
        setCookie,
      };
    },
    async login(email: string, password = STAFF_PASSWORD): Promise<AdminResponse> {
      return client.send(
        'mutation($email: String!, $password: String!) { login(email: $email, password: $password) { id email role } }',
        { email, password },
      );
    },
  };
  return client;
}

/** The first error code of an answer. */
export function codeOf(response: AdminResponse): string | undefined {
  return response.body.errors?.[0]?.extensions?.code;
}
