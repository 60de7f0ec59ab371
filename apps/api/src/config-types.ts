/**
 * The typed shapes of the shop's configuration, as `loadConfig` (config.ts) returns it from the
 * environment. Split from config.ts to keep each file small (issue 22).
 */
import type { KustomSettings, StripeSettings } from './config-payments.ts';
import type { NshiftSettings } from './config-shipping.ts';
import type { LogLevel } from './log.ts';
import type { SellerIdentity } from './seller.ts';

/** The validated, typed configuration (GEINS-API §1 context ids use the defaults below). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  /** DATABASE_PREPARED_STATEMENTS: statements marked `prepared` are prepared by name. */
  databasePreparedStatements: boolean;
  /** DATABASE_STATEMENT_TIMEOUT_MS: a request's statement deadline (ms; 0 = none). */
  databaseStatementTimeoutMs: number;
  /** DATABASE_POOL_WAIT_MS: the wait for a pooled connection (ms; 0 = none). */
  databasePoolWaitMs: number;
  /** MIGRATE_ON_START (or its default): the server migrates before serving. */
  migrateOnStart: boolean;
  /** Graceful shutdown (issue 15): SHUTDOWN_DELAY_SECONDS and SHUTDOWN_TIMEOUT_SECONDS in ms. */
  shutdown: { delayMs: number; timeoutMs: number };
  pgliteDataDir: string;
  /** MEDIA_STORAGE_DIR: the folder of uploaded media (local-disk storage; issue 26). */
  mediaStorageDir: string;
  /** PGLITE_SHARED_BUFFERS: the embedded database's `shared_buffers`, e.g. `16MB` (issue 28). */
  pgliteSharedBuffers: string;
  /**
   * PGLITE_OPTIMIZING_COMPILER: `false` (default) compiles the embedded database's WebAssembly
   * with V8's baseline compiler only (Liftoff: ~50 MiB less resident memory, SQL ~1/4 slower);
   * `true` lets hot functions tier up to TurboFan (issue 28).
   */
  pgliteOptimizingCompiler: boolean;
  shopName: string;
  /**
   * The seller's identity (issue 40 §2; SHOP_LEGAL_NAME, SHOP_ORGANISATION_NUMBER, SHOP_ADDRESS,
   * SHOP_EMAIL, SHOP_PHONE): the example's values outside production, null when unset in production.
   */
  seller: SellerIdentity;
  apiKey: string;
  publicUrl: string;
  nodeEnv: 'production' | 'development' | 'test';
  /**
   * Cross-origin browser access (src/cors.ts): `origins` are CORS_ORIGINS, the origins besides
   * PUBLIC_URL's own that may call `/graphql` and `/auth/*` with credentials.
   */
  cors: { origins: string[] };
  /** Auth service settings (issue 7; src/modules/auth). */
  auth: AuthConfig;
  /** Outgoing mail (src/modules/mail): the folder of the file outbox. */
  mail: { outboxDir: string; smtpUrl?: string | undefined };
  /**
   * Third-party tags the storefront loads after consent (issue 19): GTM_ID (statistics) and
   * TRUST_SEAL_SRC (marketing); null when unset.
   */
  tags: { gtmId: string | null; trustSealSrc: string | null };
  /** Storefront market and locale routing (issue 4; SPEC §2, §4). */
  routing: RoutingConfig;
  /** BENCH_SQL_COUNT=1: the servers add the `x-sql-statements` response header (bench only). */
  benchSqlCount: boolean;
  /** BENCH_MEMORY=1: the shop serves its memory report at `/__bench/memory` (bench only). */
  benchMemory: boolean;
  /** REFERENCE_DATA_TTL_SECONDS in milliseconds: age of the shared channel/category copy. */
  referenceDataTtlMs: number;
  /** SSR_CONCURRENCY: page renders one storefront server runs at once (issue 23). */
  ssrConcurrency: number;
  /** PAGE_CACHE_SECONDS in milliseconds: how long a first visit's page copy is served (issue 23). */
  pageCacheTtlMs: number;
  /** TRUST_PROXY: trusted proxy hops before this server (client address for rate limits). */
  trustProxyHops: number;
  /** The payment sandbox (issue 13 §1; modules/payments). */
  payments: PaymentsConfig;
  /** The shipping provider (issue 43, ADR 020): nShift (NSHIFT_*, config-shipping.ts) or null for the shop's own options. */
  shipping: { nshift: NshiftSettings | null };
  /** GraphQL endpoint settings (issue 13 §20). */
  graphql: { introspection: boolean };
  /** Catalogue settings (issue 14). */
  catalog: CatalogConfig;
  /** LOG_LEVEL: the least severe level logged (src/log.ts; issue 15). */
  logLevel: LogLevel;
  /** The job queue (issue 15, modules/jobs). */
  jobs: {
    inProcess: boolean;
    /** RESTOCK_SCAN_INTERVAL_SECONDS: seconds between two restock scans (issue 17). */
    restockScanIntervalSeconds: number;
  };
  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD (issue 26): the first back-office administrator, created at
   * start when no staff user exists; null when unset.
   */
  admin: { email: string; password: string } | null;
}

/** Catalogue settings. */
export interface CatalogConfig {
  /** NEWS_WINDOW_DAYS: a product is news this many days after its first-available date. */
  newsWindowDays: number;
  /** PRODUCT_SEARCH: which `ProductSearch` answers lists and search (search/product-search.ts). */
  productSearch: 'postings' | 'rows';
}

/** The local payment sandbox's settings. */
export interface PaymentsConfig {
  /** PAYMENT_SANDBOX: the sandbox is offered, its pages served and its notifications accepted. */
  sandbox: boolean;
  /** PAYMENT_SANDBOX_SECRET (or the development key): HMAC-SHA256 key of its notifications. */
  sandboxSecret: string;
  /** Kustom Checkout (KUSTOM_*, config-payments.ts), null when not configured (issue 42). */
  kustom: KustomSettings | null;
  /** Stripe card and Swish (STRIPE_*, config-payments.ts), null when not configured (issue 42). */
  stripe: StripeSettings | null;
  /** PAYMENT_CALLBACK_SECRET (or the development key): signs the push/validation URLs. */
  callbackSecret: string;
}

/** Market-in-path, locale prefix strategy, root redirect and initial-locale detection. */
export interface RoutingConfig {
  /** MARKET_IN_PATH: `/{market}/{language}/...` paths. */
  marketInPath: boolean;
  /** LOCALE_PREFIX_STRATEGY. */
  localePrefix: 'no_prefix' | 'prefix' | 'prefix_except_default' | 'prefix_and_default';
  /** ROOT_REDIRECT_PATH and ROOT_REDIRECT_STATUS; null without a path. */
  rootRedirect: { path: string; status: number } | null;
  /** LOCALE_DETECTION. */
  detection: 'off' | 'root' | 'no_prefix' | 'all';
  /** LOCALE_ALWAYS_REDIRECT. */
  alwaysRedirect: boolean;
}

/** Auth service settings (GEINS-API §7). */
export interface AuthConfig {
  /** HS256 key of access tokens and sign signatures (AUTH_JWT_SECRET or the development key). */
  jwtSecret: string;
  /** True when {@link jwtSecret} is the documented development key. */
  jwtSecretIsDefault: boolean;
  /**
   * Keys of the storefront's signed cookies, newest first (COOKIE_SECRETS, else one key derived
   * from {@link jwtSecret}); React Router's `createCookie` signs with the first, verifies with all.
   */
  cookieSecrets: string[];
  /** Public salt appended to passwords before the SHA-384 digest (GEINS-API §7.3). */
  passwordSalt: string;
  /** Access-token lifetime in seconds (the `maxAge` of auth responses). */
  tokenMaxAge: number;
  /** scrypt cost log2(N) for new password hashes. */
  scryptLogN: number;
}
