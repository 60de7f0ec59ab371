/**
 * A bound on the page renders one server runs at once (issue 23, SSR_CONCURRENCY). Pages are
 * rendered on the one JavaScript thread: with 32 renders interleaved, each holds its data and
 * half-written HTML for 32 times as long, the heap and the garbage collector grow with them,
 * and throughput fell by a fifth to a half (docs/performance.md). Requests beyond the bound wait
 * in arrival order, so under load the first ones finish at full speed instead of all finishing
 * late. A request whose shopper went away while it waited is not rendered.
 */
import type { NextFunction, Request, Response } from 'express';

/** What the queue holds now: renders running and requests waiting (tests, memory report). */
export interface RenderQueueState {
  running: number;
  waiting: number;
}

/** The middleware, with its state for tests. */
export type RenderQueue = ((req: Request, res: Response, next: NextFunction) => void) & {
  state(): RenderQueueState;
};

/**
 * Creates the middleware. A slot is taken when the request reaches it and given back when its
 * response has been written or its connection closed, whichever comes first.
 * @param concurrency renders at once, at least 1 (SSR_CONCURRENCY)
 */
export function renderQueue(concurrency: number): RenderQueue {
  const limit = Math.max(1, Math.floor(concurrency));
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    while (running < limit && waiting.length > 0) {
      const start = waiting.shift()!;
      start();
    }
  };

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    const start = () => {
      if (res.destroyed || req.destroyed) return; // the shopper went away while waiting
      running += 1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once('finish', finish);
      res.once('close', finish);
      next();
    };
    if (running < limit) start();
    else waiting.push(start);
  }) as RenderQueue;
  middleware.state = () => ({ running, waiting: waiting.length });
  return middleware;
}
