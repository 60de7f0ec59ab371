import { createServer, request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drainable } from './graceful-close.ts';
import { createHealth } from './health.ts';

/** A server whose requests wait until `release()`; `arrived` resolves at the first request. */
async function heldServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = createServer((req, res) => {
    arrive();
    void released.then(() => res.end('done'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, release, arrived };
}

/** GET / with keep-alive; resolves with the response or the error code. */
function get(port: number): Promise<IncomingMessage | string> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path: '/',
      headers: { connection: 'keep-alive' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

describe('drainable (issue 15 "Shutdown")', () => {
  it('stops accepting, lets the request in flight finish, then closes its kept-alive connection; readiness 503', async () => {
    const { server, port, release, arrived } = await heldServer();
    const health = createHealth(undefined);
    const closer = drainable(server, health);
    const inFlight = get(port);
    await arrived;
    const closed = closer.close({ delayMs: 0, timeoutMs: 60_000 });
    expect(health.draining).toBe(true);
    expect((await health.readiness()).status).toBe(503);
    expect(await get(port)).toBe('ECONNREFUSED');
    release();
    const response = await inFlight;
    expect(typeof response).not.toBe('string');
    expect((response as IncomingMessage).statusCode).toBe(200);
    expect(await closed).toBe(true);
    expect(closer.close({ delayMs: 0, timeoutMs: 1 })).toBe(closed);
  });

  it('cuts a request that outlasts the timeout and reports it', async () => {
    const { server, port, release, arrived } = await heldServer();
    const closer = drainable(server);
    const inFlight = get(port);
    await arrived;
    expect(await closer.close({ delayMs: 0, timeoutMs: 200 })).toBe(false);
    expect(await inFlight).toBe('ECONNRESET');
    release();
  });
});
