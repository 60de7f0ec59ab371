import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './build-if-stale.ts';

describe('npm start configuration check', () => {
  it('exits with code 1 and names the bad variable before doing anything else', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="not-a-port"');
  });
});

describe('per-installation secrets of npm start on the embedded database', () => {
  it('creates random secrets once beside the data folder and reuses them', async () => {
    const { mkdtempSync, readFileSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { applyLocalSecrets } = await import('./local-secrets.ts');
    const dir = mkdtempSync(join(tmpdir(), 'trampa-secrets-'));
    const env: Record<string, string | undefined> = {
      NODE_ENV: 'production',
      PGLITE_DATA_DIR: join(dir, 'pglite'),
      API_KEY: 'operator-chosen-key',
    };
    const path = applyLocalSecrets(env);
    expect(path).toBe(join(dir, 'secrets.json'));
    expect(env.API_KEY).toBe('operator-chosen-key');
    expect(env.AUTH_JWT_SECRET).toMatch(/^[\w-]{43}$/);
    expect(statSync(path!).mode & 0o777).toBe(0o600);
    const again: Record<string, string | undefined> = { ...env, AUTH_JWT_SECRET: undefined };
    applyLocalSecrets(again);
    expect(again.AUTH_JWT_SECRET).toBe(env.AUTH_JWT_SECRET);
    expect(JSON.parse(readFileSync(path!, 'utf8')).PAYMENT_SANDBOX_SECRET).toBe(
      env.PAYMENT_SANDBOX_SECRET,
    );
    expect(applyLocalSecrets({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x/y' })).toBe(
      null,
    );
  });
});

describe('npm start in production (issue 15)', () => {
  it('exits 1 naming the secrets when the development API key would be used', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        API_KEY: 'trampa-dev-api-key',
        AUTH_JWT_SECRET: undefined,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Refusing to start in production with development secrets');
    expect(result.stderr).toContain('API_KEY: must be set in production');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'exits 1 telling to run npm run db:migrate when the database schema is behind',
    async () => {
      const { createScratchDatabase } = await import('../apps/api/test/test-db.ts');
      const scratch = await createScratchDatabase('start');
      try {
        const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
          cwd: repoRoot,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATABASE_URL: scratch.url,
            API_KEY: 'start-test-api-key',
            AUTH_JWT_SECRET: 'start-test-jwt-secret-0123456789abcdef',
            MIGRATE_ON_START: undefined,
            PORT: '39917',
          },
          encoding: 'utf8',
          timeout: 300_000,
        });
        expect(result.status, result.stdout + result.stderr).toBe(1);
        expect(result.stderr).toContain('Run `npm run db:migrate`');
        expect(result.stderr).toContain('0 of');
      } finally {
        await scratch.drop();
      }
    },
    320_000,
  );
});
