import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { LOG_LEVELS } from './log.ts';
import { SELLER_ENV_FIELDS, sellerFromEnv } from './seller-config.ts';
import {
  DEVELOPMENT_CALLBACK_SECRET,
  kustomSettings,
  paymentEnvShape,
  stripeSettings,
} from './config-payments.ts';
import { nshiftSettings, shippingEnvShape } from './config-shipping.ts';
import { parseOriginList } from './config-origins.ts';

/**
 * `shared_buffers` of the embedded database (issue 28). PGlite's own default, 128 MB, is resident
 * in this process's WebAssembly memory from the start (PGlite touches it all), about 110 MiB more
 * resident memory than 16 MB; pages beyond the buffers are read through the operating system's
 * file cache, which is not this process's memory. The default seed's database is ~19 MB.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** The documented development key of AUTH_JWT_SECRET; refused in production. */
export const DEVELOPMENT_JWT_SECRET = 'trampa-development-jwt-secret-not-for-production';

/** The documented development value of API_KEY; refused in production. */
export const DEVELOPMENT_API_KEY = 'trampa-dev-api-key';

/** The documented development key of PAYMENT_SANDBOX_SECRET; refused in production. */
export const DEVELOPMENT_SANDBOX_SECRET = 'trampa-development-sandbox-secret-not-for-production';

/**
 * Environment variables the shop reads, validated with zod at start.
 * Every variable is listed in the README. Empty strings count as unset.
 */
const envSchema = z.object({
  /** TCP port of the storefront server (and of the standalone API server). Default 3000. */
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Interface to listen on. Default all interfaces. */
  HOST: z.string().min(1).default('0.0.0.0'),
  /** `postgres://user:pass@host:port/db`: use that PostgreSQL server through `pg` with a pool. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Maximum connections in the `pg` pool (only with DATABASE_URL). Default 10. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * `false`: no statement is prepared by name on PostgreSQL, for transaction poolers (PgBouncer
   * in transaction mode, managed poolers) that do not keep prepared statements. Default true.
   */
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false']).default('true'),
  /**
   * Milliseconds a statement sent while serving a request may take (issue 28); past it the
   * request ends with 503 / SERVICE_UNAVAILABLE and its connection is replaced. 0 = no limit.
   * Default 5000. Only with DATABASE_URL; background jobs are not limited.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /**
   * Milliseconds to wait for a pooled connection (a free one, or a new one to connect) before
   * failing fast as unavailable (issue 28). 0 = no limit. Default 2000. Only with DATABASE_URL.
   */
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /**
   * `true`: the server applies pending migrations when it starts (under the migration lock).
   * Default `true` on the embedded database and outside production, `false` in production with
   * DATABASE_URL, where `npm run db:migrate` is the release step (issue 15).
   */
  MIGRATE_ON_START: z.enum(['true', 'false']).optional(),
  /**
   * Seconds between SIGTERM and closing the listener, while `/readyz` answers 503 and requests
   * are still served, so a load balancer stops sending first. Default 0.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** Seconds requests in flight get to finish after the listener closed. Default 25. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /**
   * Folder of uploaded media (back-office product images, issue 26): the local-disk storage of
   * modules/media/media-storage.ts. Every instance must see the same folder (a shared volume)
   * until an S3-compatible driver exists.
   */
  MEDIA_STORAGE_DIR: z.string().min(1).default('./data/media'),
  /** Folder of the embedded PGlite database when DATABASE_URL is unset; `memory://` for in-memory. */
  PGLITE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, 'a size such as 16MB')
    .default(PGLITE_SHARED_BUFFERS),
  /** `true`: PGlite's WebAssembly also gets V8's optimising compiler (issue 28, docs/performance.md). */
  PGLITE_OPTIMIZING_COMPILER: z.enum(['true', 'false']).default('false'),
  /** The trade name shown in page titles ("<page> | <SHOP_NAME>"). */
  SHOP_NAME: z.string().min(1).max(60).default('Trampa'),
  /** The seller's identity (issue 40 §2): SHOP_LEGAL_NAME … SHOP_PHONE, seller-config.ts. */
  ...SELLER_ENV_FIELDS,
  /** The key clients must send in the `X-ApiKey` header. The default is for development only. */
  API_KEY: z.string().min(8, 'must be at least 8 characters').default(DEVELOPMENT_API_KEY),
  /** Public base URL of the shop, used for absolute canonical links. Default http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Further browser origins (comma-separated, e.g. `https://www.cykel.example`) allowed to call
   * `/graphql` and `/auth/*` cross-origin with credentials, besides PUBLIC_URL's own (src/cors.ts).
   */
  CORS_ORIGINS: z
    .string()
    .transform((value, ctx) => parseOriginList(value, ctx))
    .optional(),
  /** `production` or `development`; `npm start` sets production. */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  /** `true`: storefront paths carry `/{market}/{language}/...` (SPEC §2). Default false. */
  MARKET_IN_PATH: z.enum(['true', 'false']).default('false'),
  /** Locale prefix strategy when the market is not in the path (SPEC §2). Default no_prefix. */
  LOCALE_PREFIX_STRATEGY: z
    .enum(['no_prefix', 'prefix', 'prefix_except_default', 'prefix_and_default'])
    .default('no_prefix'),
  /** A local path the root path `/` redirects to (SPEC §2); unset: no redirect. */
  ROOT_REDIRECT_PATH: z
    .string()
    .regex(/^\/(?![/\\])[^\s\\]*$/, 'must be a local path starting with a single /')
    .optional(),
  /** Status of the root redirect (SPEC §9: 302). */
  ROOT_REDIRECT_STATUS: z.coerce
    .number()
    .int()
    .refine((n) => [301, 302, 307, 308].includes(n), 'must be 301, 302, 307 or 308')
    .default(302),
  /** Initial-locale detection (SPEC §4): off, root (default), no_prefix or all paths. */
  LOCALE_DETECTION: z.enum(['off', 'root', 'no_prefix', 'all']).default('root'),
  /** `true`: redirect to the detected locale on every visit, not only the first. Default false. */
  LOCALE_ALWAYS_REDIRECT: z.enum(['true', 'false']).default('false'),
  /** HS256 key of the auth service's JWTs (issue 7); required in production (issue 13 §10). */
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * Keys that sign the storefront's own cookies (cart, market, customer type, locale; issue 22):
   * comma-separated, each at least 32 characters; the first signs, all verify (rotation). Unset:
   * one key derived from AUTH_JWT_SECRET, so production (which requires that secret) never signs
   * with a development key.
   */
  COOKIE_SECRETS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each key must be at least 32 characters')).min(1))
    .optional(),
  /** The fixed public salt of the client-side password digest (GEINS-API §7.3). */
  AUTH_PASSWORD_SALT: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Lifetime of an access token (JWT) in seconds. Default 900 (15 minutes, GEINS-API §7.4). */
  AUTH_TOKEN_MAX_AGE: z.coerce.number().int().min(60).max(86400).default(900),
  /** scrypt cost as log2(N) for stored passwords. Default 17 (OWASP: N=2^17, r=8, p=1). */
  AUTH_SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Folder where outgoing e-mails are written as .eml files (mail module). */
  MAIL_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  /** `smtp://user:pass@host:587` or `smtps://…`: send e-mail over SMTP (Nodemailer) instead of the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /**
   * Google Tag Manager container id (`GTM-XXXXXXX`, issue 19): the storefront loads its script
   * (and the noscript frame) after the shopper allowed statistics cookies. Unset: no tag manager.
   */
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must be a container id such as GTM-ABC1234')
    .optional(),
  /**
   * https URL of the trust-seal script (issue 19, SPEC §1), loaded after the shopper allowed
   * marketing cookies. Unset: no trust seal.
   */
  TRUST_SEAL_SRC: z
    .string()
    .url()
    .regex(/^https:\/\/[^/\s]+\/\S*$/, 'must be an https:// URL')
    .optional(),
  /**
   * Seconds a copy of the channel directory and category tree is served before it is read again
   * (src/graphql/reference-data.ts). Default 10; 0 reads them on every request.
   */
  REFERENCE_DATA_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /**
   * Page renders one storefront server runs at once; more wait in arrival order
   * (apps/storefront/server/render-queue.ts, issue 23). Default 2.
   */
  SSR_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(2),
  /** Seconds a first visit's page copy is served (storefront server/page-cache.ts); 0 = off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** `1`: send the SQL statement count of each request in `x-sql-statements` (bench only). */
  BENCH_SQL_COUNT: z.enum(['0', '1']).default('0'),
  BENCH_MEMORY: z.enum(['0', '1']).default('0'),
  /**
   * Reverse proxies in front of this server whose `X-Forwarded-For` entries are trusted for the
   * client's address (per-IP rate limits of logins and registrations). 0: the socket's address.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * `true`: offer the local payment sandbox ("Kort eller delbetalning (testbetalning)") and its
   * pages and notification endpoint. Default `true` in development and test, `false` in
   * production (issue 13 §1).
   */
  PAYMENT_SANDBOX: z.enum(['true', 'false']).optional(),
  /** HMAC-SHA256 key of the sandbox's notifications (`x-sandbox-signature`); at least 32 characters. */
  PAYMENT_SANDBOX_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ...paymentEnvShape,
  ...shippingEnvShape,
  /** `true`: the GraphQL schema answers introspection. Default `true` except in production. */
  GRAPHQL_INTROSPECTION: z.enum(['true', 'false']).optional(),
  /**
   * Days a product counts as news after its first-available date: the news list `/nyheter`
   * (`/l/nyheter`) shows the products of this window, newest first (issue 14). Default 60.
   */
  NEWS_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /**
   * The `ProductSearch` implementation of product lists and search (search/product-search.ts,
   * ADR 012): `postings` (SQL, facets, counts and RELEVANCE pages from the facet postings once
   * the job queue built them) or `rows` (SQL over the rows only; no postings are built).
   * Default `postings` with DATABASE_URL, `rows` on the embedded database (one connection: a
   * postings build there would hold every request).
   */
  PRODUCT_SEARCH: z.enum(['postings', 'rows']).optional(),
  /**
   * Least severe level written to the JSON logs on stdout (src/log.ts, issue 15): `fatal`,
   * `error`, `warn`, `info` (default: one line per request), `debug` (also each SQL statement's
   * duration) or `trace`; `silent` for none (tests).
   */
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /**
   * `true`: the web process runs the job queue (e-mails, index builds; issue 15). Default `true`
   * on the embedded database and in development; `false` in production with DATABASE_URL, where
   * `npm run worker` runs it.
   */
  WORKER_IN_PROCESS: z.enum(['true', 'false']).optional(),
  /**
   * Seconds between two runs of the recurring back-in-stock `restock-scan` job (issue 17).
   * Default 60: a restocked size is mailed about within a minute.
   */
  RESTOCK_SCAN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * E-mail of the first back-office administrator (issue 26), created at start with
   * ADMIN_PASSWORD when no staff user exists yet. Unset: none is created.
   */
  ADMIN_EMAIL: z.string().email('must be an e-mail address').optional(),
  /** Password of that first administrator; in production at least 12 characters. */
  ADMIN_PASSWORD: z.string().optional(),
});

import type { Config } from './config-types.ts';

export type {
  AuthConfig,
  CatalogConfig,
  Config,
  PaymentsConfig,
  RoutingConfig,
} from './config-types.ts';

/**
 * The variables whose documented development value production refuses (issue 13 §1, §10, §20),
 * with that value. A value equal to one of them is as bad as an unset variable.
 */
const DEVELOPMENT_SECRETS: Record<string, string> = {
  API_KEY: DEVELOPMENT_API_KEY,
  AUTH_JWT_SECRET: DEVELOPMENT_JWT_SECRET,
  PAYMENT_SANDBOX_SECRET: DEVELOPMENT_SANDBOX_SECRET,
  PAYMENT_CALLBACK_SECRET: DEVELOPMENT_CALLBACK_SECRET,
};

/**
 * Our fixed public password salt (GEINS-API §7.3 describes a 64-character base64-looking salt
 * hard-coded in the Geins clients; theirs is not in our documents, so this is our own). Real
 * Geins clients need AUTH_PASSWORD_SALT set to the Geins salt.
 */
export const DEFAULT_PASSWORD_SALT =
  'WiIB9deBZ+9bqkChJ4xqSHKAc5W5MK5Q3HApH7TWMlsZbELMSuYEMkHjTKZasEUc';

/**
 * The cookie-signing key derived from the JWT secret when COOKIE_SECRETS is unset:
 * base64url(HMAC-SHA256(jwtSecret, "trampa-storefront-cookies")), so the two uses never share a key.
 */
export function derivedCookieSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('trampa-storefront-cookies').digest('base64url');
}

/** Raised by {@link loadConfig}; its message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /**
   * `false` for the database command-line scripts (`db:migrate`, `db:seed`), which serve no
   * requests and need no API key or signing secrets. Default `true`: production refuses the
   * development secrets.
   */
  requireProductionSecrets?: boolean;
}

/**
 * Reads and validates the configuration from an environment object.
 * @throws ConfigError naming each invalid variable, e.g. `PORT: Invalid input: expected number`,
 *   and, in production, each secret left at its development default (issue 13 §1, §10, §20).
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${JSON.stringify(cleaned[String(issue.path[0])] ?? '')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const production = e.NODE_ENV === 'production';
  const sandbox = (e.PAYMENT_SANDBOX ?? (production ? 'false' : 'true')) === 'true';
  const kustom = kustomSettings(e, production);
  const stripe = stripeSettings(e, production);
  const nshift = nshiftSettings(e, production);
  const providerProblems = [...kustom.problems, ...stripe.problems, ...nshift.problems];
  if (providerProblems.length > 0) {
    throw new ConfigError(
      `Invalid configuration in the environment:\n${providerProblems.join('\n')}`,
    );
  }
  if (production && options.requireProductionSecrets !== false) {
    const required = [
      'API_KEY',
      'AUTH_JWT_SECRET',
      ...(sandbox ? ['PAYMENT_SANDBOX_SECRET'] : []),
      ...(kustom.settings ? ['PAYMENT_CALLBACK_SECRET'] : []),
    ];
    const problems = required
      .filter((name) => !cleaned[name] || cleaned[name] === DEVELOPMENT_SECRETS[name])
      .map(
        (name) =>
          `  ${name}: must be set in production to a value of your own (not the development default)`,
      );
    if (problems.length > 0) {
      throw new ConfigError(
        `Refusing to start in production with development secrets:\n${problems.join('\n')}\n` +
          "Generate one with: node -e \"console.log(require('node:crypto').randomBytes(32).toString('base64url'))\"",
      );
    }
  }
  const admin = firstAdministrator(e.ADMIN_EMAIL, e.ADMIN_PASSWORD, production);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'true',
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    databasePoolWaitMs: e.DATABASE_POOL_WAIT_MS,
    migrateOnStart:
      (e.MIGRATE_ON_START ?? (production && e.DATABASE_URL ? 'false' : 'true')) === 'true',
    shutdown: {
      delayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
      timeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    },
    pgliteDataDir: e.PGLITE_DATA_DIR,
    mediaStorageDir: e.MEDIA_STORAGE_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    pgliteOptimizingCompiler: e.PGLITE_OPTIMIZING_COMPILER === 'true',
    shopName: e.SHOP_NAME,
    seller: sellerFromEnv(e, production),
    apiKey: e.API_KEY,
    publicUrl,
    nodeEnv: e.NODE_ENV,
    cors: { origins: e.CORS_ORIGINS ?? [] },
    routing: {
      marketInPath: e.MARKET_IN_PATH === 'true',
      localePrefix: e.LOCALE_PREFIX_STRATEGY,
      rootRedirect: e.ROOT_REDIRECT_PATH
        ? { path: e.ROOT_REDIRECT_PATH, status: e.ROOT_REDIRECT_STATUS }
        : null,
      detection: e.LOCALE_DETECTION,
      alwaysRedirect: e.LOCALE_ALWAYS_REDIRECT === 'true',
    },
    auth: {
      jwtSecret: e.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET,
      jwtSecretIsDefault: !e.AUTH_JWT_SECRET,
      cookieSecrets: e.COOKIE_SECRETS ?? [
        derivedCookieSecret(e.AUTH_JWT_SECRET ?? DEVELOPMENT_JWT_SECRET),
      ],
      passwordSalt: e.AUTH_PASSWORD_SALT ?? DEFAULT_PASSWORD_SALT,
      tokenMaxAge: e.AUTH_TOKEN_MAX_AGE,
      scryptLogN: e.AUTH_SCRYPT_LOG_N,
    },
    mail: { outboxDir: e.MAIL_OUTBOX_DIR, smtpUrl: e.SMTP_URL },
    tags: { gtmId: e.GTM_ID ?? null, trustSealSrc: e.TRUST_SEAL_SRC ?? null },
    benchSqlCount: e.BENCH_SQL_COUNT === '1',
    benchMemory: e.BENCH_MEMORY === '1',
    referenceDataTtlMs: e.REFERENCE_DATA_TTL_SECONDS * 1000,
    ssrConcurrency: e.SSR_CONCURRENCY,
    pageCacheTtlMs: e.PAGE_CACHE_SECONDS * 1000,
    trustProxyHops: e.TRUST_PROXY,
    payments: {
      sandbox,
      sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? DEVELOPMENT_SANDBOX_SECRET,
      kustom: kustom.settings,
      stripe: stripe.settings,
      callbackSecret: e.PAYMENT_CALLBACK_SECRET ?? DEVELOPMENT_CALLBACK_SECRET,
    },
    shipping: { nshift: nshift.settings },
    graphql: {
      introspection: (e.GRAPHQL_INTROSPECTION ?? (production ? 'false' : 'true')) === 'true',
    },
    catalog: {
      newsWindowDays: e.NEWS_WINDOW_DAYS,
      productSearch: e.PRODUCT_SEARCH ?? (e.DATABASE_URL ? 'postings' : 'rows'),
    },
    logLevel: e.LOG_LEVEL,
    jobs: {
      inProcess:
        (e.WORKER_IN_PROCESS ?? (production && e.DATABASE_URL ? 'false' : 'true')) === 'true',
      restockScanIntervalSeconds: e.RESTOCK_SCAN_INTERVAL_SECONDS,
    },
    admin,
  };
}

/** The shortest ADMIN_PASSWORD production accepts (issue 26 "Access"). */
export const MIN_PRODUCTION_ADMIN_PASSWORD = 12;

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD as the first administrator, null when both are unset.
 * @throws ConfigError when only one is set, or in production for a password under
 *   {@link MIN_PRODUCTION_ADMIN_PASSWORD} characters
 */
function firstAdministrator(
  email: string | undefined,
  password: string | undefined,
  production: boolean,
): { email: string; password: string } | null {
  if (!email && !password) return null;
  if (!email || !password) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)',
    );
  }
  if (production && password.length < MIN_PRODUCTION_ADMIN_PASSWORD) {
    throw new ConfigError(
      `Invalid configuration in the environment:\n  ADMIN_PASSWORD: must be at least ${MIN_PRODUCTION_ADMIN_PASSWORD} characters in production`,
    );
  }
  return { email, password };
}

/**
 * Loads the configuration or, on error, prints the message and exits the process with code 1.
 * For entry points (server, CLI scripts) only.
 */
export function loadConfigOrExit(
  env: Record<string, string | undefined> = process.env,
  options: LoadConfigOptions = {},
): Config {
  try {
    return loadConfig(env, options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
