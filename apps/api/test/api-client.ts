/**
 * Test helpers for API integration tests: an API on a test database and a small GraphQL client
 * that posts through `api.fetch` like the storefront does.
 */
import { loadConfig, type Config } from '../src/config.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database, DbHandle } from '../src/db/client.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import {
  PRODUCT_SEARCH_NAMES,
  type ProductSearchName,
} from '../src/modules/search/product-search.ts';

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

/**
 * The `ProductSearch` implementations (PRODUCT_SEARCH) the list and search suites run against:
 * every one, or only the one TEST_PRODUCT_SEARCH names.
 */
export function testProductSearches(): ProductSearchName[] {
  const only = process.env.TEST_PRODUCT_SEARCH;
  if (!only) return [...PRODUCT_SEARCH_NAMES];
  if (!(PRODUCT_SEARCH_NAMES as readonly string[]).includes(only)) {
    throw new Error(`TEST_PRODUCT_SEARCH must be one of ${PRODUCT_SEARCH_NAMES.join(', ')}`);
  }
  return [only as ProductSearchName];
}

/** A test configuration whose lists and search are answered by the `search` implementation. */
export function searchConfig(search: ProductSearchName, overrides: Partial<Config> = {}): Config {
  const base = testConfig(overrides);
  return { ...base, catalog: { ...base.catalog, productSearch: search } };
}

/**
 * Makes `search` ready to answer from what it builds, as a running shop would be once its job
 * queue caught up: the facet postings of the catalogue as seeded (`postings`); nothing for
 * `rows`. Later writes make them stale until built again (lists then answer from rows).
 */
export async function prepareProductSearch(search: ProductSearchName, db: Database): Promise<void> {
  if (search === 'postings') await buildFacetPostings(db);
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
