/**
 * The back-office API as a fetch handler (issue 26; ADR 015): GraphQL Yoga at `/admin/graphql`
 * with the admin schema (graphql/admin), separate from the shop's `/graphql`. Authentication is
 * the `trampa-admin-session` cookie only (the shop's X-ApiKey and customer bearer tokens mean
 * nothing here: 401); every request must carry the `x-trampa-admin` header (CSRF prevention,
 * besides the cookie's SameSite=Strict); no CORS (same origin only); masked errors; introspection
 * as GRAPHQL_INTROSPECTION says. Mount `adminApi.yoga` in Express at `/admin/graphql` or call
 * `adminApi.fetch(request)`. An order's packing slip and receipt (PDF, admin-documents.ts) are
 * `adminApi.documents(request)` at `/admin/orders/:id/packing-slip.pdf` and `…/receipt.pdf`
 * (and a booking's label, `…/bookings/:bookingId/label.pdf`, admin-booking-label.ts);
 * `fetch` routes those paths there too.
 */
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import {
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
  type GraphQLSchema,
} from 'graphql/index.js';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { orderDocumentResponse } from './admin-documents.ts';
import { bookingLabelResponse } from './admin-booking-label.ts';
export { ORDER_DOCUMENT_PATH } from './admin-documents.ts';
export { BOOKING_LABEL_PATH } from './admin-booking-label.ts';
import { graphqlClientIp } from './app.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { actorOf, createAdminContext, type AdminContext } from './graphql/admin/context.ts';
import { getAdminSchema } from './graphql/admin/schema.ts';
import { maskError, useServiceUnavailable } from './graphql/errors.ts';
import { queryLimitPlugins } from './graphql/limits.ts';
import { useSafeText } from './graphql/unsafe-text.ts';
import { recordSecurityEvent } from './modules/audit/security-events.ts';
import { createLogger, errorFields, REQUEST_ID_HEADER, requestIdOf, type Logger } from './log.ts';

/** Path of the admin GraphQL endpoint. */
export const ADMIN_GRAPHQL_PATH = '/admin/graphql';

/** The header every admin request must carry (any value; `1` by convention). */
export const ADMIN_CSRF_HEADER = 'x-trampa-admin';

/** The running admin API. */
export interface AdminApi {
  /** The Yoga server: a fetch handler and a Node/Express request listener. */
  yoga: YogaServerInstance<Record<string, unknown>, AdminContext>;
  /** Handles one request in-process; `info.clientIp` feeds the per-IP login limit. */
  fetch(request: Request, info?: { clientIp?: string | undefined }): Promise<Response>;
  /**
   * Answers a request for an order document (`GET /admin/orders/:id/packing-slip.pdf` or
   * `receipt.pdf`; session cookie, orders:read), or null when the path is not one.
   */
  documents(request: Request): Promise<Response | null>;
  /** The executable admin schema (the one printed to admin-schema.graphql). */
  schema: GraphQLSchema;
}

/** Options of {@link createAdminApi}. */
export interface AdminApiOptions {
  db: Database;
  config: Config;
  logger?: Logger;
  /** The clock (tests inject one for session timeouts and login locks). Default `new Date()`. */
  now?: () => Date;
  /**
   * Called after each mutation that ran (whatever its result): the storefront drops its page
   * copies then (issue 23, apps/storefront/server/page-cache.ts).
   */
  onMutation?: () => void;
}

/**
 * 403 `{ errors: [{ extensions: { code: 'CSRF' } }] }` for a request without
 * {@link ADMIN_CSRF_HEADER}, whatever its content type (Yoga's useCSRFPrevention lets JSON
 * through without it; we do not).
 */
function useRequireAdminHeader(): Plugin {
  return {
    onRequest({ request, endResponse, fetchAPI }) {
      if (request.headers.has(ADMIN_CSRF_HEADER)) return;
      endResponse(
        fetchAPI.Response.json(
          {
            errors: [
              {
                message: `Required CSRF header ${ADMIN_CSRF_HEADER} not present`,
                extensions: { code: 'CSRF' },
              },
            ],
          },
          { status: 403 },
        ),
      );
    },
  };
}

/** Adds the cookies the request's resolvers set (login, logout) to its response. */
function useResponseCookies(cookies: WeakMap<Request, string[]>): Plugin {
  return {
    onResponse({ request, response }) {
      for (const cookie of cookies.get(request) ?? [])
        response.headers.append('set-cookie', cookie);
      response.headers.set('cache-control', 'no-store');
    },
  };
}

/** Calls `onMutation` once a mutation's execution has ended. */
function useOnMutation(onMutation: () => void): Plugin {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      return { onExecuteDone: () => onMutation() };
    },
  };
}

/**
 * Records an operation refused for the caller's role (`staff.forbidden`, issue 41 §8) in the
 * audit log, with the staff user, the operation's name and type and the refused fields' paths;
 * rate-limited (modules/audit/security-events.ts). Subscriptions are not inspected.
 */
function useAuditForbidden(db: Database): Plugin<AdminContext> {
  return {
    onExecute({ args }) {
      return {
        async onExecuteDone({ result }) {
          if (Symbol.asyncIterator in result) return;
          const refused = (result.errors ?? []).filter((e) => e.extensions?.code === 'FORBIDDEN');
          if (refused.length === 0) return;
          const context = args.contextValue;
          const operation = getOperationAST(args.document, args.operationName);
          await recordSecurityEvent(
            db,
            {
              action: 'staff.forbidden',
              actor: actorOf(context),
              entityType: 'operation',
              entityId: operation?.name?.value ?? null,
              details: {
                operation: operation?.operation ?? null,
                role: context.staff?.role ?? null,
                fields: refused.map((e) => (e.path ?? []).join('.')).slice(0, 20),
              },
            },
            context.now,
          );
        },
      };
    },
  };
}

/** Creates the admin API on an open, migrated database. */
export function createAdminApi(options: AdminApiOptions): AdminApi {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? createLogger(config);
  const schema = getAdminSchema();
  const cookies = new WeakMap<Request, string[]>();
  const yoga = createYoga<Record<string, unknown>, AdminContext>({
    schema,
    graphqlEndpoint: ADMIN_GRAPHQL_PATH,
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: {
      debug: () => undefined,
      info: () => undefined,
      warn: (message: unknown) => logger.warn(String(message)),
      error: (error: unknown) =>
        logger.error({ err: errorFields(error, true) }, 'Unexpected error'),
    },
    maskedErrors: { maskError, isDev: false },
    context: ({ request, ...server }) =>
      createAdminContext({
        db,
        config,
        now: now(),
        cookieHeader: request.headers.get('cookie'),
        clientIp: graphqlClientIp(server, config.trustProxyHops),
        requestId: requestIdOf(request.headers.get(REQUEST_ID_HEADER)),
        setCookie: (value) => cookies.set(request, [...(cookies.get(request) ?? []), value]),
      }),
    plugins: [
      useRequireAdminHeader(),
      useCSRFPrevention({ requestHeaders: [ADMIN_CSRF_HEADER] }),
      useResponseCookies(cookies),
      useServiceUnavailable(),
      // Issue 41 §4: a NUL or a lone surrogate in any text is BAD_USER_INPUT before anything runs.
      useSafeText('sv'),
      useAuditForbidden(db),
      ...(options.onMutation ? [useOnMutation(options.onMutation)] : []),
      ...queryLimitPlugins(),
      ...(config.graphql.introspection
        ? []
        : [
            {
              onValidate({ addValidationRule }) {
                addValidationRule(NoSchemaIntrospectionCustomRule);
              },
            } satisfies Plugin,
          ]),
    ],
  });
  const documents = async (request: Request) =>
    (await orderDocumentResponse(request, { db, config, now: now() })) ??
    bookingLabelResponse(request, { db, now: now() });
  return {
    yoga,
    schema,
    documents,
    fetch: async (request, info) =>
      (await documents(request)) ??
      (info?.clientIp ? yoga.fetch(request, { clientIp: info.clientIp }) : yoga.fetch(request)),
  };
}
