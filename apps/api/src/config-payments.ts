/**
 * The payment providers' configuration (issue 42; ADR 019 §6): environment variables only.
 * Kustom Checkout is offered when `KUSTOM_USERNAME` and `KUSTOM_PASSWORD` are set, in the
 * markets of `KUSTOM_MARKETS`. Production refuses anything but Kustom's production API unless
 * `KUSTOM_TEST_MODE=true` says, on purpose, that this shop takes test payments (playground or a
 * local stand-in); its callbacks are signed with `PAYMENT_CALLBACK_SECRET`, a production secret.
 */
import { z } from 'zod';

/** Kustom's production API (docs/payment-stand-ins.md K1). */
export const KUSTOM_PRODUCTION_API = 'https://api.kustom.co';

/** The documented development key of PAYMENT_CALLBACK_SECRET; refused in production. */
export const DEVELOPMENT_CALLBACK_SECRET = 'trampa-development-callback-secret-not-for-production';

/** The payment variables of the environment schema (merged into config.ts's `envSchema`). */
export const paymentEnvShape = {
  /** Kustom API username (portal.kustom.co, "API credentials"); set with KUSTOM_PASSWORD. */
  KUSTOM_USERNAME: z.string().max(200).optional(),
  /** Kustom API password; set with KUSTOM_USERNAME. */
  KUSTOM_PASSWORD: z.string().max(500).optional(),
  /** Kustom API base; default https://api.kustom.co (playground https://api.playground.kustom.co). */
  KUSTOM_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `true`: a production shop may use another Kustom API (playground, stand-in): test payments. */
  KUSTOM_TEST_MODE: z.enum(['true', 'false']).optional(),
  /**
   * Country:currency pairs the Kustom merchant account is set up for, comma-separated (KCO:
   * purchase country and currency "need to match the defined merchant configuration").
   * Default `SE:SEK`.
   */
  KUSTOM_MARKETS: z
    .string()
    .regex(/^[A-Z]{2}:[A-Z]{3}(,[A-Z]{2}:[A-Z]{3})*$/, 'must be like SE:SEK,FI:EUR')
    .optional(),
  /** HMAC-SHA256 key of the push and validation URLs given to Kustom; at least 32 characters. */
  PAYMENT_CALLBACK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};

/** Kustom Checkout as configured: credentials, API base and the markets it serves. */
export interface KustomSettings {
  apiUrl: string;
  username: string;
  password: string;
  /** The country (ISO 3166-1 alpha-2) and currency (ISO 4217) pairs offered. */
  markets: Array<{ country: string; currency: string }>;
  /** True when this is not Kustom's production API (playground or a stand-in). */
  testMode: boolean;
}

type PaymentEnv = { [K in keyof typeof paymentEnvShape]?: string };

/**
 * Kustom's settings from the environment, null when it is not configured.
 * @returns problems (one line each, `NAME: why`) for the caller's ConfigError
 */
export function kustomSettings(
  env: PaymentEnv,
  production: boolean,
): { settings: KustomSettings | null; problems: string[] } {
  const problems: string[] = [];
  const { KUSTOM_USERNAME: username, KUSTOM_PASSWORD: password } = env;
  if (!username && !password) return { settings: null, problems };
  if (!username || !password) {
    problems.push('  KUSTOM_USERNAME and KUSTOM_PASSWORD must be set together (or neither)');
    return { settings: null, problems };
  }
  const apiUrl = (env.KUSTOM_API_URL ?? KUSTOM_PRODUCTION_API).replace(/\/$/, '');
  const testMode = apiUrl !== KUSTOM_PRODUCTION_API;
  if (production && testMode && env.KUSTOM_TEST_MODE !== 'true') {
    problems.push(
      `  KUSTOM_API_URL: must be ${KUSTOM_PRODUCTION_API} in production (set KUSTOM_TEST_MODE=true to take test payments on purpose)`,
    );
  }
  if (production && !apiUrl.startsWith('https://') && env.KUSTOM_TEST_MODE !== 'true') {
    problems.push('  KUSTOM_API_URL: must be https in production');
  }
  const markets = (env.KUSTOM_MARKETS ?? 'SE:SEK').split(',').map((pair) => {
    const [country, currency] = pair.split(':') as [string, string];
    return { country, currency };
  });
  return { settings: { apiUrl, username, password, markets, testMode }, problems };
}
