/**
 * Setup of the auth-over-HTTP tests (auth-http-*.test.ts): the test configuration (fast
 * scrypt), the API on a fresh database of `kind` behind a real HTTP server, and a plain fetch
 * client.
 */
import { afterAll, beforeAll } from 'vitest';
import { createApi, type Api } from '../src/app.ts';
import type { DbHandle } from '../src/db/client.ts';
import { testConfig } from './api-client.ts';
import { authClient, startAuthServer } from './auth-client.ts';
import { openTestDb } from './test-db.ts';

export const config = testConfig({ publicUrl: 'https://shop.example' });
config.auth = { ...config.auth, scryptLogN: 12 };
const salt = config.auth.passwordSalt;

/** Registers the hooks of an auth-over-HTTP suite and returns its handle, API, server and client. */
export function useAuthServer(kind: 'pglite' | 'postgres') {
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
  return {
    get handle() {
      return handle;
    },
    get api() {
      return api;
    },
    get server() {
      return server;
    },
    get client() {
      return client;
    },
  };
}
