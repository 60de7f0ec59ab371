/**
 * A TCP proxy a test controls (issue 28), for a server that reaches PostgreSQL through it:
 * `cut()` destroys every connection and refuses new ones (as a database that lost power),
 * `restore()` accepts again, `setLatency(ms)` delays every chunk forwarded in either direction
 * (a slow network or database). Listens on 127.0.0.1 only.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** A running proxy. */
export interface TcpProxy {
  /** The local port (the same after `cut()` and `restore()`). */
  readonly port: number;
  /** `url` with its host and port replaced by this proxy's. */
  urlThrough(url: string): string;
  /** Destroys every open connection and refuses new ones until {@link restore}. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  /** Milliseconds each forwarded chunk waits (0: none). Applies to open connections too. */
  setLatency(ms: number): void;
  /** Connections accepted so far. */
  readonly accepted: number;
  close(): Promise<void>;
}

/**
 * Starts a proxy from 127.0.0.1:`port` (0: any free port) to `target`.
 */
export async function startTcpProxy(
  target: { host: string; port: number },
  port = 0,
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let latencyMs = 0;
  let accepted = 0;
  let server: Server | undefined;

  /** Forwards `from` to `to`, each chunk after the latency of the moment, in order. */
  const pipe = (from: Socket, to: Socket) => {
    let queue = Promise.resolve();
    from.on('data', (chunk: Buffer) => {
      const delay = latencyMs;
      if (delay === 0) {
        queue = queue.then(() => {
          if (!to.destroyed) to.write(chunk);
        });
        return;
      }
      const due = Date.now() + delay;
      queue = queue.then(
        () =>
          new Promise<void>((resolve) => {
            setTimeout(
              () => {
                if (!to.destroyed) to.write(chunk);
                resolve();
              },
              Math.max(0, due - Date.now()),
            );
          }),
      );
    });
    from.on('end', () => void queue.then(() => to.end()));
  };

  const listen = (onPort: number) =>
    new Promise<Server>((resolve, reject) => {
      const next = createServer((client) => {
        accepted += 1;
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        pipe(client, upstream);
        pipe(upstream, client);
      });
      next.once('error', reject);
      next.listen(onPort, '127.0.0.1', () => resolve(next));
    });

  server = await listen(port);
  const actualPort = (server.address() as { port: number }).port;

  const stop = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  return {
    port: actualPort,
    urlThrough(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(actualPort);
      return parsed.toString();
    },
    cut: stop,
    async restore() {
      if (!server) server = await listen(actualPort);
    },
    setLatency(ms) {
      latencyMs = ms;
    },
    get accepted() {
      return accepted;
    },
    close: stop,
  };
}
