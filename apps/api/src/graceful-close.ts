/**
 * Graceful close of an HTTP server (issue 15 "Shutdown"): on SIGTERM a server instance first
 * answers `/readyz` with 503 and marks every response `Connection: close` (clients and load
 * balancers reconnect elsewhere), keeps serving for SHUTDOWN_DELAY_SECONDS, then stops
 * accepting, lets requests in flight finish for up to SHUTDOWN_TIMEOUT_SECONDS (idle kept-alive
 * connections are closed as they go idle) and only then cuts what is left.
 */
import type { Server } from 'node:http';
import type { Database } from './db/client.ts';
import type { Health } from './health.ts';
import { stopBackgroundBuilds } from './modules/catalog/facet-postings.ts';

/** Timings of {@link DrainableServer.close} (config.shutdown). */
export interface DrainOptions {
  /** Milliseconds to keep serving after draining started (readiness 503 meanwhile). */
  delayMs: number;
  /** Milliseconds requests in flight get after the listener closed. */
  timeoutMs: number;
}

/** A server that can be closed gracefully. */
export interface DrainableServer {
  /**
   * Drains and closes the server (idempotent: later calls get the first call's promise).
   * @returns true when every request in flight finished, false when some were cut at the timeout.
   */
  close(options: DrainOptions): Promise<boolean>;
}

/** Milliseconds between sweeps of connections that went idle while draining. */
const IDLE_SWEEP_MS = 100;

/**
 * Prepares `server` for a graceful close; call it when the server is created (it adds a
 * request listener that must run before the application's).
 * @param health its readiness turns 503 when draining starts
 */
export function drainable(server: Server, health?: Health): DrainableServer {
  let closing: Promise<boolean> | undefined;
  let draining = false;
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('Connection', 'close');
  });
  const drain = async ({ delayMs, timeoutMs }: DrainOptions): Promise<boolean> => {
    draining = true;
    health?.startDraining();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      closed.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      }),
    ]);
    clearInterval(sweep);
    clearTimeout(timer);
    if (!finished) {
      server.closeAllConnections();
      await closed;
    }
    return finished;
  };
  return {
    close(options) {
      closing ??= drain(options);
      return closing;
    },
  };
}

/**
 * Stops this process's background work on `db` (facet and price postings builds: no new one
 * starts, running ones get up to `timeoutMs` to end) before the caller closes the pool.
 * @returns false when a build was still running at the timeout (closing the pool rolls it back).
 */
export async function stopBackgroundWork(db: Database, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    stopBackgroundBuilds(db).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  return ended;
}
