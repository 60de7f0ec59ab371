/**
 * Health endpoints for load balancers and orchestrators (issue 15 "Health"), on the one-process
 * shop and on the standalone API server, without an API key:
 *
 * - `GET /healthz`: liveness, 200 `{"status":"ok"}` whenever the process serves HTTP.
 * - `GET /readyz`: readiness, 200 `{"status":"ready",...}` when the database answers and its
 *   migrations are current; 503 `{"status":"not-ready","reason":...}` when it does not answer,
 *   its schema is older than this release (before `npm run db:migrate`), or the process is
 *   draining after SIGTERM (so the load balancer stops sending). While the database is gone
 *   (issue 28) it answers `database-unavailable` as fast as the pool fails: at once when the
 *   server refuses connections, else within DATABASE_POOL_WAIT_MS or
 *   DATABASE_STATEMENT_TIMEOUT_MS (at most {@link READINESS_TIMEOUT_MS}).
 *
 * The bodies name no host, user or version beyond migration counts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { withStatementDeadline, type Database } from './db/client.ts';
import { schemaStatus } from './db/migrate.ts';

/** Path of the liveness probe. */
export const HEALTHZ_PATH = '/healthz';
/** Path of the readiness probe. */
export const READYZ_PATH = '/readyz';

/** Milliseconds `/readyz` waits for the database before answering 503. */
export const READINESS_TIMEOUT_MS = 5_000;

/** An answer of a probe: HTTP status and JSON body. */
export interface ProbeAnswer {
  status: 200 | 503;
  body: Record<string, unknown>;
}

/** The probes of one server process. */
export interface Health {
  /** `/healthz`: always 200 while serving. */
  liveness(): ProbeAnswer;
  /** `/readyz`: 200 when ready (see module docs), else 503 with a reason. */
  readiness(): Promise<ProbeAnswer>;
  /** From now on `/readyz` answers 503 `draining` (called on SIGTERM). */
  startDraining(): void;
  /** True after {@link startDraining}. */
  readonly draining: boolean;
  /**
   * Node request listener for both paths (GET and HEAD); returns false, having done nothing,
   * for any other request.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/**
 * Creates the probes of a process.
 * @param db the database to check; undefined for a storefront without one (API_URL mode), which
 *   is ready unless draining.
 */
export function createHealth(db: Database | undefined): Health {
  let draining = false;
  const readiness = async (): Promise<ProbeAnswer> => {
    if (draining) return { status: 503, body: { status: 'not-ready', reason: 'draining' } };
    if (!db) return { status: 200, body: { status: 'ready' } };
    let timer: NodeJS.Timeout | undefined;
    try {
      const status = await Promise.race([
        // The request deadline (DATABASE_STATEMENT_TIMEOUT_MS) holds here too (issue 28).
        withStatementDeadline(() => schemaStatus(db)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READINESS_TIMEOUT_MS);
        }),
      ]);
      const migrations = { applied: status.applied, expected: status.expected };
      return status.current
        ? { status: 200, body: { status: 'ready', database: 'up', migrations } }
        : {
            status: 503,
            body: { status: 'not-ready', reason: 'migrations-pending', database: 'up', migrations },
          };
    } catch {
      return { status: 503, body: { status: 'not-ready', reason: 'database-unavailable' } };
    } finally {
      clearTimeout(timer);
    }
  };
  const send = (res: ServerResponse, answer: ProbeAnswer, head: boolean) => {
    res.statusCode = answer.status;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(head ? undefined : JSON.stringify(answer.body));
  };
  return {
    liveness: () => ({ status: 200, body: { status: 'ok' } }),
    readiness,
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const path = (req.url ?? '').split('?')[0];
      const head = req.method === 'HEAD';
      if (path === HEALTHZ_PATH) {
        send(res, { status: 200, body: { status: 'ok' } }, head);
        return true;
      }
      if (path === READYZ_PATH) {
        void readiness().then((answer) => send(res, answer, head));
        return true;
      }
      return false;
    },
  };
}
