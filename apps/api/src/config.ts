import { z } from 'zod';

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
  /** Folder of the embedded PGlite database when DATABASE_URL is unset; `memory://` for in-memory. */
  PGLITE_DATA_DIR: z.string().min(1).default('./data/pglite'),
  /** The trade name shown in page titles ("<page> | <SHOP_NAME>"). */
  SHOP_NAME: z.string().min(1).max(60).default('Trampa'),
  /** The key clients must send in the `X-ApiKey` header. The default is for development only. */
  API_KEY: z.string().min(8, 'must be at least 8 characters').default('trampa-dev-api-key'),
  /** Public base URL of the shop, used for absolute canonical links. Default http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** `production` or `development`; `npm start` sets production. */
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
});

/** The validated, typed configuration (GEINS-API §1 context ids use the defaults below). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  pgliteDataDir: string;
  shopName: string;
  apiKey: string;
  publicUrl: string;
  nodeEnv: 'production' | 'development' | 'test';
}

/** Raised by {@link loadConfig}; its message names every bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from an environment object.
 * @throws ConfigError naming each invalid variable, e.g. `PORT: Invalid input: expected number`.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
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
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    pgliteDataDir: e.PGLITE_DATA_DIR,
    shopName: e.SHOP_NAME,
    apiKey: e.API_KEY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    nodeEnv: e.NODE_ENV,
  };
}

/**
 * Loads the configuration or, on error, prints the message and exits the process with code 1.
 * For entry points (server, CLI scripts) only.
 */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
