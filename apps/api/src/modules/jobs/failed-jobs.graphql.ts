/**
 * Failed jobs on the admin API (issue 40 §1): `failedJobs` lists the jobs that gave up after
 * their bounded attempts, of the areas the staff user may read (failed-jobs.service.ts
 * `JOB_KINDS`: order mail `orders`, customer mail `customers`, index builds `catalogue`);
 * `retryJob` queues one again (write permission on its area), audited as `job.retry`.
 */
import { z } from 'zod';
import { ShopError, swedishNotFound } from '../../errors.ts';
import { adminBuilder } from '../../graphql/admin/builder.ts';
import { actorOf, type AdminContext } from '../../graphql/admin/context.ts';
import { requireSession } from '../../graphql/admin/guard.ts';
import { parseInput } from '../../graphql/admin/staff.graphql.ts';
import { hasPermission, STAFF_AREAS, type StaffArea } from '../staff/roles.ts';
import {
  listFailedJobs,
  retryFailedJob,
  type FailedJob,
  type FailedJobPage,
} from './failed-jobs.service.ts';

/** Most failed jobs one `failedJobs` call returns. */
const FAILED_JOBS_TAKE_MAX = 100;

/** The areas the logged-in staff user may `level`. @throws UNAUTHENTICATED without a session */
function areasOf(ctx: AdminContext, level: 'read' | 'write'): StaffArea[] {
  const staff = requireSession(ctx);
  return STAFF_AREAS.filter((area) => hasPermission(staff.role, area, level));
}

const FailedJobType = adminBuilder.objectRef<FailedJob>('FailedJob').implement({
  description:
    'A background job (an e-mail, an index build) that failed on every attempt it was allowed ' +
    'and was given up; it runs again only when retried.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.exposeString('kind', { description: 'The handler, e.g. `order-confirmation`.' }),
    title: t.exposeString('title', {
      description: 'What the job does, in Swedish, e.g. "Orderbekräftelse (e-post)".',
    }),
    orderId: t.exposeInt('orderId', {
      nullable: true,
      description: 'The order the job was about (order and förmånscykel mail), else null.',
    }),
    attempts: t.exposeInt('attempts', { description: 'Runs made.' }),
    maxAttempts: t.exposeInt('maxAttempts', { description: 'Runs it was allowed.' }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description: "The last run's error message (no stack trace, no payload).",
    }),
    failedAt: t.expose('failedAt', { type: 'DateTime', description: 'When it was given up.' }),
    retryable: t.exposeBoolean('retryable', {
      description:
        'False when a retry cannot work: the job carried a secret that was erased when it ' +
        'failed (a password-reset link; the customer asks for a new one).',
    }),
  }),
});

const FailedJobPageType = adminBuilder.objectRef<FailedJobPage>('FailedJobPage').implement({
  description: 'Failed jobs the staff user may see, the most recent first, and how many in all.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    jobs: t.field({ type: [FailedJobType], resolve: (page) => page.jobs }),
  }),
});

adminBuilder.queryFields((t) => ({
  failedJobs: t.field({
    type: FailedJobPageType,
    description: `Failed jobs of the areas the role may read, the most recent first; take 1–${FAILED_JOBS_TAKE_MAX} (any staff user; a role without an area's read permission sees none of its jobs).`,
    args: { take: t.arg.int({ required: false, defaultValue: 10 }) },
    resolve: (_root, args, ctx) => {
      const areas = areasOf(ctx, 'read');
      const input = parseInput(
        z.object({ take: z.number().int().min(1).max(FAILED_JOBS_TAKE_MAX).nullish() }),
        args,
      );
      return listFailedJobs(ctx.db, areas, input.take ?? 10);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  retryJob: t.field({
    type: FailedJobType,
    description:
      "Queues a failed job again at once with a new set of attempts (write permission on the job's area); audited as `job.retry`. Returns the job as it was. Errors: NOT_FOUND, FORBIDDEN, BAD_USER_INPUT (not failed, or not retryable), Swedish messages.",
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const areas = areasOf(ctx, 'write');
      const result = await retryFailedJob(ctx.db, args.id, areas, actorOf(ctx), ctx.now);
      if (result.ok) return result.job;
      switch (result.reason) {
        case 'not-found':
          throw swedishNotFound('Jobbet finns inte.');
        case 'forbidden':
          throw new ShopError('FORBIDDEN', 'Din roll får inte köra om det här jobbet.', {
            locale: 'sv',
            http: { status: 403 },
          });
        case 'not-failed':
          throw new ShopError(
            'BAD_USER_INPUT',
            'Jobbet har inte misslyckats, eller körs redan igen.',
            {
              locale: 'sv',
            },
          );
        case 'not-retryable':
          throw new ShopError(
            'BAD_USER_INPUT',
            'Jobbet kan inte köras om: länken det bar är raderad. Kunden får begära en ny.',
            { locale: 'sv' },
          );
      }
    },
  }),
}));
