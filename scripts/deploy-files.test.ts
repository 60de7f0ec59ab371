/**
 * The deployment files (issue 15): `.env.example` names every secret production needs and
 * starts nothing unedited; the Dockerfile, compose.yaml and package.json run bundles that
 * `npm run build:server` makes; the supported Node versions agree. (The image itself cannot be
 * built here: no Docker engine on the CI machines.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../apps/api/src/config.ts';
import { repoRoot } from './build-if-stale.ts';
import { SERVER_ENTRIES } from './build-server.ts';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

describe('.env.example', () => {
  const example = parseEnv(read('.env.example'));
  const production = {
    ...example,
    NODE_ENV: 'production',
    DATABASE_URL: `postgres://trampa:${example.POSTGRES_PASSWORD}@db:5432/trampa`,
  };

  it('leaves the secrets empty, so an unedited copy refuses to start in production', () => {
    expect(() => loadConfig(production)).toThrow(/API_KEY[\s\S]*AUTH_JWT_SECRET/);
    expect(example.POSTGRES_PASSWORD).toBe('');
  });

  it('names every secret production requires: filled in, the configuration loads', () => {
    const filled = Object.fromEntries(
      Object.entries(production).map(([name, value]) => [
        name,
        value === '' ? `${name.toLowerCase()}-0123456789abcdefghijklmnopqrstuvwxyz` : value,
      ]),
    );
    expect(loadConfig(filled).nodeEnv).toBe('production');
  });
});

describe('Dockerfile, compose.yaml and the production scripts', () => {
  const dockerfile = read('Dockerfile');
  const compose = read('compose.yaml');
  const manifest = JSON.parse(read('package.json')) as {
    scripts: Record<string, string>;
    engines: { node: string };
  };

  it('builds on node:24-slim and runs plain node as user node with a health check', () => {
    expect(dockerfile.match(/^FROM node:24-slim AS \w+$/gm)).toHaveLength(2);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(runtime).toMatch(/^ENV NODE_ENV=production\b/m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^EXPOSE 3000$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    // The same node flags as `npm run start:prod` (heap bounds of issue 28).
    const cmd = /^CMD (\[.*\])$/m.exec(runtime)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(manifest.scripts['start:prod']?.split(' '));
    expect(cmd).toMatch(/"--max-old-space-size=\d+".*"dist\/server\.js"\]$/);
    expect(runtime).not.toMatch(/\btsx\b/);
  });

  it('runs only bundles that build:server makes', () => {
    const bundles = new Set(Object.keys(SERVER_ENTRIES).map((name) => `dist/${name}.js`));
    const mentioned = [dockerfile, compose, ...Object.values(manifest.scripts)].flatMap((text) =>
      [...text.matchAll(/dist\/[\w-]+\.js/g)].map((match) => match[0]),
    );
    expect(mentioned.length).toBeGreaterThan(3);
    expect(mentioned.filter((path) => !bundles.has(path))).toEqual([]);
    expect(compose).toMatch(/condition: service_completed_successfully/);
  });

  it('supports Node 20.19+, 22.12+ and 24+ in every package, with .nvmrc on 24', () => {
    for (const file of ['apps/api/package.json', 'apps/storefront/package.json']) {
      expect((JSON.parse(read(file)) as typeof manifest).engines).toEqual(manifest.engines);
    }
    expect(manifest.engines.node).toBe('^20.19 || ^22.12 || >=24');
    expect(read('.nvmrc').trim()).toBe('24');
  });
});
