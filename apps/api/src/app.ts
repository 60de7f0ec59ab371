/**
 * The commerce API as a fetch handler (ARCHITECTURE "src/app.ts"): GraphQL Yoga at `/graphql`
 * with the Pothos schema, X-ApiKey authentication, CORS (src/cors.ts), masked errors and automatic persisted
 * queries stored in the database. Mount `api.yoga` in Express (`app.use('/graphql', api.yoga)`)
 * or call `api.fetch(request)`; `src/server.ts` runs it alone.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { NoSchemaIntrospectionCustomRule, type GraphQLSchema } from 'graphql/index.js';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Config } from './config.ts';
import { graphqlCors, useVaryOrigin } from './cors.ts';
import type { Database } from './db/client.ts';
import {
  createGraphQLContext,
  type ContextLogger,
  type GraphQLContext,
} from './graphql/context.ts';
import { useSupportSessionAudit } from './graphql/support-session.ts';
import { maskError, useServiceUnavailable } from './graphql/errors.ts';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
} from './db/unavailable.ts';
import { getSchema } from './graphql/schema.ts';
import { createReferenceData } from './graphql/reference-data.ts';
import { createPersistedQueryStore } from './modules/persisted-queries/persisted-queries.service.ts';
import { queryLimitPlugins } from './graphql/limits.ts';
import { usePersistedQueries } from './graphql/persisted-queries.ts';
import { useSafeText } from './graphql/unsafe-text.ts';
import { AUTH_PATH, createAuthHandler, type AuthRequestInfo } from './modules/auth/auth.http.ts';
import { clientAddress } from './modules/auth/auth.node.ts';
import { createImageHandler, IMAGES_PATH } from './modules/media/media.http.ts';
import { mediaStorageOf } from './modules/media/media-storage.ts';
import { createPaymentsHandler, PAYMENTS_PATH } from './modules/payments/payments.http.ts';
import {
  contextLogger,
  createLogger,
  currentLogger,
  errorFields,
  noteRequestCode,
  REQUEST_ID_HEADER,
  requestIdOf,
  type Logger,
} from './log.ts';

/** Path of the GraphQL endpoint (GEINS-API §1). */
export const GRAPHQL_PATH = '/graphql';

/** Request headers browsers may send cross-origin (GEINS-API §1 "Where called from"). */
export const CORS_ALLOWED_HEADERS = [
  'content-type',
  'x-apikey',
  'authorization',
  'x-request-id',
  'x-sdk-version',
  'x-idempotency-key',
];

/** Body of the 401 answer to a missing or wrong `X-ApiKey`. */
export const UNAUTHENTICATED_BODY = {
  errors: [
    {
      message: 'Missing or invalid API key (X-ApiKey header)',
      extensions: { code: 'UNAUTHENTICATED' },
    },
  ],
};

/** The running API. */
export interface Api {
  /** The Yoga server: a fetch handler and a Node/Express request listener for `/graphql`. */
  yoga: YogaServerInstance<Record<string, unknown>, GraphQLContext>;
  /**
   * Handles one HTTP request (e.g. `POST http://host/graphql`, `POST http://host/auth/login`)
   * in-process. `info.clientIp` is the client's address for per-client rate limits (the
   * storefront passes the shopper's, Express `req.ip`); there is no socket to read it from.
   */
  fetch(request: Request, info?: ApiRequestInfo): Promise<Response>;
  /**
   * The auth service (GEINS-API §7) at `/auth/*`; `info.clientIp` feeds the per-IP login rate
   * limit. Mount it in Express at `/auth` (see apps/storefront/server.ts).
   */
  auth(request: Request, info?: AuthRequestInfo): Promise<Response>;
  /**
   * The payment sandbox's pages and the provider notification endpoint at `/payments/*`
   * (modules/payments/payments.http.ts). Mount it in Express at `/payments`.
   */
  payments(request: Request): Promise<Response>;
  /**
   * The stored product images at `/img/product/{folder}/{fileName}` (modules/media/media.http.ts):
   * 200 with the file, 404 for an unknown one. Mount it in Express at `/img`.
   */
  images(request: Request): Promise<Response>;
  /** The executable schema (the one printed to schema.graphql). */
  schema: GraphQLSchema;
}

/** What an in-process caller knows about a request besides the Request itself. */
export interface ApiRequestInfo {
  /** The client's IP address (trusted: only in-process callers can pass it). */
  clientIp?: string | undefined;
}

/**
 * The client address of a GraphQL request (issue 13 §6): what an in-process caller passed
 * (`api.fetch(request, { clientIp })`), else for a Node request (`api.yoga(req, res)`) the
 * socket's peer or, behind `trustProxyHops` proxies, the `X-Forwarded-For` entry the nearest
 * trusted proxy saw (as for the auth service); undefined when unknown.
 */
export function graphqlClientIp(
  serverContext: Record<string, unknown>,
  trustProxyHops: number,
): string | undefined {
  if (typeof serverContext.clientIp === 'string') return serverContext.clientIp;
  const req = serverContext.req as IncomingMessage | undefined;
  return req?.socket ? clientAddress(req, trustProxyHops) : undefined;
}

/** Options of {@link createApi}. */
export interface ApiOptions {
  db: Database;
  config: Config;
  /** Where handled-but-notable conditions go (default: {@link ApiOptions.logger}'s error). */
  log?: ContextLogger;
  /**
   * The process's logger (src/log.ts; default one at LOG_LEVEL on stdout). Requests log through
   * the request's logger when one serves them (`requestLogging`), else through a child with the
   * request's `x-request-id` (or a new id).
   */
  logger?: Logger;
}

/**
 * Yoga's logger on ours: Yoga reports unexpected (masked) errors with `error(error)`, logged
 * with their stack; an unavailable database is not (issue 28: the request line carries
 * SERVICE_UNAVAILABLE, db/unavailable.ts writes when it is lost and back).
 */
function yogaLogger(logger: Logger) {
  const log = () => currentLogger() ?? logger;
  const line =
    (level: 'trace' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first] = args;
      if (typeof first === 'string') log()[level](first);
      else if (!isDatabaseUnavailable(first))
        log()[level]({ err: errorFields(first, true) }, 'Unexpected error');
    };
  // Yoga's debug lines ("Processing GraphQL Parameters", ...) at trace: LOG_LEVEL=debug is
  // for request and SQL lines.
  return { debug: line('trace'), info: line('info'), warn: line('warn'), error: line('error') };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of a presented key with the configured one. */
function isValidKey(presented: string | null, expected: string): boolean {
  return presented !== null && timingSafeEqual(digest(presented.trim()), digest(expected));
}

/**
 * Rejects requests to the endpoint without the right `X-ApiKey` (header name case-insensitive)
 * with HTTP 401 and {@link UNAUTHENTICATED_BODY}. CORS preflights (OPTIONS) pass, and so does
 * the GraphiQL page (a browser GET for HTML) when GraphiQL is on.
 */
function useApiKey(apiKey: string, allowGraphiql: boolean): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (request.method === 'OPTIONS' || url.pathname !== GRAPHQL_PATH) return;
      const wantsPage =
        request.method === 'GET' && (request.headers.get('accept') ?? '').includes('text/html');
      if (allowGraphiql && wantsPage) return;
      if (isValidKey(request.headers.get('x-apikey'), apiKey)) return;
      endResponse(
        new fetchAPI.Response(JSON.stringify(UNAUTHENTICATED_BODY), {
          status: 401,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
      );
    },
  };
}

/**
 * Refuses `__schema` and `__type` (issue 13 §20: GRAPHQL_INTROSPECTION, off by default in
 * production) with a validation error; `__typename` still works.
 */
function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * The answer of an HTTP route (`/auth/*`, `/payments/*`) whose database is unavailable (issue
 * 28): 503 `{"error":"SERVICE_UNAVAILABLE"}` with `Retry-After`.
 */
export function serviceUnavailableResponse(): Response {
  return Response.json(
    { error: SERVICE_UNAVAILABLE },
    {
      status: 503,
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS), 'cache-control': 'no-store' },
    },
  );
}

/**
 * `handler` with an unavailable database answered by {@link serviceUnavailableResponse} (and
 * noted for the request line); every other error is thrown on.
 */
function answeringUnavailable<A extends unknown[]>(
  handler: (request: Request, ...rest: A) => Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    try {
      return await handler(request, ...rest);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      noteRequestCode(SERVICE_UNAVAILABLE);
      return serviceUnavailableResponse();
    }
  };
}

/**
 * Creates the API on an open database.
 * @param options.db the database (migrated; see `prepareDatabase`)
 * @param options.config `apiKey` guards the endpoint; `shopName` is the default page title;
 *   `graphql.introspection` false refuses introspection and turns GraphiQL off, and so does
 *   `nodeEnv` production for GraphiQL
 */
export function createApi(options: ApiOptions): Api {
  const { db, config } = options;
  const schema = getSchema();
  const introspection = config.graphql.introspection;
  const graphiql = introspection && config.nodeEnv !== 'production';
  const referenceData = createReferenceData(db, config.referenceDataTtlMs);
  const logger = options.logger ?? createLogger(config);
  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql ? { title: `${config.shopName} GraphQL` } : false,
    landingPage: false,
    logging: yogaLogger(logger),
    maskedErrors: { maskError, isDev: false },
    // PUBLIC_URL's origin and CORS_ORIGINS only, with credentials (src/cors.ts, issue 25).
    cors: graphqlCors(config, CORS_ALLOWED_HEADERS),
    context: ({ request, ...server }) =>
      createGraphQLContext({
        db,
        config,
        log:
          options.log ??
          contextLogger(
            currentLogger() ??
              logger.child({ reqId: requestIdOf(request.headers.get(REQUEST_ID_HEADER)) }),
          ),
        authorization: request.headers.get('authorization'),
        clientIp: graphqlClientIp(server, config.trustProxyHops),
        referenceData,
      }),
    plugins: [
      useVaryOrigin(),
      useApiKey(config.apiKey, graphiql),
      // Issue 28: 503 and Retry-After when the database is unavailable.
      useServiceUnavailable(),
      // Before the persisted-query plugin: no registration of a text with a NUL in its name.
      useSafeText(),
      usePersistedQueries(createPersistedQueryStore(db)),
      ...queryLimitPlugins(),
      ...(introspection ? [] : [useNoIntrospection()]),
      // Issue 41: every mutation of a support session (staff logged in as the customer) audited.
      useSupportSessionAudit(),
    ],
  });
  const authHandler = createAuthHandler({ db, config });
  const auth = answeringUnavailable(
    async (request: Request, info?: AuthRequestInfo): Promise<Response> =>
      (await authHandler(request, info)) ?? Response.json({ error: 'NOT_FOUND' }, { status: 404 }),
  );
  const paymentsHandler = createPaymentsHandler({ db, config, log: logger });
  const payments = answeringUnavailable(
    async (request: Request): Promise<Response> =>
      (await paymentsHandler(request)) ?? Response.json({ error: 'NOT_FOUND' }, { status: 404 }),
  );
  const imageHandler = createImageHandler({ db, storage: mediaStorageOf(config) });
  const images = answeringUnavailable(
    async (request: Request): Promise<Response> =>
      (await imageHandler(request)) ??
      new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } }),
  );
  return {
    yoga,
    schema,
    auth,
    payments,
    images,
    fetch: async (request, info) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith(`${AUTH_PATH}/`)) return auth(request, info);
      if (path.startsWith(`${PAYMENTS_PATH}/`)) return payments(request);
      if (path.startsWith(`${IMAGES_PATH}/`)) return images(request);
      return info?.clientIp
        ? yoga.fetch(request, { clientIp: info.clientIp })
        : yoga.fetch(request);
    },
  };
}
