/**
 * A bound on the page renders one server runs at once while rendering keeps its one JavaScript
 * thread busy (issue 23, SSR_CONCURRENCY). With 32 renders interleaved, each held its data and
 * half-written HTML for 32 times as long, the heap and the garbage collector grew with them, and
 * throughput fell by a fifth to a half (docs/performance.md). Requests beyond the bound wait in
 * arrival order, so under load the first ones finish at full speed instead of all late.
 *
 * The bound is for CPU, not for waiting: while the thread has time to spare (the renders wait
 * for the database or the API, e.g. a slow database, issue 28), a waiting request is let in
 * every `checkMs` all the same, so a slow database never keeps requests queued behind each
 * other past its own deadline. A request whose shopper went away while it waited is not
 * rendered.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import type { NextFunction, Request, Response } from 'express';

/** What the queue holds now: renders running and requests waiting (tests). */
export interface RenderQueueState {
  running: number;
  waiting: number;
}

/** The middleware, with its state for tests. */
export type RenderQueue = ((req: Request, res: Response, next: NextFunction) => void) & {
  state(): RenderQueueState;
};

/** Options of {@link renderQueue}. */
export interface RenderQueueOptions {
  /**
   * How often, in milliseconds, a waiting request may be let in beyond the bound when the
   * thread was idle for more than a fifth of that time (default 50; 0 = never).
   */
  checkMs?: number;
}

/** Share of a check's interval the thread must have been idle to let one more request in. */
const IDLE_SHARE = 0.2;

/**
 * Creates the middleware. A slot is taken when the request reaches it and given back when its
 * response has been written or its connection closed, whichever comes first.
 * @param concurrency renders at once while the thread is busy, at least 1 (SSR_CONCURRENCY)
 */
export function renderQueue(concurrency: number, options: RenderQueueOptions = {}): RenderQueue {
  const limit = Math.max(1, Math.floor(concurrency));
  const checkMs = options.checkMs ?? 50;
  let running = 0;
  const waiting: Array<() => boolean> = [];
  let timer: NodeJS.Timeout | undefined;
  let last: EventLoopUtilization | undefined;

  /** Starts the next waiting request that is still wanted; false when none is left. */
  const startNext = (): boolean => {
    while (waiting.length > 0) {
      if (waiting.shift()!()) return true;
    }
    return false;
  };
  const release = () => {
    running -= 1;
    while (running < limit && startNext()) {
      // started one
    }
  };
  /** Lets one waiting request in when the thread was mostly idle since the last check. */
  const check = () => {
    const now = performance.eventLoopUtilization();
    const idle = last ? 1 - performance.eventLoopUtilization(now, last).utilization : 0;
    last = now;
    if (idle > IDLE_SHARE) startNext();
    if (waiting.length === 0) {
      clearInterval(timer);
      timer = undefined;
      last = undefined;
    }
  };

  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    /** Runs the request; false when its shopper already went away. */
    const start = (): boolean => {
      if (res.destroyed || req.destroyed) return false;
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
      return true;
    };
    if (running < limit) {
      start();
      return;
    }
    waiting.push(start);
    if (checkMs > 0 && !timer) {
      last = performance.eventLoopUtilization();
      timer = setInterval(check, checkMs);
      timer.unref();
    }
  }) as RenderQueue;
  middleware.state = () => ({ running, waiting: waiting.length });
  return middleware;
}
