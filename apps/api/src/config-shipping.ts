/**
 * The shipping provider's configuration (issue 43; ADR 020 §2): environment variables only.
 * Without them the shop offers its own shipping options (shipping_methods, the default).
 * nShift is on when `NSHIFT_API_KEY_ID`, `NSHIFT_API_KEY_SECRET` and
 * `NSHIFT_DELIVERY_CHECKOUT_ID` are set: the API key's "ID" and "secret ID" (nShift Delivery >
 * Maintenance > API keys, docs/shipping-stand-ins.md N1) and the Delivery Checkout's id (N2).
 * Production refuses another API than nShift's (a stand-in, a proxy) and the documented
 * development key unless `NSHIFT_TEST_MODE=true` says, on purpose, that parcels are test ones.
 */
import { z } from 'zod';

/** nShift Delivery's REST API (N1: "only accessible via HTTPS and … located at api.unifaun.com"). */
export const NSHIFT_PRODUCTION_API = 'https://api.unifaun.com/rs-extapi/v1';

/** The documented development API key id (.env examples, local stand-ins); refused in production. */
export const DEVELOPMENT_NSHIFT_KEY_ID = 'trampa-nshift-development-key';

/** The shipping variables of the environment schema (merged into config.ts's `envSchema`). */
export const shippingEnvShape = {
  /** nShift API key "ID" (Web Services (REST) key); set with the two below. */
  NSHIFT_API_KEY_ID: z.string().min(1).max(200).optional(),
  /** nShift API key "secret ID". */
  NSHIFT_API_KEY_SECRET: z.string().min(1).max(500).optional(),
  /** The Delivery Checkout id of the set-up in nShift Delivery (a UUID, N2). */
  NSHIFT_DELIVERY_CHECKOUT_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')
    .optional(),
  /** The sender's quick id in nShift Delivery's address book (N4 `sender.quickId`); default `1`. */
  NSHIFT_SENDER_QUICK_ID: z.string().min(1).max(50).optional(),
  /** Another API base (a local stand-in in tests); default https://api.unifaun.com/rs-extapi/v1. */
  NSHIFT_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** `true`: a production shop may use another API or the development key: test parcels. */
  NSHIFT_TEST_MODE: z.enum(['true', 'false']).optional(),
};

/** nShift as configured. */
export interface NshiftSettings {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  deliveryCheckoutId: string;
  senderQuickId: string;
  /** True with another API base or the development key: parcels are not real. */
  testMode: boolean;
}

type ShippingEnv = { [K in keyof typeof shippingEnvShape]?: string };

/**
 * nShift's settings from the environment, null when it is not configured (the shop's own
 * options are used).
 * @returns problems (one line each, `NAME: why`) for the caller's ConfigError
 */
export function nshiftSettings(
  env: ShippingEnv,
  production: boolean,
): { settings: NshiftSettings | null; problems: string[] } {
  const problems: string[] = [];
  const {
    NSHIFT_API_KEY_ID: keyId,
    NSHIFT_API_KEY_SECRET: keySecret,
    NSHIFT_DELIVERY_CHECKOUT_ID: deliveryCheckoutId,
  } = env;
  if (!keyId && !keySecret && !deliveryCheckoutId) return { settings: null, problems };
  if (!keyId || !keySecret || !deliveryCheckoutId) {
    problems.push(
      '  NSHIFT_API_KEY_ID, NSHIFT_API_KEY_SECRET and NSHIFT_DELIVERY_CHECKOUT_ID must be set together (or none)',
    );
    return { settings: null, problems };
  }
  const apiUrl = (env.NSHIFT_API_URL ?? NSHIFT_PRODUCTION_API).replace(/\/$/, '');
  const developmentKey = keyId === DEVELOPMENT_NSHIFT_KEY_ID;
  const testMode = developmentKey || apiUrl !== NSHIFT_PRODUCTION_API;
  if (production && testMode && env.NSHIFT_TEST_MODE !== 'true') {
    problems.push(
      developmentKey
        ? '  NSHIFT_API_KEY_ID: the development key is refused in production (set NSHIFT_TEST_MODE=true to book test parcels on purpose)'
        : `  NSHIFT_API_URL: must be ${NSHIFT_PRODUCTION_API} in production (set NSHIFT_TEST_MODE=true to book test parcels on purpose)`,
    );
  }
  if (production && !apiUrl.startsWith('https://') && env.NSHIFT_TEST_MODE !== 'true') {
    problems.push('  NSHIFT_API_URL: must be https in production');
  }
  return {
    settings: {
      apiUrl,
      keyId,
      keySecret,
      deliveryCheckoutId: deliveryCheckoutId.toLowerCase(),
      senderQuickId: env.NSHIFT_SENDER_QUICK_ID ?? '1',
      testMode,
    },
    problems,
  };
}
