/**
 * The commerce API as a fetch handler (ARCHITECTURE "src/app.ts"): GraphQL Yoga at `/graphql`
 * with the Pothos schema, X-ApiKey authentication, CORS, masked errors and automatic persisted
 * queries stored in the database. Mount `api.yoga` in Express (`app.use('/graphql', api.yoga)`)
 * or call `api.fetch(request)`; `src/server.ts` runs it alone.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { GraphQLSchema } from 'graphql/index.js';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { useAPQ } from '@graphql-yoga/plugin-apq';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  createGraphQLContext,
  type ContextLogger,
  type GraphQLContext,
} from './graphql/context.ts';
import { maskError } from './graphql/errors.ts';
import { getSchema } from './graphql/schema.ts';
import { createReferenceData } from './graphql/reference-data.ts';
import { createPersistedQueryStore } from './modules/persisted-queries/persisted-queries.service.ts';
import type { IncomingMessage } from 'node:http';
import { AUTH_PATH, createAuthHandler, type AuthRequestInfo } from './modules/auth/auth.http.ts';
import { clientAddress } from './modules/auth/auth.node.ts';
import { createPaymentsHandler, PAYMENTS_PATH } from './modules/payments/payments.http.ts';

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
   * Handles one HTTP request (e.g. `POST http://host/graphql`, `POST http://host/auth/login`).
   * `info.clientIp` is the shopper's address for per-IP rate limits (the storefront's server
   * passes it for its in-process calls).
   */
  fetch(request: Request, info?: AuthRequestInfo): Promise<Response>;
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
  /** The executable schema (the one printed to schema.graphql). */
  schema: GraphQLSchema;
}

/** Options of {@link createApi}. */
export interface ApiOptions {
  db: Database;
  config: Config;
  /** Where handled-but-notable conditions go (default console.error). */
  log?: ContextLogger;
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
 * The client's address of a GraphQL request from Yoga's server context: `clientIp` when an
 * in-process caller passed it (`api.fetch(request, { clientIp })`), Express's `req.ip` (which
 * honours `trust proxy`), else the Node socket's peer behind `trustedHops` proxies.
 */
function serverClientIp(server: Record<string, unknown>, trustedHops: number): string | undefined {
  if (typeof server.clientIp === 'string') return server.clientIp;
  const req = server.req as (IncomingMessage & { ip?: unknown }) | undefined;
  if (!req?.socket) return undefined;
  return typeof req.ip === 'string' ? req.ip : clientAddress(req, trustedHops);
}

/**
 * Creates the API on an open database.
 * @param options.db the database (migrated; see `prepareDatabase`)
 * @param options.config `apiKey` guards the endpoint; `shopName` is the default page title;
 *   `nodeEnv` production turns GraphiQL off
 */
export function createApi(options: ApiOptions): Api {
  const { db, config } = options;
  const schema = getSchema();
  const graphiql = config.nodeEnv !== 'production';
  const referenceData = createReferenceData(db, config.referenceDataTtlMs);
  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: graphiql ? { title: `${config.shopName} GraphQL` } : false,
    landingPage: false,
    maskedErrors: { maskError, isDev: false },
    // Any origin may call the API (it is keyed by X-ApiKey and authorised by Bearer tokens,
    // never by cookies), so credentials are not allowed: no ambient authority cross-origin.
    cors: (request) => ({
      origin: request.headers.get('origin') ?? '*',
      credentials: false,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      methods: ['GET', 'POST', 'OPTIONS'],
      maxAge: 600,
    }),
    context: ({ request, ...server }) =>
      createGraphQLContext({
        db,
        config,
        log: options.log,
        authorization: request.headers.get('authorization'),
        clientIp: serverClientIp(server, config.trustProxyHops),
        referenceData,
      }),
    plugins: [useApiKey(config.apiKey, graphiql), useAPQ({ store: createPersistedQueryStore(db) })],
  });
  const authHandler = createAuthHandler({ db, config });
  const auth = async (request: Request, info?: AuthRequestInfo): Promise<Response> =>
    (await authHandler(request, info)) ?? Response.json({ error: 'NOT_FOUND' }, { status: 404 });
  const paymentsHandler = createPaymentsHandler({ db, config });
  const payments = async (request: Request): Promise<Response> =>
    (await paymentsHandler(request)) ?? Response.json({ error: 'NOT_FOUND' }, { status: 404 });
  return {
    yoga,
    schema,
    auth,
    payments,
    fetch: async (request, info = {}) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith(`${AUTH_PATH}/`)) return auth(request, info);
      if (path.startsWith(`${PAYMENTS_PATH}/`)) return payments(request);
      return yoga.fetch(request, { clientIp: info.clientIp } as Record<string, unknown>);
    },
  };
}
