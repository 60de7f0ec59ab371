/**
 * Förmånscykel applications on the admin API (issue 27 "Moderation and content"; issue 21):
 * `leasingApplications` (orders:read) and `decideLeasingApplication` (orders:write). An
 * application is the employer's part of an order, and deciding it moves the order (received, or
 * cancelled with its stock returned), so it belongs to the orders area (roles.ts). The rules live
 * in modules/leasing (leasing-admin.service.ts, the same decision step as the employer's link).
 */
import { z } from 'zod';
import {
  decideLeasingApplicationAsStaff,
  LEASING_LIST_TAKE_MAX,
  listLeasingApplications,
  staffLeasingDecisionSchema,
  type LeasingApplicationListItem,
  type LeasingApplicationPage,
} from '../../modules/leasing/leasing-admin.service.ts';
import {
  LEASING_APPLICATION_STATES,
  LEASING_STATUS_NAMES,
  leasingStatusName,
} from '../../modules/leasing/leasing-status.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseSwedishInput } from './marketing-input.ts';
import { parseInput } from './staff.graphql.ts';

const LeasingStateEnum = adminBuilder.enumType('LeasingApplicationState', {
  description: 'awaiting (the employer has not answered), approved, declined.',
  values: LEASING_APPLICATION_STATES,
});

const LeasingDecisionEnum = adminBuilder.enumType('LeasingDecision', {
  description: "The employer's answer: approve or decline.",
  values: ['approve', 'decline'] as const,
});

const LeasingApplicationType = adminBuilder
  .objectRef<LeasingApplicationListItem>('LeasingApplication')
  .implement({
    description: 'A förmånscykel application with its order (money in öre).',
    fields: (t) => ({
      orderNumber: t.exposeInt('orderNumber', { description: "The order's number." }),
      orderStatus: t.exposeString('orderStatus', {
        description: "The order's status (awaiting_approval until decided).",
      }),
      customerName: t.exposeString('customerName', { description: "The employee's name." }),
      email: t.exposeString('email', { description: "The employee's e-mail." }),
      orderValueIncVat: t.exposeInt('orderValueIncVat', { description: 'Öre incl. VAT.' }),
      employerName: t.exposeString('employerName'),
      organisationNumber: t.exposeString('organisationNumber', { description: 'NNNNNN-NNNN.' }),
      employerEmail: t.exposeString('employerEmail', {
        description: 'Where the approve and decline links were sent.',
      }),
      periodMonths: t.exposeInt('periodMonths'),
      packageName: t.exposeString('packageName', { description: 'The service package.' }),
      netCostPerMonth: t.exposeInt('netCostPerMonth', {
        description: "The employee's net cost per month, öre.",
      }),
      grossDeductionPerMonth: t.exposeInt('grossDeductionPerMonth', {
        description: 'The gross-salary deduction per month, öre.',
      }),
      status: t.field({
        type: LeasingStateEnum,
        resolve: (a) => a.status as (typeof LEASING_APPLICATION_STATES)[number],
      }),
      statusName: t.string({
        description:
          "The state's Swedish name, the same in the storefront and the back office (issue 40).",
        resolve: (a) => leasingStatusName(a.status),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
      decidedVia: t.exposeString('decidedVia', {
        nullable: true,
        description: "link (the employer's signed link) or staff (the back office).",
      }),
      employerAnswer: t.exposeString('employerAnswer', {
        nullable: true,
        description: "The employer's answer as staff recorded it.",
      }),
    }),
  });

const LeasingStateOption = adminBuilder
  .objectRef<{ code: (typeof LEASING_APPLICATION_STATES)[number] }>('LeasingApplicationStateOption')
  .implement({
    description: 'An application state and its Swedish name (leasing-status.ts, issue 40).',
    fields: (t) => ({
      code: t.field({ type: LeasingStateEnum, resolve: (o) => o.code }),
      name: t.string({ resolve: (o) => LEASING_STATUS_NAMES[o.code] }),
    }),
  });

const LeasingPageType = adminBuilder
  .objectRef<LeasingApplicationPage>('LeasingApplicationPage')
  .implement({
    description: 'A page of applications, newest first, and how many match in all.',
    fields: (t) => ({
      total: t.exposeInt('total'),
      items: t.field({ type: [LeasingApplicationType], resolve: (p) => p.items }),
      states: t.field({
        type: [LeasingStateOption],
        description: 'Every state with its Swedish name, in display order (for the filters).',
        resolve: () => LEASING_APPLICATION_STATES.map((code) => ({ code })),
      }),
    }),
  });

const DecideLeasingInput = adminBuilder.inputType('DecideLeasingApplicationInput', {
  description: "The employer's answer, recorded by staff: approve or decline, and what they said.",
  fields: (t) => ({
    orderId: t.int({ required: true, description: "The order's number." }),
    decision: t.field({ type: LeasingDecisionEnum, required: true }),
    employerAnswer: t.string({ required: true, description: 'Who answered and how; required.' }),
  }),
});

adminBuilder.queryFields((t) => ({
  leasingApplications: t.field({
    type: LeasingPageType,
    description:
      'Förmånscykel applications, newest first, optionally in one state (orders:read); skip ' +
      `>= 0, take 1–${LEASING_LIST_TAKE_MAX} (default 50).`,
    args: {
      status: t.arg({ type: LeasingStateEnum, required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      const input = parseInput(
        z.object({
          status: z.enum(LEASING_APPLICATION_STATES).nullish(),
          skip: z.number().int().min(0).nullish(),
          take: z.number().int().min(1).max(LEASING_LIST_TAKE_MAX).nullish(),
        }),
        args,
      );
      return listLeasingApplications(ctx.db, {
        status: input.status,
        skip: input.skip ?? 0,
        take: input.take ?? 50,
      });
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  decideLeasingApplication: t.field({
    type: LeasingApplicationType,
    description:
      "Records the employer's answer (orders:write): approve moves the order to received and " +
      'sends the employee the order confirmation; decline cancels it and returns its stock. ' +
      "The employer's link then no longer works. Audited. Errors: BAD_USER_INPUT (no answer, " +
      'already decided: `argument` orderId), NOT_FOUND.',
    args: { input: t.arg({ type: DecideLeasingInput, required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseSwedishInput(staffLeasingDecisionSchema, args.input);
      return decideLeasingApplicationAsStaff(ctx.db, input, actorOf(ctx), ctx.now);
    },
  }),
}));
