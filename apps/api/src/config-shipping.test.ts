/**
 * nShift's configuration (issue 43; ADR 020 §2; config-shipping.ts): off unless the API key's ID
 * and secret ID and the Delivery Checkout id are set (the shop's own options then); production
 * takes only nShift's API and no development key unless NSHIFT_TEST_MODE says test parcels are
 * meant.
 */
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_NSHIFT_KEY_ID, NSHIFT_PRODUCTION_API } from './config-shipping.ts';
import { loadConfig } from './config.ts';

const secrets = { API_KEY: 'k'.repeat(32), AUTH_JWT_SECRET: 's'.repeat(32) };
const nshift = {
  NSHIFT_API_KEY_ID: 'WPWHV5VISQK7NZTN',
  NSHIFT_API_KEY_SECRET: 'VIGI53KEQHCN7FRGBF2HDDA7',
  NSHIFT_DELIVERY_CHECKOUT_ID: 'ECE27D51-614D-4339-9728-4113E16B87FF',
};

describe('nShift configuration', () => {
  it('is off without credentials (own shipping options), and refuses a partial set', () => {
    expect(loadConfig({}).shipping.nshift).toBeNull();
    expect(() => loadConfig({ NSHIFT_API_KEY_ID: 'x' })).toThrow(
      /NSHIFT_API_KEY_ID, NSHIFT_API_KEY_SECRET and NSHIFT_DELIVERY_CHECKOUT_ID must be set together/,
    );
    expect(() => loadConfig({ ...nshift, NSHIFT_DELIVERY_CHECKOUT_ID: 'not-a-uuid' })).toThrow(
      /NSHIFT_DELIVERY_CHECKOUT_ID.*must be a UUID/,
    );
  });

  it('defaults to nShift’s API and sender 1, and reads the sender and another API base', () => {
    expect(loadConfig(nshift).shipping.nshift).toEqual({
      apiUrl: NSHIFT_PRODUCTION_API,
      keyId: nshift.NSHIFT_API_KEY_ID,
      keySecret: nshift.NSHIFT_API_KEY_SECRET,
      deliveryCheckoutId: 'ece27d51-614d-4339-9728-4113e16b87ff',
      senderQuickId: '1',
      testMode: false,
    });
    const local = loadConfig({
      ...nshift,
      NSHIFT_SENDER_QUICK_ID: 'SE',
      NSHIFT_API_URL: 'http://127.0.0.1:4010/rs-extapi/v1/',
    }).shipping.nshift;
    expect(local).toMatchObject({
      apiUrl: 'http://127.0.0.1:4010/rs-extapi/v1',
      senderQuickId: 'SE',
      testMode: true,
    });
  });

  it('in production: refuses another API and the development key unless NSHIFT_TEST_MODE', () => {
    const production = { ...secrets, ...nshift, NODE_ENV: 'production' };
    expect(loadConfig(production).shipping.nshift?.testMode).toBe(false);
    expect(() =>
      loadConfig({ ...production, NSHIFT_API_URL: 'http://127.0.0.1:4010/rs-extapi/v1' }),
    ).toThrow(/NSHIFT_API_URL: must be https:\/\/api\.unifaun\.com\/rs-extapi\/v1 in production/);
    expect(() =>
      loadConfig({ ...production, NSHIFT_API_KEY_ID: DEVELOPMENT_NSHIFT_KEY_ID }),
    ).toThrow(/NSHIFT_API_KEY_ID: the development key is refused in production/);
    const test = loadConfig({
      ...production,
      NSHIFT_API_KEY_ID: DEVELOPMENT_NSHIFT_KEY_ID,
      NSHIFT_API_URL: 'http://127.0.0.1:4010/rs-extapi/v1',
      NSHIFT_TEST_MODE: 'true',
    });
    expect(test.shipping.nshift?.testMode).toBe(true);
    // Outside production the development key serves (local stand-ins).
    expect(
      loadConfig({ ...nshift, NSHIFT_API_KEY_ID: DEVELOPMENT_NSHIFT_KEY_ID }).shipping.nshift
        ?.testMode,
    ).toBe(true);
  });
});
