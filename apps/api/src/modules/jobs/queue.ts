/**
 * The job queue's statements (issue 15 "Jobs", ADR 011), the same SQL on PGlite and PostgreSQL:
 * {@link enqueueJob} (inside the caller's transaction, so a job exists exactly when what it
 * announces was committed), {@link claimJob} (`FOR UPDATE SKIP LOCKED`: two workers never claim
 * the same job; a lease lets another worker take a job whose worker died),
 * {@link completeJob} / {@link failJob} (back-off, `failed` after `max_attempts`) and
 * {@link pruneJobs}. The loop that runs them is modules/jobs/runner.ts.
 */
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { jobs } from './jobs.tables.ts';

/** A job row. */
export type JobRecord = typeof jobs.$inferSelect;

/** What {@link enqueueJob} writes. */
export interface NewJob {
  /** Handler name (modules/jobs/handlers.ts). */
  kind: string;
  /** Idempotency key, unique over all jobs (e.g. `order-confirmation:42`). */
  key: string;
  payload?: Record<string, unknown>;
  /** Not run before this time; default now. */
  runAt?: Date;
  /** Runs before the job is given up; default 10. */
  maxAttempts?: number;
}

/** Runs allowed by default: with {@link backoffMs} about 1.5 hours of retries. */
export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Milliseconds before the next run after failed run number `attempt` (1-based): 10 s doubled
 * per attempt, at most 1 hour (10 s, 20 s, 40 s, … 1 h).
 */
export function backoffMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

const wakers = new Set<() => void>();

/**
 * Registers a function called when a job is enqueued in this process (the in-process runner
 * claims at once instead of at its next poll). @returns the function that unregisters it
 */
export function onJobEnqueued(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Wakes this process's runners (after a job was written by other means than {@link enqueueJob}). */
export function wakeJobRunners(): void {
  for (const wake of wakers) wake();
}

/**
 * Writes a job unless one with its key exists. Pass the transaction of the write the job belongs
 * to (the order, the reset key): rolled back together, committed together.
 * @param options.rearm for recurring work (index builds): a `done` or `failed` row of the key is
 *   queued again with the new payload and run time; a queued or running one is left as it is
 * @returns true when a job was written or re-armed
 */
export async function enqueueJob(
  db: Database,
  job: NewJob,
  options: { rearm?: boolean } = {},
): Promise<boolean> {
  const values = {
    kind: job.kind,
    key: job.key,
    payload: job.payload ?? {},
    maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    // This process's clock, as the claim's (workers compare run_at with their own `now`).
    runAt: job.runAt ?? new Date(),
  };
  const insert = db.insert(jobs).values(values);
  const rows = options.rearm
    ? await insert
        .onConflictDoUpdate({
          target: jobs.key,
          set: {
            state: 'queued',
            payload: values.payload,
            runAt: values.runAt,
            attempts: 0,
            lastError: null,
            finishedAt: null,
            updatedAt: sql`now()`,
          },
          setWhere: inArray(jobs.state, ['done', 'failed']),
        })
        .returning({ id: jobs.id })
    : await insert.onConflictDoNothing({ target: jobs.key }).returning({ id: jobs.id });
  if (rows.length > 0) wakeJobRunners();
  return rows.length > 0;
}

/**
 * One statement that runs `inserted` (an `insert ... returning` of the caller's own table) and
 * enqueues `job` (due at `runAt`) only when it inserted a row: the caller's row and its job are
 * written together or not at all (password reset keys and their mail). A job with the same key
 * is left as it is. Does not wake the runners: call {@link wakeJobRunners} after the statement.
 */
export function enqueueJobAfterSql(inserted: SQL, job: NewJob, runAt: Date): SQL {
  return sql`with inserted as (${inserted})
    insert into ${jobs} (kind, key, payload, max_attempts, run_at)
    select ${job.kind}, ${job.key}, ${JSON.stringify(job.payload ?? {})}::jsonb,
      ${job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, ${runAt.toISOString()}::timestamptz
    from inserted on conflict (key) do nothing`;
}

/**
 * Claims the oldest due job: a queued one whose `run_at` has come, or a running one whose lease
 * ran out (its worker died or hung). One statement; the row is locked `FOR UPDATE SKIP LOCKED`
 * in it, so concurrent workers claim different jobs. The claim counts as an attempt.
 * @param kinds only jobs of these kinds (default any)
 * @returns the claimed job (state `running`, `locked_by` = workerId) or null when none is due
 */
export async function claimJob(
  db: Database,
  workerId: string,
  now: Date,
  leaseMs: number,
  kinds?: readonly string[],
): Promise<JobRecord | null> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        or(
          and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.state, 'running'), lt(jobs.lockedUntil, now)),
        ),
        kinds ? inArray(jobs.kind, [...kinds]) : undefined,
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      updatedAt: now,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return row ?? null;
}

/** The job is still this worker's (its lease was not taken over). */
function held(job: JobRecord, workerId: string) {
  return and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId));
}

/**
 * Extends the lease of a running job (a long index build).
 * @returns false when the job is no longer this worker's
 */
export async function extendLease(
  db: Database,
  job: JobRecord,
  workerId: string,
  until: Date,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: until })
    .where(held(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Marks a claimed job `done` (or, with `rerunAt`, queues it again for then with its attempts
 * reset: scheduled work). `erasePayload` empties the payload (mail jobs carrying a reset key).
 * @returns false when the lease had been taken over by another worker (nothing written)
 */
export async function completeJob(
  db: Database,
  job: JobRecord,
  workerId: string,
  now: Date,
  options: { rerunAt?: Date | undefined; erasePayload?: boolean | undefined } = {},
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      ...(options.rerunAt
        ? { state: 'queued' as const, runAt: options.rerunAt, attempts: 0 }
        : { state: 'done' as const, finishedAt: now }),
      ...(options.erasePayload ? { payload: {} } : {}),
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      updatedAt: now,
    })
    .where(held(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** What {@link failJob} wrote: queued again for `retryAt`, or given up. */
export type FailedRun = { state: 'queued'; retryAt: Date } | { state: 'failed' };

/**
 * Records a failed run: queued again after {@link backoffMs} of its attempts, or `failed` when it
 * has used `max_attempts` (`permanent`: at once). A failed job stays failed until the back office
 * retries it (failed-jobs.service.ts, issue 40 §1).
 * @returns what was written, or null when the lease had been taken over
 */
export async function failJob(
  db: Database,
  job: JobRecord,
  workerId: string,
  now: Date,
  error: unknown,
  options: {
    backoff?: (attempt: number) => number;
    permanent?: boolean;
    erasePayload?: boolean | undefined;
  } = {},
): Promise<FailedRun | null> {
  const giveUp = options.permanent || job.attempts >= job.maxAttempts;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const retryAt = new Date(now.getTime() + (options.backoff ?? backoffMs)(job.attempts));
  const rows = await db
    .update(jobs)
    .set({
      ...(giveUp
        ? {
            state: 'failed' as const,
            finishedAt: now,
            ...(options.erasePayload ? { payload: {} } : {}),
          }
        : { state: 'queued' as const, runAt: retryAt }),
      lockedBy: null,
      lockedUntil: null,
      lastError: message,
      updatedAt: now,
    })
    .where(held(job, workerId))
    .returning({ id: jobs.id });
  if (rows.length === 0) return null;
  return giveUp ? { state: 'failed' } : { state: 'queued', retryAt };
}

/**
 * Hands a claimed job back unrun (a stopping worker): queued at once, the attempt not counted.
 * @returns false when the job is no longer this worker's
 */
export async function releaseJob(db: Database, job: JobRecord, workerId: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      state: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      lockedBy: null,
      lockedUntil: null,
      runAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(held(job, workerId))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Days a finished job is kept: `done` 7, `failed` 30 (for an operator to look at). */
export const KEEP_DONE_DAYS = 7;
export const KEEP_FAILED_DAYS = 30;

/** Deletes finished jobs older than {@link KEEP_DONE_DAYS} / {@link KEEP_FAILED_DAYS}. */
export async function pruneJobs(db: Database, now: Date): Promise<number> {
  const day = 86_400_000;
  const rows = await db
    .delete(jobs)
    .where(
      or(
        and(
          eq(jobs.state, 'done'),
          lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DONE_DAYS * day)),
        ),
        and(
          eq(jobs.state, 'failed'),
          lt(jobs.finishedAt, new Date(now.getTime() - KEEP_FAILED_DAYS * day)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Makes sure job `job` (recurring work keyed by `job.key`, e.g. the price stamp) runs no later
 * than `runAt`: a queued row of the key is moved earlier when it is due later; a `done` or
 * `failed` one is queued again for `runAt`; a missing one is written. A running one is left to
 * finish (it schedules its own next run). Pass the transaction of the write that needs the run.
 */
export async function enqueueJobBy(db: Database, job: NewJob, runAt: Date): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      runAt,
    })
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        state: 'queued',
        runAt: sql`least(case when ${jobs.state} = 'queued' then ${jobs.runAt} end, excluded.run_at)`,
        attempts: sql`case when ${jobs.state} = 'queued' then ${jobs.attempts} else 0 end`,
        lastError: sql`case when ${jobs.state} = 'queued' then ${jobs.lastError} end`,
        finishedAt: null,
        updatedAt: sql`now()`,
      },
      setWhere: inArray(jobs.state, ['queued', 'done', 'failed']),
    });
  wakeJobRunners();
}
