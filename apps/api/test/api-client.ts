/**
 * Test helpers for API integration tests: an API on a test database and a small GraphQL client
 * that posts through `api.fetch` like the storefront does.
 */
import { loadConfig, type Config } from '../src/config.ts';
import { createApi, type Api } from '../src/app.ts';
import type { DbHandle } from '../src/db/client.ts';

/** The API key of test configurations. */
export const TEST_API_KEY = 'test-api-key-123';

/** A configuration for tests (never production). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      API_KEY: TEST_API_KEY,
      SHOP_NAME: 'Trampa',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    }),
    ...overrides,
  };
}

/** A GraphQL response as JSON. */
export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
}

/** The API plus helpers that post GraphQL requests through `api.fetch`. */
export interface TestClient {
  api: Api;
  /** Errors logged through the context logger (SPEC §8 "logged as an error"). */
  logged: string[];
  /** Posts a body to /graphql with the API key (unless `headers` says otherwise). */
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Runs a query and returns the parsed JSON response. */
  query<T = Record<string, any>>( // eslint-disable-line @typescript-eslint/no-explicit-any
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResponse<T>>;
}

/** Creates an API on `handle` and a client for it. */
export function createTestClient(handle: DbHandle, config: Config = testConfig()): TestClient {
  const logged: string[] = [];
  const api = createApi({
    db: handle.db,
    config,
    log: { error: (message) => logged.push(message) },
  });
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    api.fetch(
      new Request('http://localhost/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': TEST_API_KEY, ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
  return {
    api,
    logged,
    post,
    async query(query, variables) {
      const response = await post({ query, variables });
      return (await response.json()) as GraphQLResponse<never>;
    },
  };
}
