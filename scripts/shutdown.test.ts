/**
 * Issue 15 "Shutdown": a server process under load gets SIGTERM and loses no request. It
 * answers `/readyz` with 503 while draining (SHUTDOWN_DELAY_SECONDS), keeps serving until the
 * listener closes, lets a request still in flight after that finish, and exits 0. Checked for
 * the one-process shop (apps/storefront/server.ts) and the standalone API (apps/api/src/server.ts),
 * each on an in-memory PGlite in a child process. The load client stops sending new requests
 * when the process says it drains, as a load balancer does when readiness fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { E2E_ENV } from '../apps/storefront/tests/e2e/e2e-env.ts';
import { buildIfStale, repoRoot } from './build-if-stale.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

/** A started child process and its output so far. */
interface Child {
  process: ChildProcess;
  output: () => string;
  /** Resolves when the output contains `text`. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

function start(script: string, env: Record<string, string | undefined>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: Array<() => void> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    waitFor(text, timeoutMs = 240_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "${text}" in:\n${output}`)), timeoutMs);
        const check = () => {
          if (output.includes(text)) {
            clearTimeout(timer);
            resolve();
          }
        };
        waiters.push(check);
        void exited.then(() => {
          clearTimeout(timer);
          if (!output.includes(text)) reject(new Error(`exited before "${text}":\n${output}`));
        });
        check();
      });
    },
  };
}

/** A finished request: its status, or the error code when it failed. */
type Outcome = { status: number } | { error: string };

/** One request on its own connection (no keep-alive), like a load balancer's. */
function send(port: number, path: string, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        agent: false,
        headers: {
          'x-apikey': E2E_ENV.API_KEY,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? 'error' }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
    req.end(body);
  });
}

/** Resolves once a TCP connection to `port` is refused (the listener closed). */
async function listenerClosed(port: number): Promise<void> {
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const LIST = JSON.stringify({ query: '{ products(take: 24) { count products { alias name } } }' });

const servers = [
  {
    name: 'the one-process shop',
    script: 'apps/storefront/server.ts',
    ready: 'körs på',
    page: '/',
  },
  { name: 'the standalone API', script: 'apps/api/src/server.ts', ready: '/graphql (', page: null },
];

describe.each(servers)('SIGTERM to $name under load', ({ script, ready, page }) => {
  it('drains: readyz 503, every request answered, one in flight after the close too, exit 0', async () => {
    if (page) buildIfStale();
    const port = await freePort();
    const child = start(script, {
      ...E2E_ENV,
      HOST: '127.0.0.1',
      PORT: String(port),
      SHUTDOWN_DELAY_SECONDS: '4',
    });
    try {
      await child.waitFor(ready);

      // Load: workers send requests back to back until the process says it drains.
      let draining = false;
      const outcomes: Outcome[] = [];
      const worker = async (n: number) => {
        for (let i = 0; !draining; i += 1) {
          const usePage = page !== null && (n + i) % 2 === 0;
          outcomes.push(await (usePage ? send(port, page) : send(port, '/graphql', LIST)));
        }
      };
      const workers = Array.from({ length: 6 }, (_, n) => worker(n));

      // A request whose body is still coming when the listener closes.
      let slowResult: Promise<Outcome> = Promise.resolve({ error: 'not sent' });
      const slow = request({
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        agent: false,
        headers: {
          'x-apikey': E2E_ENV.API_KEY,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(LIST),
        },
      });
      slowResult = new Promise((resolve) => {
        slow.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () =>
            resolve(text.includes('"count"') ? { status: res.statusCode ?? 0 } : { error: text }),
          );
        });
        slow.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? 'error' }),
        );
      });
      slow.write(LIST.slice(0, 10));
      slow.flushHeaders();

      while (outcomes.length < 20) await new Promise((resolve) => setTimeout(resolve, 50));
      child.process.kill('SIGTERM');
      // (A process that exits at once never says so; the assertions below then show what it cut.)
      await child.waitFor('draining').catch(() => {});
      draining = true;
      const readiness = await send(port, '/readyz');
      const liveness = await send(port, '/healthz');
      await Promise.all(workers);

      await listenerClosed(port);
      slow.end(LIST.slice(10));
      const slowOutcome = await slowResult;
      const code = await child.exited;

      expect(slowOutcome).toEqual({ status: 200 });
      expect(outcomes.filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
      expect(outcomes.length).toBeGreaterThanOrEqual(20);
      expect(readiness).toEqual({ status: 503 });
      expect(liveness).toEqual({ status: 200 });
      expect(code, child.output()).toBe(0);
    } finally {
      child.process.kill('SIGKILL');
    }
  }, 400_000);
});
