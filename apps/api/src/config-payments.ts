/**
 * The payment providers' configuration (issue 42; ADR 019 §6): environment variables only.
 * Kustom Checkout is offered when `KUSTOM_USERNAME` and `KUSTOM_PASSWORD` are set, in the
 * markets of `KUSTOM_MARKETS`. Production refuses anything but Kustom's production API unless
 * `KUSTOM_TEST_MODE=true` says, on purpose, that this shop takes test payments (playground or a
 * local stand-in); its callbacks are signed with `PAYMENT_CALLBACK_SECRET`, a production secret.
 * Stripe (card, Swish) is offered when `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and
 * `STRIPE_WEBHOOK_SECRET` are set; production refuses Stripe's test keys and `STRIPE_API_URL`
 * unless `STRIPE_TEST_MODE=true`.
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
  /** Stripe secret key (`sk_live_…`, or `sk_test_…`/`rk_…` for test mode); with the other two. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(live|test)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_…)')
    .optional(),
  /** Stripe publishable key (`pk_live_…`) for the Payment Element. */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_live_…)')
    .optional(),
  /** The signing secret of the shop's webhook endpoint (Stripe Dashboard, `whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).max(200).optional(),
  /** Another Stripe API base (a local stand-in in tests); default https://api.stripe.com. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `true`: a production shop may use Stripe test keys or another API base: test payments. */
  STRIPE_TEST_MODE: z.enum(['true', 'false']).optional(),
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

/** Stripe's API (docs/payment-stand-ins.md S3). */
export const STRIPE_PRODUCTION_API = 'https://api.stripe.com';

/** Stripe as configured: keys, API base (stripe-node `host`/`port`/`protocol`), test mode. */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: string;
  /** True with test keys or another API base: the shop takes test payments. */
  testMode: boolean;
}

/**
 * Stripe's settings from the environment, null when it is not configured (ADR 019 §6).
 * @returns problems (one line each, `NAME: why`) for the caller's ConfigError
 */
export function stripeSettings(
  env: PaymentEnv,
  production: boolean,
): { settings: StripeSettings | null; problems: string[] } {
  const problems: string[] = [];
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = env;
  if (!secretKey && !publishableKey && !webhookSecret) return { settings: null, problems };
  if (!secretKey || !publishableKey || !webhookSecret) {
    problems.push(
      '  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together (or none)',
    );
    return { settings: null, problems };
  }
  const apiUrl = (env.STRIPE_API_URL ?? STRIPE_PRODUCTION_API).replace(/\/$/, '');
  const testKeys = /_test_/.test(secretKey) || publishableKey.startsWith('pk_test_');
  if (/_live_/.test(secretKey) !== publishableKey.startsWith('pk_live_')) {
    problems.push(
      '  STRIPE_PUBLISHABLE_KEY: must be of the same mode (live or test) as STRIPE_SECRET_KEY',
    );
  }
  const testMode = testKeys || apiUrl !== STRIPE_PRODUCTION_API;
  if (production && testMode && env.STRIPE_TEST_MODE !== 'true') {
    problems.push(
      testKeys
        ? '  STRIPE_SECRET_KEY: test keys are refused in production (set STRIPE_TEST_MODE=true to take test payments on purpose)'
        : `  STRIPE_API_URL: must be ${STRIPE_PRODUCTION_API} in production (set STRIPE_TEST_MODE=true to take test payments on purpose)`,
    );
  }
  return { settings: { secretKey, publishableKey, webhookSecret, apiUrl, testMode }, problems };
}
