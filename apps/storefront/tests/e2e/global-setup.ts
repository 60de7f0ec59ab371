/**
 * Starts one shop for the browser journeys: builds the storefront if stale, then serves it on a
 * random port with an in-memory PGlite database (migrated and seeded on start).
 */
import type { TestProject } from 'vitest/node';
import { buildIfStale } from '../../../../scripts/build-if-stale.ts';
import { E2E_ENV } from './e2e-env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale();
  process.env.NODE_ENV = 'production';
  const { startServer } = await import('../../server.ts');
  const server = await startServer({
    port: 0,
    env: { ...process.env, ...E2E_ENV },
  });
  project.provide('baseUrl', server.url);
  return () => server.close();
}
