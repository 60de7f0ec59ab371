/**
 * The audit log on the admin API (issue 26 "Shape"): `auditLog(filter, skip, take)` and
 * `auditActions`, both needing audit:read.
 */
import { z } from 'zod';
import {
  listAuditActions,
  listAuditEntries,
  type AuditEntry,
  type AuditPage,
} from '../../modules/audit/audit.service.ts';
import { adminBuilder } from './builder.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

const AuditEntryType = adminBuilder.objectRef<AuditEntry>('AuditEntry').implement({
  description: 'One change made in the back office: who, when, what, before and after.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    at: t.expose('at', { type: 'DateTime' }),
    staffUserId: t.exposeInt('staffUserId', {
      nullable: true,
      description: 'Null for the system (the first administrator, the CLI).',
    }),
    staffEmail: t.exposeString('staffEmail', { nullable: true }),
    action: t.exposeString('action', { description: 'E.g. `staff.create`, `staff.role`.' }),
    entityType: t.exposeString('entityType'),
    entityId: t.exposeString('entityId', { nullable: true }),
    before: t.expose('before', { type: 'JSON', nullable: true }),
    after: t.expose('after', { type: 'JSON', nullable: true }),
    requestId: t.exposeString('requestId', { nullable: true }),
    ip: t.exposeString('ip', { nullable: true }),
  }),
});

const AuditPageType = adminBuilder.objectRef<AuditPage>('AuditLogPage').implement({
  description: 'A page of audit entries, newest first, and how many match in all.',
  fields: (t) => ({
    entries: t.field({ type: [AuditEntryType], resolve: (page) => page.entries }),
    total: t.exposeInt('total'),
  }),
});

const AuditFilterInput = adminBuilder.inputType('AuditLogFilter', {
  description: 'Filters of the audit log; each optional.',
  fields: (t) => ({
    action: t.string({ required: false }),
    staffUserId: t.int({ required: false }),
    entityType: t.string({ required: false }),
    entityId: t.string({ required: false }),
    from: t.field({ type: 'DateTime', required: false }),
    to: t.field({ type: 'DateTime', required: false }),
  }),
});

const filterSchema = z
  .object({
    action: z.string().max(100).nullish(),
    staffUserId: z.number().int().positive().nullish(),
    entityType: z.string().max(100).nullish(),
    entityId: z.string().max(100).nullish(),
    from: z.date().nullish(),
    to: z.date().nullish(),
  })
  .nullish();

adminBuilder.queryFields((t) => ({
  auditLog: t.field({
    type: AuditPageType,
    description: 'Audit entries matching `filter`, newest first (audit:read); take 1–200.',
    args: {
      filter: t.arg({ type: AuditFilterInput, required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'audit', 'read');
      const input = parseInput(
        z.object({
          filter: filterSchema,
          skip: z.number().int().min(0).max(1_000_000).nullish(),
          take: z.number().int().min(1).max(200).nullish(),
        }),
        args,
      );
      const f = input.filter ?? {};
      return listAuditEntries(
        ctx.db,
        {
          action: f.action ?? undefined,
          staffUserId: f.staffUserId ?? undefined,
          entityType: f.entityType ?? undefined,
          entityId: f.entityId ?? undefined,
          from: f.from ?? undefined,
          to: f.to ?? undefined,
        },
        input.skip ?? 0,
        input.take ?? 50,
      );
    },
  }),
  auditActions: t.stringList({
    description: 'The distinct actions in the log, for a filter (audit:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'audit', 'read');
      return listAuditActions(ctx.db);
    },
  }),
}));
