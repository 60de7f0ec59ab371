/**
 * The worker loop of the job queue (issue 15 "Jobs", ADR 011): claims due jobs one at a time
 * (queue.ts), runs their handler (handlers.ts), and records the outcome. It runs inside the web
 * process on the embedded database and in development (WORKER_IN_PROCESS, default), and as
 * `npm run worker` (src/worker.ts) in production with DATABASE_URL. Any number of runners may
 * share a database: claims skip each other's locked rows.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { Logger } from '../../log.ts';
import { JOB_HANDLERS, type JobHandler, type JobLog } from './handlers.ts';
import { POSTINGS_SCAN_JOB, PRICE_STAMP_JOB } from './job-kinds.ts';
import { RESTOCK_SCAN_JOB } from '../engagement/engagement-jobs.ts';
import { PAYMENT_RECONCILE_JOB } from '../checkout/payment-reconcile.run.ts';
import {
  backoffMs,
  claimJob,
  completeJob,
  enqueueJob,
  extendLease,
  failJob,
  onJobEnqueued,
  pruneJobs,
  releaseJob,
  type JobRecord,
} from './queue.ts';

/** Options of {@link JobRunner}. */
export interface JobRunnerOptions {
  db: Database;
  /** The shop's configuration; the mail jobs need it (index builds do not). */
  config?: Config | undefined;
  /** Default console. */
  log?: JobLog;
  /** Names this worker in `locked_by`; default `<host>:<pid>:<random>`. */
  workerId?: string;
  /** Milliseconds between polls when idle. Default 1000. */
  pollMs?: number;
  /** Milliseconds a claim is held before another worker may take the job. Default 5 minutes. */
  leaseMs?: number;
  /** Only these kinds (default every kind of {@link JOB_HANDLERS}). */
  kinds?: readonly string[];
  /** Handlers by kind (tests); default {@link JOB_HANDLERS}. */
  handlers?: Readonly<Record<string, JobHandler>>;
  /** Delay after failed attempt n; default queue.ts `backoffMs`. */
  backoff?: (attempt: number) => number;
  /** The clock (tests); default `new Date()`. */
  now?: () => Date;
}

/** What {@link JobRunner.runOne} did. */
export type RunResult = 'none' | 'done' | 'retry' | 'failed' | 'lost';

const PRUNE_EVERY_MS = 3_600_000;

/** The longest pause between polls while the database is unavailable (milliseconds). */
export const MAX_UNAVAILABLE_BACKOFF_MS = 15_000;

/**
 * Milliseconds to wait after the `streak`-th poll in a row that failed because the database is
 * unavailable: the poll interval doubled per failure, at most {@link MAX_UNAVAILABLE_BACKOFF_MS}.
 */
export function unavailableBackoffMs(pollMs: number, streak: number): number {
  return Math.min(MAX_UNAVAILABLE_BACKOFF_MS, pollMs * 2 ** Math.min(streak, 16));
}

/** A {@link JobLog} writing to a pino logger (structured lines, issue 15). */
export function jobLog(logger: Logger): JobLog {
  return {
    info: (message, details) => logger.info(details ?? {}, message),
    error: (message, details) => logger.error(details ?? {}, message),
  };
}

/**
 * Claims and runs jobs. `start()` runs a polling loop in the background; `runUntilIdle()` runs
 * due jobs now (tests, the CLI); `stop()` ends the loop after the running job.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly db: Database;
  private readonly config: Config | undefined;
  private readonly log: JobLog;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly kinds: readonly string[];
  private readonly handlers: Readonly<Record<string, JobHandler>>;
  private readonly backoff: (attempt: number) => number;
  private readonly now: () => Date;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wakeUp: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private current: { job: JobRecord; run: Promise<RunResult> } | null = null;
  private lastPrune = 0;
  /** Polls in a row that failed because the database is unavailable. */
  private unavailableStreak = 0;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.config = options.config;
    this.log = options.log ?? console;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 300_000;
    this.handlers = options.handlers ?? JOB_HANDLERS;
    this.kinds = options.kinds ?? Object.keys(this.handlers);
    this.backoff = options.backoff ?? backoffMs;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Starts the background loop (idempotent) and makes sure the scheduled jobs exist (price stamp,
   * restock scan, payment reconciliation).
   * Jobs enqueued in this process wake it at once; others are seen at the next poll.
   */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.unsubscribe = onJobEnqueued(() => {
      // After the current turn of the event loop: the request's answer goes first.
      setImmediate(() => this.wakeUp?.());
    });
    this.loop = this.runLoop();
  }

  /**
   * Stops the loop. The running job may finish within `graceMs` (default 10 s); if it does not,
   * it is handed back to the queue (queued again, the attempt not counted) and another worker
   * runs it. Resolves when the loop has ended.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.wakeUp?.();
    const current = this.current;
    if (current) {
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        current.run.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      if (!finished) await releaseJob(this.db, current.job, this.workerId).catch(() => false);
    }
    await this.loop;
    this.loop = null;
  }

  /**
   * Runs due jobs one after another until none is due (jobs waiting for a back-off are not).
   * @returns how many runs were made
   */
  async runUntilIdle(): Promise<number> {
    let runs = 0;
    while ((await this.runOne()) !== 'none') runs += 1;
    return runs;
  }

  /** Claims one due job and runs it. */
  async runOne(): Promise<RunResult> {
    const job = await claimJob(this.db, this.workerId, this.now(), this.leaseMs, this.kinds);
    if (!job) return 'none';
    const run = this.execute(job);
    this.current = { job, run };
    try {
      return await run;
    } finally {
      this.current = null;
    }
  }

  private async execute(job: JobRecord): Promise<RunResult> {
    const handler = this.handlers[job.kind];
    const erasePayload = handler?.erasePayload;
    if (!handler || job.attempts > job.maxAttempts) {
      // No handler, or its worker died on the last allowed attempt (lease ran out).
      const reason = handler ? 'attempts used up' : `no handler for ${job.kind}`;
      this.log.error('Job failed and was given up', {
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        next: 'failed',
        error: reason,
      });
      await failJob(this.db, job, this.workerId, this.now(), new Error(reason), {
        permanent: true,
        erasePayload,
      });
      return 'failed';
    }
    const heartbeat = setInterval(
      () => {
        void extendLease(
          this.db,
          job,
          this.workerId,
          new Date(this.now().getTime() + this.leaseMs),
        ).catch(() => false);
      },
      Math.max(1000, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    try {
      const outcome = await handler.run(job.payload, {
        db: this.db,
        config: this.config,
        log: this.log,
        now: this.now(),
        key: job.key,
      });
      clearInterval(heartbeat);
      const kept = await completeJob(this.db, job, this.workerId, this.now(), {
        rerunAt: outcome?.rerunAt,
        erasePayload,
      });
      if (!kept) {
        this.log.error('Job lease lost before it was marked done', {
          jobId: job.id,
          kind: job.kind,
        });
        return 'lost';
      }
      return 'done';
    } catch (error) {
      clearInterval(heartbeat);
      const run = await failJob(this.db, job, this.workerId, this.now(), error, {
        backoff: this.backoff,
        erasePayload,
      });
      // One line per failed attempt (issue 40 §1): which, of how many, and what comes next.
      this.log.error(
        run?.state === 'failed' ? 'Job failed and was given up' : 'Job attempt failed',
        {
          jobId: job.id,
          kind: job.kind,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
          next: run?.state ?? 'lost',
          ...(run?.state === 'queued' ? { retryAt: run.retryAt.toISOString() } : {}),
          error: error instanceof Error ? error.message : String(error),
        },
      );
      return run?.state === 'failed' ? 'failed' : run?.state === 'queued' ? 'retry' : 'lost';
    }
  }

  private async runLoop(): Promise<void> {
    // Scheduled work: the price stamp, the postings scan (ADR 012), the restock scan (issue 17),
    // the payments' reconciliation (issue 42).
    for (const job of [
      PRICE_STAMP_JOB,
      POSTINGS_SCAN_JOB,
      RESTOCK_SCAN_JOB,
      PAYMENT_RECONCILE_JOB,
    ]) {
      if (!this.kinds.includes(job.kind)) continue;
      await enqueueJob(this.db, job, { rearm: true }).catch((error: unknown) =>
        this.log.error('Job queue: could not schedule a job', {
          kind: job.kind,
          error: String(error),
        }),
      );
    }
    while (!this.stopping) {
      let result: RunResult = 'none';
      let pause = this.pollMs;
      try {
        if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
          this.lastPrune = Date.now();
          await pruneJobs(this.db, this.now());
        }
        result = await this.runOne();
        this.unavailableStreak = 0;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Issue 28: no line per poll while the database is gone (the pool writes one when it
          // is lost and one when it is back); wait longer after each failed poll.
          this.unavailableStreak += 1;
          pause = unavailableBackoffMs(this.pollMs, this.unavailableStreak);
        } else {
          this.log.error('Job queue: claim failed', { error: String(error) });
        }
      }
      if (result === 'none' && !this.stopping) await this.sleep(pause);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }
}

/**
 * Runs every due job on `db` now and resolves when none is left (tests; a one-shot CLI).
 * @returns how many runs were made
 */
export async function runJobsUntilIdle(
  db: Database,
  config: Config | undefined,
  options: Omit<JobRunnerOptions, 'db' | 'config'> = {},
): Promise<number> {
  return new JobRunner({ db, config, ...options }).runUntilIdle();
}

/** Starts a background runner on `db` (in-process worker); call `stop()` on shutdown. */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const runner = new JobRunner(options);
  runner.start();
  return runner;
}
