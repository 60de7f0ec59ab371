import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { renderQueue } from './render-queue';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose handler answers when `release(path)` is called, behind a queue of `limit`. */
async function start(limit: number, checkMs = 0) {
  const queue = renderQueue(limit, { checkMs });
  const pending = new Map<string, () => void>();
  const started: string[] = [];
  const app = express();
  app.use(queue);
  app.get('/:name', (req, res) => {
    started.push(req.params.name!);
    pending.set(req.params.name!, () => res.send(req.params.name));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const get = (name: string, signal?: AbortSignal) =>
    fetch(`http://127.0.0.1:${port}/${name}`, { signal }).then((r) => r.text());
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(check()).toBe(true);
  };
  return { queue, pending, started, get, until };
}

describe('renderQueue (issue 23)', () => {
  it('runs at most `limit` requests at once and starts the waiting ones in arrival order', async () => {
    const { queue, pending, started, get, until } = await start(2);
    const answers = ['a', 'b', 'c', 'd'].map((name) => get(name));
    await until(() => started.length === 2 && queue.state().waiting === 2);
    expect(queue.state()).toEqual({ running: 2, waiting: 2 });
    pending.get(started[0]!)!();
    await until(() => started.length === 3);
    pending.get(started[1]!)!();
    await until(() => started.length === 4);
    expect(started.slice(2)).toEqual(
      ['a', 'b', 'c', 'd'].filter((name) => !started.slice(0, 2).includes(name)),
    );
    for (const name of started.slice(2)) pending.get(name)!();
    expect((await Promise.all(answers)).sort()).toEqual(['a', 'b', 'c', 'd']);
    await until(() => queue.state().running === 0);
  });

  it('lets waiting requests in while the renders only wait (the thread is idle)', async () => {
    const { queue, pending, started, get, until } = await start(1, 20);
    const answers = ['a', 'b', 'c'].map((name) => get(name));
    // None has finished, but the thread is idle: each check lets one more in.
    await until(() => started.length === 3);
    expect(queue.state()).toEqual({ running: 3, waiting: 0 });
    for (const name of started) pending.get(name)!();
    expect((await Promise.all(answers)).sort()).toEqual(['a', 'b', 'c']);
  });

  it('does not render a request whose shopper went away while it waited', async () => {
    const { queue, pending, started, get, until } = await start(1);
    const first = get('first');
    await until(() => started.length === 1);
    const controller = new AbortController();
    const gone = get('gone', controller.signal).catch(() => 'aborted');
    await until(() => queue.state().waiting === 1);
    controller.abort();
    expect(await gone).toBe('aborted');
    await new Promise((r) => setTimeout(r, 50));
    pending.get('first')!();
    expect(await first).toBe('first');
    await until(() => queue.state().running === 0 && queue.state().waiting === 0);
    expect(started).toEqual(['first']);
  });
});
