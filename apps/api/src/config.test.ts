import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CALLBACK_SECRET } from './config-payments.ts';
import {
  ConfigError,
  DEVELOPMENT_API_KEY,
  DEVELOPMENT_JWT_SECRET,
  DEVELOPMENT_SANDBOX_SECRET,
  derivedCookieSecret,
  loadConfig,
} from './config.ts';

describe('loadConfig', () => {
  it('runs the job queue in the web process except in production with DATABASE_URL (issue 15)', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(loadConfig({}).jobs.inProcess).toBe(true);
    expect(loadConfig({ DATABASE_URL: url }).jobs.inProcess).toBe(true);
    const production = { NODE_ENV: 'production', DATABASE_URL: url };
    const opts = { requireProductionSecrets: false };
    expect(loadConfig(production, opts).jobs.inProcess).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }, opts).jobs.inProcess).toBe(true);
    expect(loadConfig({ ...production, WORKER_IN_PROCESS: 'true' }, opts).jobs.inProcess).toBe(
      true,
    );
    expect(loadConfig({ WORKER_IN_PROCESS: 'false' }).jobs.inProcess).toBe(false);
  });

  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      pgliteDataDir: './data/pglite',
      shopName: 'Trampa',
      apiKey: 'trampa-dev-api-key',
      publicUrl: 'http://localhost:3000',
    });
  });

  it('reads and coerces the variables; empty strings count as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/shop',
      SHOP_NAME: 'Cykelverkstan',
      PGLITE_DATA_DIR: '',
      PUBLIC_URL: 'https://cykel.example/',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/shop');
    expect(config.shopName).toBe('Cykelverkstan');
    expect(config.pgliteDataDir).toBe('./data/pglite');
    expect(config.publicUrl).toBe('https://cykel.example');
  });

  it('reads PGLITE_OPTIMIZING_COMPILER (issue 28): baseline compiler only by default', () => {
    expect(loadConfig({}).pgliteOptimizingCompiler).toBe(false);
    expect(loadConfig({ PGLITE_OPTIMIZING_COMPILER: 'true' }).pgliteOptimizingCompiler).toBe(true);
    expect(() => loadConfig({ PGLITE_OPTIMIZING_COMPILER: 'yes' })).toThrow(
      'PGLITE_OPTIMIZING_COMPILER',
    );
  });

  it('reads PGLITE_SHARED_BUFFERS (issue 28), 16MB by default, sizes only', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('16MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '64MB' }).pgliteSharedBuffers).toBe('64MB');
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '16MB; drop table x' })).toThrow(
      'PGLITE_SHARED_BUFFERS',
    );
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: '0MB' })).toThrow('PGLITE_SHARED_BUFFERS');
  });

  it('reads the consented tags (issue 19): none by default, a GTM container id, an https seal', () => {
    expect(loadConfig({}).tags).toEqual({ gtmId: null, trustSealSrc: null });
    expect(
      loadConfig({ GTM_ID: 'GTM-ABC1234', TRUST_SEAL_SRC: 'https://seal.example/s.js?id=1' }).tags,
    ).toEqual({ gtmId: 'GTM-ABC1234', trustSealSrc: 'https://seal.example/s.js?id=1' });
    expect(() => loadConfig({ GTM_ID: "GTM-1'><script>" })).toThrow('GTM_ID');
    expect(() => loadConfig({ TRUST_SEAL_SRC: 'http://seal.example/s.js' })).toThrow(
      'TRUST_SEAL_SRC',
    );
    expect(() => loadConfig({ TRUST_SEAL_SRC: 'javascript:alert(1)' })).toThrow('TRUST_SEAL_SRC');
  });

  it('reads the market and locale routing settings (issue 4), defaults off and no_prefix', () => {
    expect(loadConfig({}).routing).toEqual({
      marketInPath: false,
      localePrefix: 'no_prefix',
      rootRedirect: null,
      detection: 'root',
      alwaysRedirect: false,
    });
    const config = loadConfig({
      MARKET_IN_PATH: 'true',
      LOCALE_PREFIX_STRATEGY: 'prefix_except_default',
      ROOT_REDIRECT_PATH: '/c/cyklar',
      LOCALE_DETECTION: 'no_prefix',
      LOCALE_ALWAYS_REDIRECT: 'true',
    });
    expect(config.routing).toEqual({
      marketInPath: true,
      localePrefix: 'prefix_except_default',
      rootRedirect: { path: '/c/cyklar', status: 302 },
      detection: 'no_prefix',
      alwaysRedirect: true,
    });
    for (const bad of [
      { MARKET_IN_PATH: 'yes' },
      { LOCALE_PREFIX_STRATEGY: 'prefix_all' },
      { ROOT_REDIRECT_PATH: '//evil.example' },
      { ROOT_REDIRECT_PATH: 'https://evil.example' },
      { ROOT_REDIRECT_STATUS: '200' },
    ]) {
      expect(() => loadConfig(bad)).toThrow(Object.keys(bad)[0]);
    }
  });

  it('names every bad variable in its error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', API_KEY: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="70000"');
      expect(message).toContain('DATABASE_URL="mysql://x"');
      expect(message).toContain('API_KEY="short"');
      return;
    }
    throw new Error('expected a ConfigError');
  });

  describe('production guards (issue 13 §1, §10, §20)', () => {
    const secrets = { API_KEY: 'k'.repeat(32), AUTH_JWT_SECRET: 's'.repeat(32) };

    it('refuses to start with the development API key, naming it', () => {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: secrets.AUTH_JWT_SECRET }),
      ).toThrow(/development secrets:\n {2}API_KEY/);
      expect(() =>
        loadConfig({ ...secrets, NODE_ENV: 'production', API_KEY: DEVELOPMENT_API_KEY }),
      ).toThrow(/API_KEY/);
    });

    it('signs cookies with COOKIE_SECRETS, else with a key derived from AUTH_JWT_SECRET', () => {
      const derived = loadConfig({ ...secrets, NODE_ENV: 'production' }).auth.cookieSecrets;
      expect(derived).toEqual([derivedCookieSecret(secrets.AUTH_JWT_SECRET)]);
      expect(derived[0]).not.toBe(secrets.AUTH_JWT_SECRET);
      expect(derived[0]).not.toBe(derivedCookieSecret(DEVELOPMENT_JWT_SECRET));
      // Production without AUTH_JWT_SECRET refuses to start, so it never signs with a dev key.
      expect(() => loadConfig({ NODE_ENV: 'production', API_KEY: secrets.API_KEY })).toThrow(
        /AUTH_JWT_SECRET/,
      );
      const rotated = loadConfig({ COOKIE_SECRETS: ` ${'n'.repeat(32)}, ${'o'.repeat(32)} ` });
      expect(rotated.auth.cookieSecrets).toEqual(['n'.repeat(32), 'o'.repeat(32)]);
      expect(() => loadConfig({ COOKIE_SECRETS: 'short' })).toThrow(/COOKIE_SECRETS/);
    });

    it('keeps the payment sandbox off in production unless asked, then with its own secret', () => {
      const production = loadConfig({ ...secrets, NODE_ENV: 'production' });
      expect(production.payments.sandbox).toBe(false);
      expect(production.graphql.introspection).toBe(false);
      expect(() =>
        loadConfig({ ...secrets, NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }),
      ).toThrow(/PAYMENT_SANDBOX_SECRET/);
      expect(() =>
        loadConfig({
          ...secrets,
          NODE_ENV: 'production',
          PAYMENT_SANDBOX: 'true',
          PAYMENT_SANDBOX_SECRET: DEVELOPMENT_SANDBOX_SECRET,
        }),
      ).toThrow(/PAYMENT_SANDBOX_SECRET/);
      const withSandbox = loadConfig({
        ...secrets,
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_SECRET: 'p'.repeat(32),
        GRAPHQL_INTROSPECTION: 'true',
      });
      expect(withSandbox.payments).toMatchObject({ sandbox: true, sandboxSecret: 'p'.repeat(32) });
      expect(withSandbox.payments.kustom).toBeNull();
      expect(withSandbox.graphql.introspection).toBe(true);
    });

    it('has the sandbox and introspection on by default in development and test', () => {
      for (const NODE_ENV of ['development', 'test']) {
        const config = loadConfig({ NODE_ENV });
        expect(config.payments).toEqual({
          sandbox: true,
          sandboxSecret: DEVELOPMENT_SANDBOX_SECRET,
          kustom: null,
          stripe: null,
          callbackSecret: DEVELOPMENT_CALLBACK_SECRET,
        });
        expect(config.graphql.introspection).toBe(true);
      }
      expect(loadConfig({ PAYMENT_SANDBOX: 'false' }).payments.sandbox).toBe(false);
    });
  });
});

describe('operations settings (issue 15)', () => {
  const secrets = {
    API_KEY: 'operator-api-key-123',
    AUTH_JWT_SECRET: 'operator-jwt-secret-0123456789abcdefgh',
  };
  it('migrates at start on the embedded database and outside production, not in production with DATABASE_URL', () => {
    expect(loadConfig({}).migrateOnStart).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/shop' }).migrateOnStart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).migrateOnStart).toBe(true);
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/shop', ...secrets };
    expect(loadConfig(production).migrateOnStart).toBe(false);
    expect(loadConfig({ ...production, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
  });

  it('reads prepared statements and the shutdown timings, default on, 0 s and 25 s', () => {
    expect(loadConfig({})).toMatchObject({
      databasePreparedStatements: true,
      shutdown: { delayMs: 0, timeoutMs: 25_000 },
    });
    expect(
      loadConfig({
        DATABASE_PREPARED_STATEMENTS: 'false',
        SHUTDOWN_DELAY_SECONDS: '5',
        SHUTDOWN_TIMEOUT_SECONDS: '10',
      }),
    ).toMatchObject({
      databasePreparedStatements: false,
      shutdown: { delayMs: 5_000, timeoutMs: 10_000 },
    });
    expect(() => loadConfig({ MIGRATE_ON_START: 'yes' })).toThrow(/MIGRATE_ON_START/);
  });

  it('takes the seller from the environment: the made-up example outside production, nothing made up in production', () => {
    const seller = {
      SHOP_LEGAL_NAME: 'Cykelbolaget i Umeå AB',
      SHOP_ORGANISATION_NUMBER: '556016-0680',
      SHOP_ADDRESS: 'Storgatan 2, 903 26 Umeå',
      SHOP_EMAIL: 'hej@cykelbolaget.example',
      SHOP_PHONE: '090-12 34 56',
    };
    const production = { requireProductionSecrets: false };
    const identity = {
      legalName: 'Cykelbolaget i Umeå AB',
      organisationNumber: '556016-0680',
      vatNumber: 'SE556016068001',
      address: 'Storgatan 2, 903 26 Umeå',
      email: 'hej@cykelbolaget.example',
      phone: '090-12 34 56',
    };
    expect(loadConfig(seller).seller).toEqual(identity);
    expect(loadConfig({ ...seller, NODE_ENV: 'production' }, production).seller).toEqual(identity);
    expect(loadConfig({}).seller).toEqual({
      legalName: 'Trampa AB',
      organisationNumber: '556677-8899',
      vatNumber: 'SE556677889901',
      address: 'Storgatan 1, 111 22 Stockholm',
      email: 'kundtjanst@trampa.example',
      phone: '010-123 45 67',
    });
    // Production without them: nothing made up; one set, the rest still null.
    expect(loadConfig({ NODE_ENV: 'production' }, production).seller).toEqual({
      legalName: null,
      organisationNumber: null,
      vatNumber: null,
      address: null,
      email: null,
      phone: null,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', SHOP_EMAIL: 'hej@cykel.example' }, production).seller,
    ).toMatchObject({ email: 'hej@cykel.example', legalName: null, phone: null });
    // The check digit is checked (organisationsnummer); e-mail and phone are validated.
    expect(() => loadConfig({ SHOP_ORGANISATION_NUMBER: '556016-0681' })).toThrow(
      /SHOP_ORGANISATION_NUMBER/,
    );
    expect(() => loadConfig({ SHOP_EMAIL: 'kundtjanst' })).toThrow(/SHOP_EMAIL/);
    expect(() => loadConfig({ SHOP_PHONE: 'ring oss' })).toThrow(/SHOP_PHONE/);
  });
});
