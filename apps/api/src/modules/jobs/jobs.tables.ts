/**
 * The job queue kept in the database (issue 15 "Jobs", ADR 011): e-mails (an outbox written in
 * the transaction of what they announce), index builds and scheduled work. One row per `key`:
 * the key makes enqueueing idempotent (an order's confirmation is one row whatever retries the
 * checkout makes); recurring work (index builds) re-arms its finished row. Workers claim rows
 * with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so a job whose worker died is
 * claimed again once the lease has run out (modules/jobs/queue.ts).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A job's states: waiting for `run_at`, claimed by a worker, finished, given up. */
export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** One unit of background work. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to run: a handler name of modules/jobs/handlers.ts (`order-confirmation`, …). */
    kind: text().notNull(),
    /** Idempotency key, unique over all rows, e.g. `order-confirmation:42`. */
    key: text().notNull().unique(),
    /** The handler's input (JSON); mail jobs with secrets are emptied when they end. */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    state: text({ enum: JOB_STATES }).notNull().default('queued'),
    /** Runs started so far (a claim counts one). */
    attempts: integer().notNull().default(0),
    /** Runs allowed before the job is `failed`. */
    maxAttempts: integer().notNull().default(8),
    /** Not claimed before this time (back-off after a failure, scheduled work). */
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The claiming worker's id while `running`. */
    lockedBy: text(),
    /** End of the running worker's lease: after it, another worker may claim the job. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** The last failure's message (no stack, no payload). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the job reached `done` or `failed`. */
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('jobs_state', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    // The claim's scan: due queued jobs and running jobs whose lease ran out, oldest first.
    index('jobs_due')
      .on(t.runAt, t.id)
      .where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_finished')
      .on(t.finishedAt)
      .where(sql`${t.state} in ('done', 'failed')`),
  ],
);
