/**
 * Kustom's configuration (issue 42; ADR 019 §6; config-payments.ts): off unless both credentials
 * are set; production takes only Kustom's production API unless KUSTOM_TEST_MODE says test
 * payments are meant; the callback secret is a production secret once Kustom is on; markets.
 */
import { describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_CALLBACK_SECRET,
  KUSTOM_PRODUCTION_API,
  STRIPE_PRODUCTION_API,
} from './config-payments.ts';
import { loadConfig } from './config.ts';

const secrets = { API_KEY: 'k'.repeat(32), AUTH_JWT_SECRET: 's'.repeat(32) };
const kustom = { KUSTOM_USERNAME: 'PK12345_abc', KUSTOM_PASSWORD: 'secret-password' };

describe('Kustom configuration', () => {
  it('is off without credentials, and refuses one credential without the other', () => {
    expect(loadConfig({}).payments.kustom).toBeNull();
    expect(() => loadConfig({ KUSTOM_USERNAME: 'PK1' })).toThrow(
      /KUSTOM_USERNAME and KUSTOM_PASSWORD must be set together/,
    );
  });

  it('defaults to the production API and SE:SEK, and reads other markets', () => {
    const config = loadConfig(kustom);
    expect(config.payments.kustom).toEqual({
      apiUrl: KUSTOM_PRODUCTION_API,
      username: kustom.KUSTOM_USERNAME,
      password: kustom.KUSTOM_PASSWORD,
      markets: [{ country: 'SE', currency: 'SEK' }],
      testMode: false,
    });
    const nordic = loadConfig({ ...kustom, KUSTOM_MARKETS: 'SE:SEK,FI:EUR,NO:NOK' });
    expect(nordic.payments.kustom!.markets).toEqual([
      { country: 'SE', currency: 'SEK' },
      { country: 'FI', currency: 'EUR' },
      { country: 'NO', currency: 'NOK' },
    ]);
    expect(() => loadConfig({ ...kustom, KUSTOM_MARKETS: 'sweden' })).toThrow(/KUSTOM_MARKETS/);
  });

  it('in production: refuses the playground unless KUSTOM_TEST_MODE, and needs its own callback secret', () => {
    const production = { ...secrets, ...kustom, NODE_ENV: 'production' };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_CALLBACK_SECRET/);
    expect(() =>
      loadConfig({ ...production, PAYMENT_CALLBACK_SECRET: DEVELOPMENT_CALLBACK_SECRET }),
    ).toThrow(/PAYMENT_CALLBACK_SECRET/);
    const live = loadConfig({ ...production, PAYMENT_CALLBACK_SECRET: 'c'.repeat(32) });
    expect(live.payments).toMatchObject({
      callbackSecret: 'c'.repeat(32),
      kustom: { apiUrl: KUSTOM_PRODUCTION_API, testMode: false },
    });
    const playground = {
      ...production,
      PAYMENT_CALLBACK_SECRET: 'c'.repeat(32),
      KUSTOM_API_URL: 'https://api.playground.kustom.co',
    };
    expect(() => loadConfig(playground)).toThrow(
      /KUSTOM_API_URL: must be https:\/\/api\.kustom\.co in production/,
    );
    expect(loadConfig({ ...playground, KUSTOM_TEST_MODE: 'true' }).payments.kustom).toMatchObject({
      apiUrl: 'https://api.playground.kustom.co',
      testMode: true,
    });
    // Outside production the development callback key serves.
    expect(loadConfig(kustom).payments.callbackSecret).toBe(DEVELOPMENT_CALLBACK_SECRET);
  });
});

const stripeTest = {
  STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
};
const stripeLive = {
  STRIPE_SECRET_KEY: 'sk_live_51abcDEF',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
};

describe('Stripe configuration', () => {
  it('is off without keys, and needs all three together, of one mode', () => {
    expect(loadConfig({}).payments.stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    );
    expect(() => loadConfig({ ...stripeTest, STRIPE_PUBLISHABLE_KEY: 'pk_live_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be of the same mode/,
    );
    expect(() => loadConfig({ ...stripeTest, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(loadConfig(stripeTest).payments.stripe).toEqual({
      secretKey: 'sk_test_51abcDEF',
      publishableKey: 'pk_test_51abcDEF',
      webhookSecret: 'whsec_0123456789',
      apiUrl: STRIPE_PRODUCTION_API,
      testMode: true,
    });
  });

  it('in production: refuses test keys and another API unless STRIPE_TEST_MODE', () => {
    const production = { ...secrets, NODE_ENV: 'production' };
    expect(() => loadConfig({ ...production, ...stripeTest })).toThrow(
      /STRIPE_SECRET_KEY: test keys are refused in production/,
    );
    expect(
      loadConfig({ ...production, ...stripeTest, STRIPE_TEST_MODE: 'true' }).payments.stripe,
    ).toMatchObject({ testMode: true });
    expect(loadConfig({ ...production, ...stripeLive }).payments.stripe).toMatchObject({
      apiUrl: STRIPE_PRODUCTION_API,
      testMode: false,
    });
    expect(() =>
      loadConfig({ ...production, ...stripeLive, STRIPE_API_URL: 'http://127.0.0.1:9' }),
    ).toThrow(/STRIPE_API_URL: must be https:\/\/api\.stripe\.com in production/);
  });
});
