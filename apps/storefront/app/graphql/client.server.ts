/**
 * The one typed GraphQL client of the loaders: Apollo Client 4, one instance per request.
 *
 * - In one-process mode its HttpLink calls the API's `fetch(Request)` in-process (no network
 *   hop); with `API_URL` set it sends real HTTP requests to that URL (scale-out mode).
 * - Automatic persisted queries (SPEC §7): the hash is sent first and the full query follows on
 *   PersistedQueryNotFound / PersistedQueryNotSupported or HTTP 400/500.
 * - Every request carries `X-ApiKey`; every operation gets channelId, marketId and languageId
 *   from the request's market (ARCHITECTURE convention 8).
 * - Page paths in responses become app paths: the market-in-path prefix the API puts first
 *   (`/se/sv/p/…`, issue 25) is removed, since React Router's basename adds it (./app-paths.ts).
 * - Transport failures become error responses with the SPEC §8 texts and a status, which the
 *   error boundary renders.
 */
import { createHash } from 'node:crypto';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { map } from 'rxjs';
import type { RequestMarket } from '../market/request-market';
import { apiPagePrefix, toAppPaths } from './app-paths';

/**
 * A fetch function with the standard signature (the API's in-process handler fits); `info`
 * carries the shopper's address in-process, where the API has no socket to read it from.
 */
export type FetchLike = (input: Request, info?: { clientIp?: string }) => Promise<Response>;

/** Where GraphQL requests go: in-process handler or an absolute URL of `/graphql`. */
export type ApiTransport = { kind: 'in-process'; fetch: FetchLike } | { kind: 'http'; url: string };

/** The variables the client adds to every operation. */
export type ContextVariables = 'channelId' | 'marketId' | 'languageId';

/** The typed client loaders receive through `context.api`. */
export interface ApiClient {
  /**
   * Runs a query and returns its data. Context ids are added automatically.
   * @throws Response with the error status (SPEC §8) when the transport or the API fails.
   */
  query<TData, TVariables extends Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: Omit<TVariables, ContextVariables>,
  ): Promise<TData>;
  /**
   * Runs a mutation and returns its data. Context ids are added automatically; nothing is cached.
   * @throws Response with the error status (SPEC §8) when the transport or the API fails.
   */
  mutate<TData, TVariables extends Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: Omit<TVariables, ContextVariables>,
  ): Promise<TData>;
  /**
   * Runs a query or mutation and returns its data together with the GraphQL errors instead of
   * throwing on them (forms that show the API's typed errors, e.g. the cart and checkout).
   * SERVICE_UNAVAILABLE is thrown as a 503 response all the same (issue 28).
   * `headers` are added to this request (e.g. `x-idempotency-key`).
   * @throws Response with the error status when the transport fails.
   */
  attempt<TData, TVariables extends Record<string, unknown>>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: Omit<TVariables, ContextVariables>,
    headers?: Record<string, string>,
  ): Promise<ApiAttempt<TData>>;
  /**
   * The same client (transport, key, token) sending `marketAlias` as `marketId`, e.g. the
   * checkout market for cart requests of checkout routes (SPEC §2, GEINS-API §6). Returns this
   * client when the alias is already its market.
   */
  forMarket(marketAlias: string): ApiClient;
}

/** A GraphQL error as {@link ApiClient.attempt} returns it. */
export interface ApiGraphQLError {
  message: string;
  /** `extensions.code`, e.g. OUT_OF_STOCK, INVALID_CHECKOUT (issue 6). */
  code: string | null;
  extensions: Record<string, unknown>;
}

/** What {@link ApiClient.attempt} returns: data (null when the field failed) and errors. */
export interface ApiAttempt<TData> {
  data: TData | null;
  errors: ApiGraphQLError[];
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  transport: ApiTransport;
  apiKey: string;
  market: RequestMarket;
  /** The logged-in shopper's access token, sent as `Authorization: Bearer` (SPEC §7). */
  token?: string | null;
  /**
   * The shopper's address (Express `req.ip`), for the API's per-client rate limits (issue 13
   * §6, gift-card codes): passed in-process, or sent as `X-Forwarded-For` over HTTP (the API
   * trusts it with TRUST_PROXY=1).
   */
  clientIp?: string | undefined;
  /**
   * The request id of the shopper's request (`x-request-id`, issue 15), sent along in-process
   * and over HTTP so that the API's log lines carry it.
   */
  requestId?: string | undefined;
}

/** The body of a thrown error response from the API client. */
export interface ApiErrorBody {
  message: string;
}

const IN_PROCESS_URL = 'http://in-process.local/graphql';

/** sha256 hex digest of a query text, for the persisted-query link. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Builds the Apollo link chain: context variables, persisted queries, HTTP. */
function createLink(options: ApiClientOptions): ApolloLink {
  const { transport, apiKey, market, token, clientIp, requestId } = options;
  const contextVariables = new ApolloLink((operation, forward) => {
    operation.variables = {
      ...operation.variables,
      channelId: market.channelId,
      marketId: market.marketId,
      languageId: market.languageId,
    };
    return forward(operation);
  });
  // Market in path (issue 25): `/se/sv/p/…` from the API is `/p/…` under the basename `/se/sv`.
  const prefix = apiPagePrefix(market.marketId, market.locale);
  const appPaths = new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) =>
        result.data ? { ...result, data: toAppPaths(result.data, prefix) } : result,
      ),
    ),
  );
  const persisted = new PersistedQueryLink({
    sha256: sha256Hex,
    retry: ({ meta, error }) =>
      meta.persistedQueryNotFound ||
      meta.persistedQueryNotSupported ||
      (ServerError.is(error) && (error.statusCode === 400 || error.statusCode === 500)),
  });
  const http = new HttpLink({
    uri: transport.kind === 'http' ? transport.url : IN_PROCESS_URL,
    headers: {
      'X-ApiKey': apiKey,
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(clientIp && transport.kind === 'http' ? { 'x-forwarded-for': clientIp } : {}),
      ...(requestId ? { 'x-request-id': requestId } : {}),
    },
    fetch:
      transport.kind === 'in-process'
        ? (input, init) =>
            transport.fetch(new Request(input as string, init), clientIp ? { clientIp } : undefined)
        : undefined,
  });
  return ApolloLink.from([contextVariables, appPaths, persisted, http]);
}

/** Throws a Response that the route error boundary renders with its status. */
function fail(status: number, message: string): never {
  throw Response.json({ message } satisfies ApiErrorBody, { status });
}

/** The API's code for "the shop is briefly unavailable" (issue 28): pages answer 503. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** True for a GraphQL error with `extensions.code` SERVICE_UNAVAILABLE. */
function isUnavailable(error: { extensions?: Record<string, unknown> | undefined }): boolean {
  return error.extensions?.code === SERVICE_UNAVAILABLE;
}

/**
 * Maps an Apollo error to a thrown error response (SPEC §8: "Response not successful: Received
 * status code {n}", parse errors, "Server response was missing for query {name}"; default 500;
 * 503 when the API answered 503 or SERVICE_UNAVAILABLE, issue 28).
 */
export function throwApiError(error: unknown, operationName: string): never {
  if (ServerError.is(error)) {
    fail(error.statusCode >= 400 ? error.statusCode : 500, error.message);
  }
  if (ServerParseError.is(error)) {
    fail(502, `Unparseable response for query ${operationName}: ${error.message}`);
  }
  if (CombinedGraphQLErrors.is(error)) {
    fail(error.errors.some(isUnavailable) ? 503 : 500, error.message);
  }
  fail(500, error instanceof Error ? error.message : String(error));
}

/**
 * Creates the API client of one request. Queries are not normalised into Apollo's cache
 * (`no-cache`): a server render reads each result once, and normalising and reading back cost
 * about a fifth of a page's server time (issue 23, docs/performance.md). A query sent twice
 * with the same variables in one request is sent once (`memoOf`); a mutation forgets what was
 * read before it. Nothing is shared between requests or shoppers.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = new ApolloClient({
    link: createLink(options),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } },
  });
  let memo = new WeakMap<object, Map<string, Promise<unknown>>>();
  /** The results of `document` read in this request, by variables. */
  const memoOf = (document: object) => {
    let results = memo.get(document);
    if (!results) {
      results = new Map();
      memo.set(document, results);
    }
    return results;
  };
  const forget = () => {
    memo = new WeakMap();
  };
  const api: ApiClient = {
    forMarket(marketAlias) {
      return marketAlias === options.market.marketId
        ? api
        : createApiClient({ ...options, market: { ...options.market, marketId: marketAlias } });
    },
    query(document, variables) {
      const results = memoOf(document);
      const key = JSON.stringify(variables ?? {});
      let result = results.get(key);
      if (!result) {
        result = runQuery(document, variables);
        results.set(key, result);
        // A failed read is not kept: a later loader may try again.
        result.catch(() => results.delete(key));
      }
      return result as never;
    },
    async mutate(document, variables) {
      forget();
      const operationName = operationNameOf(document);
      let result;
      try {
        result = await client.mutate({ mutation: document, variables: variables as never });
      } catch (error) {
        throwApiError(error, operationName);
      }
      if (result.data === undefined || result.data === null) {
        fail(500, `Server response was missing for query ${operationName}`);
      }
      return result.data as never;
    },
    async attempt(document, variables, headers = {}) {
      const operationName = operationNameOf(document);
      const isMutation = document.definitions.some(
        (d) => d.kind === 'OperationDefinition' && d.operation === 'mutation',
      );
      if (isMutation) forget();
      let result: { data?: unknown; error?: unknown };
      try {
        result = isMutation
          ? await client.mutate({
              mutation: document,
              variables: variables as never,
              errorPolicy: 'all',
              context: { headers },
            })
          : await client.query({
              query: document,
              variables: variables as never,
              errorPolicy: 'all',
              fetchPolicy: 'no-cache',
              context: { headers },
            });
      } catch (error) {
        throwApiError(error, operationName);
      }
      const errors: ApiGraphQLError[] = CombinedGraphQLErrors.is(result.error)
        ? result.error.errors.map((e) => ({
            message: e.message,
            code: typeof e.extensions?.code === 'string' ? e.extensions.code : null,
            extensions: { ...(e.extensions ?? {}) },
          }))
        : [];
      if (result.error && errors.length === 0) throwApiError(result.error, operationName);
      // The shop is briefly unavailable (issue 28): the 503 page, not a form error.
      const unavailable = errors.find((error) => error.code === SERVICE_UNAVAILABLE);
      if (unavailable) fail(503, unavailable.message);
      return { data: (result.data ?? null) as never, errors };
    },
  };
  async function runQuery(
    document: TypedDocumentNode<unknown, never>,
    variables: unknown,
  ): Promise<unknown> {
    const operationName = operationNameOf(document);
    let result;
    try {
      result = await client.query({ query: document, variables: variables as never });
    } catch (error) {
      throwApiError(error, operationName);
    }
    if (result.data === undefined || result.data === null) {
      fail(500, `Server response was missing for query ${operationName}`);
    }
    return result.data;
  }
  return api;
}

/** The name of the first operation in a document, for error messages. */
function operationNameOf(document: TypedDocumentNode<unknown, never>): string {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  }
  return 'anonymous';
}
