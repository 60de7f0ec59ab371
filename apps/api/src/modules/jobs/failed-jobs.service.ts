/**
 * Jobs that gave up (issue 40 §1): a job that keeps failing ends `failed` after its bounded
 * attempts (queue.ts `failJob`, with back-off), and the back office lists it on the dashboard's
 * "Att hantera" with a retry. {@link listFailedJobs} reads them for the areas a staff user may
 * read; {@link retryFailedJob} queues one again (attempts from zero, due now) with an audit
 * entry in the same transaction.
 */
import { and, count, desc, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { StaffArea } from '../staff/roles.ts';
import { JOB_HANDLERS } from './handlers.ts';
import { jobs } from './jobs.tables.ts';
import { wakeJobRunners } from './queue.ts';

/** What the back office shows of one kind of job. */
interface JobKindInfo {
  /** The Swedish name of the work, e.g. "Orderbekräftelse (e-post)". */
  title: string;
  /** The back-office area whose staff handle it (roles.ts): they see and retry it. */
  area: StaffArea;
}

/**
 * Every kind of job the shop runs (handlers.ts) and who handles it when it fails: order and
 * förmånscykel mail and payment operations (issue 42) are `orders`; mail to customers and subscribers (password reset,
 * newsletter, back in stock) and the restock scan are `customers`; index builds and the price
 * stamp are `catalogue`. A kind missing here is shown to administrators only (area `staff`).
 */
export const JOB_KINDS: Readonly<Record<string, JobKindInfo>> = {
  'order-confirmation': { title: 'Orderbekräftelse (e-post)', area: 'orders' },
  'leasing-approval': { title: 'Förmånscykel: e-post till arbetsgivaren', area: 'orders' },
  'payment-operation': {
    title: 'Betalning: dragning, makulering eller återbetalning hos Kustom eller Stripe',
    area: 'orders',
  },
  'shipment-booking': { title: 'Frakt: bokning av paket hos nShift', area: 'orders' },
  'order-shipped': { title: 'Din order har skickats (e-post)', area: 'orders' },
  'payment-reconcile': { title: 'Betalningar: avstämning mot Kustom och Stripe', area: 'orders' },
  'password-reset-mail': { title: 'Återställning av lösenord (e-post)', area: 'customers' },
  'newsletter-confirmation': { title: 'Bekräftelse av nyhetsbrev (e-post)', area: 'customers' },
  'back-in-stock': { title: 'Åter i lager (e-post)', area: 'customers' },
  'restock-scan': { title: 'Bevakningar: sökning efter påfyllda storlekar', area: 'customers' },
  'price-stamp': { title: 'Prislogg vid kampanjstart och -slut', area: 'catalogue' },
  'postings-scan': { title: 'Sökindex för listor', area: 'catalogue' },
  'facet-postings': { title: 'Sökindex för filter', area: 'catalogue' },
  'price-postings': { title: 'Sökindex för priser', area: 'catalogue' },
};

/** The area of a kind ({@link JOB_KINDS}); unknown kinds belong to administrators (`staff`). */
export function jobArea(kind: string): StaffArea {
  return JOB_KINDS[kind]?.area ?? 'staff';
}

/** The kinds whose area is one of `areas` (unknown kinds with `staff`). */
function kindsOf(areas: readonly StaffArea[]): string[] {
  return Object.entries(JOB_KINDS)
    .filter(([, info]) => areas.includes(info.area))
    .map(([kind]) => kind);
}

/** A failed job as the back office shows it. */
export interface FailedJob {
  id: number;
  kind: string;
  /** The Swedish name of the work ({@link JOB_KINDS}; the kind itself when unknown). */
  title: string;
  /** The order the job was about (order and förmånscykel mail), else null. */
  orderId: number | null;
  /** Runs made, and runs it was allowed. */
  attempts: number;
  maxAttempts: number;
  /** The last run's error message (no stack, no payload). */
  lastError: string | null;
  /** When it gave up. */
  failedAt: Date;
  /**
   * Whether running it again can work: false when its payload was emptied because it carried a
   * secret (a password-reset link: the customer asks for a new one).
   */
  retryable: boolean;
}

type JobRow = typeof jobs.$inferSelect;

/** A handler exists, and the payload it needs was not emptied (a secret it carried). */
function retryable(row: JobRow): boolean {
  const handler = JOB_HANDLERS[row.kind];
  return !!handler && !(handler.erasePayload && Object.keys(row.payload).length === 0);
}

function toFailedJob(row: JobRow): FailedJob {
  const orderId = Number(row.payload.orderId);
  return {
    id: row.id,
    kind: row.kind,
    title: JOB_KINDS[row.kind]?.title ?? row.kind,
    orderId: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    failedAt: row.finishedAt ?? row.updatedAt,
    retryable: retryable(row),
  };
}

/** A page of failed jobs and how many there are in all. */
export interface FailedJobPage {
  total: number;
  jobs: FailedJob[];
}

/**
 * The failed jobs of the areas in `areas` (unknown kinds only with `staff`), the most recent
 * first, at most `take` (1–100), and how many in all (two statements).
 */
export async function listFailedJobs(
  db: Database,
  areas: readonly StaffArea[],
  take: number,
): Promise<FailedJobPage> {
  const where = failedOf(areas);
  if (!where) return { total: 0, jobs: [] };
  const [rows, [counted]] = await Promise.all([
    db.select().from(jobs).where(where).orderBy(desc(jobs.finishedAt), desc(jobs.id)).limit(take),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { total: counted?.n ?? 0, jobs: rows.map(toFailedJob) };
}

/** The condition "failed, of a kind of `areas`" (unknown kinds with `staff`); null for none. */
function failedOf(areas: readonly StaffArea[]): SQL | null {
  const kinds = kindsOf(areas);
  const ofKinds = kinds.length > 0 ? inArray(jobs.kind, kinds) : undefined;
  const unknown = areas.includes('staff')
    ? notInArray(jobs.kind, Object.keys(JOB_KINDS))
    : undefined;
  if (!ofKinds && !unknown) return null;
  return and(eq(jobs.state, 'failed'), or(ofKinds, unknown))!;
}

/** Why {@link retryFailedJob} did not queue a job. */
export type RetryRefusal = 'not-found' | 'not-failed' | 'forbidden' | 'not-retryable';

/**
 * Queues failed job `id` again: state `queued`, due at `now`, attempts from zero (a full set of
 * retries with back-off), the last error kept until the next run; audited as `job.retry` in the
 * same transaction. Only a job of `areas` and only a retryable one ({@link FailedJob.retryable}).
 * @returns the job as it was before, or why it was not queued
 */
export async function retryFailedJob(
  db: Database,
  id: number,
  areas: readonly StaffArea[],
  actor: AuditActor,
  now: Date,
): Promise<{ ok: true; job: FailedJob } | { ok: false; reason: RetryRefusal }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!row) return { ok: false as const, reason: 'not-found' as const };
    if (!areas.includes(jobArea(row.kind)))
      return { ok: false as const, reason: 'forbidden' as const };
    if (row.state !== 'failed') return { ok: false as const, reason: 'not-failed' as const };
    const job = toFailedJob(row);
    if (!job.retryable) return { ok: false as const, reason: 'not-retryable' as const };
    await tx
      .update(jobs)
      .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null, updatedAt: now })
      .where(eq(jobs.id, id));
    await recordAudit(tx, {
      actor,
      action: 'job.retry',
      entityType: 'job',
      entityId: id,
      before: { kind: row.kind, state: 'failed', attempts: row.attempts, lastError: row.lastError },
      after: { state: 'queued', attempts: 0 },
      at: now,
    });
    return { ok: true as const, job };
  });
  if (result.ok) wakeJobRunners();
  return result;
}
