/**
 * The förmånscykel order flow's GraphQL (issue 21; not Geins, our own): `placeLeasingOrder`,
 * the employer's `leasingApplication` (read by a signed link) and `decideLeasingApplication`
 * (the confirming POST of that page), and `OrderType.leasingStatus`. Resolvers parse, read the
 * caller and call one service function each (leasing-order.service.ts).
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { OrderRef } from '../checkout/order.graphql.ts';
import { minorToDecimal } from '../pricing/money.ts';
import { leasingLinksExpireAt } from './leasing-links.ts';
import {
  decideLeasingApplication,
  leasingApplicationByOrderPublicId,
  leasingApplicationByToken,
  placeLeasingOrder,
  type LeasingApplicationView,
} from './leasing-order.service.ts';
import { LEASING_SETTINGS } from './leasing-settings.ts';
import { leasingStatusName } from './leasing-status.ts';

const kronor = (ore: number) => minorToDecimal(ore, 'SEK');

const LeasingApplicationInput = builder.inputType('LeasingApplicationInputType', {
  description:
    'A förmånscykel application (issue 21): employer, employee, period, package, marginal tax, terms. Checked with the same zod schema as the storefront form (Swedish messages).',
  fields: (t) => ({
    employerName: t.string({ required: true, description: 'The employer company name.' }),
    organisationNumber: t.string({ required: true, description: 'Organisationsnummer.' }),
    employerEmail: t.string({ required: true, description: "The employer contact's e-mail." }),
    firstName: t.string({ required: true, description: "Employee's first name." }),
    lastName: t.string({ required: true, description: "Employee's last name." }),
    email: t.string({ required: true, description: "Employee's e-mail." }),
    phone: t.string({ required: true, description: "Employee's phone." }),
    addressLine1: t.string({ required: true, description: 'Street address.' }),
    zip: t.string({ required: true, description: 'Postcode (5 digits).' }),
    city: t.string({ required: true, description: 'City.' }),
    periodMonths: t.int({ required: true, description: 'Lease period, months (12 or 36).' }),
    packageId: t.string({ required: true, description: 'Service package id.' }),
    marginalTaxPercent: t.float({ required: true, description: 'Marginal tax, percent 0–60.' }),
    acceptTerms: t.boolean({ required: true, description: 'The terms accepted (must be true).' }),
  }),
});

const LeasingApplicationRef = builder
  .objectRef<LeasingApplicationView>('LeasingApplicationType')
  .implement({
    description:
      'A förmånscykel application and its order (issue 21). Not Geins: our own type. Money in Decimal kronor (SEK).',
    fields: (t) => ({
      status: t.string({
        nullable: false,
        description: 'awaiting, approved or declined (by the employer).',
        resolve: (v) => v.application.status,
      }),
      statusName: t.string({
        nullable: false,
        description:
          'The status in Swedish, the one name the storefront, the back office and e-mails use (issue 40), e.g. "Väntar på arbetsgivarens godkännande".',
        resolve: (v) => leasingStatusName(v.application.status),
      }),
      decision: t.string({
        nullable: false,
        description: "What the link opened asks for: approve or decline ('' after placing).",
        resolve: (v) => v.decision,
      }),
      employerName: t.string({
        nullable: false,
        description: 'The employer company name.',
        resolve: (v) => v.application.employerName,
      }),
      organisationNumber: t.string({
        nullable: false,
        description: 'NNNNNN-NNNN.',
        resolve: (v) => v.application.organisationNumber,
      }),
      employerEmail: t.string({
        nullable: false,
        description:
          "The employer contact's e-mail, where the approve and decline links were sent (issue 40: the applicant's confirmation names it).",
        resolve: (v) => v.application.employerEmail,
      }),
      employeeEmail: t.string({
        nullable: false,
        description: "The employee's e-mail, where the order confirmation goes once approved.",
        resolve: (v) => v.order.email,
      }),
      linksExpireAt: t.field({
        type: 'DateTime',
        nullable: false,
        description:
          "When the employer's approve and decline links stop working (14 days after the application).",
        resolve: (v) => new Date(leasingLinksExpireAt(v.order.createdAt)),
      }),
      employeeName: t.string({
        nullable: false,
        description: "The employee's first and last name.",
        resolve: (v) =>
          `${v.order.billingAddress.firstName ?? ''} ${v.order.billingAddress.lastName ?? ''}`.trim(),
      }),
      periodMonths: t.int({
        nullable: false,
        description: 'Lease period, months.',
        resolve: (v) => v.application.periodMonths,
      }),
      packageName: t.string({
        nullable: false,
        description: 'The service package chosen.',
        resolve: (v) =>
          LEASING_SETTINGS.packages.find((p) => p.id === v.application.packageId)?.name ?? '',
      }),
      netCostPerMonth: t.field({
        type: 'Decimal',
        nullable: false,
        description: "The employee's net cost per month, kronor (ADR 013).",
        resolve: (v) => kronor(v.application.netCostPerMonth),
      }),
      grossDeductionPerMonth: t.field({
        type: 'Decimal',
        nullable: false,
        description: 'The gross-salary deduction per month, kronor.',
        resolve: (v) => kronor(v.application.grossDeductionPerMonth),
      }),
      order: t.field({
        type: OrderRef,
        nullable: false,
        description: 'The order (status awaiting_approval until the employer decides).',
        resolve: (v) => v,
      }),
    }),
  });

builder.mutationField('placeLeasingOrder', (t) =>
  t.field({
    type: LeasingApplicationRef,
    nullable: false,
    description:
      'Places a förmånscykel application order from a leasing cart in one transaction (issue 21): stock reserved, payment "Förmånscykel via arbetsgivaren" (no card), status awaiting_approval, and the employer mailed signed approve/decline links. The logged-in caller becomes its customer. A repeated call for the same cart returns the same order. Errors: BAD_USER_INPUT (extensions.fields: field -> Swedish message; or extensions.reason "leasing-rules" with extensions.problems), FORBIDDEN (another customer\'s cart), NOT_FOUND, CART_COMPLETED, OUT_OF_STOCK.',
    args: {
      ...contextArgs,
      cartId: t.arg.string({ required: true, description: 'The leasing cart id.' }),
      application: t.arg({
        type: LeasingApplicationInput,
        required: true,
        description: 'The application as the employee filled it in.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await ctx.viewer();
      return placeLeasingOrder(
        ctx.db,
        {
          cartId: args.cartId,
          application: args.application,
          customerId: viewer?.customerId ?? null,
        },
        await ctx.pricedShop(args),
        ctx.now,
      );
    },
  }),
);

builder.queryField('leasingApplication', (t) =>
  t.field({
    type: LeasingApplicationRef,
    nullable: false,
    description:
      'The application a signed employer link names (issue 21); changes nothing. Errors: FORBIDDEN (extensions.reason invalid or expired), NOT_FOUND.',
    args: { token: t.arg.string({ required: true, description: 'The link token.' }) },
    resolve: (_root, args, ctx) =>
      leasingApplicationByToken(ctx.db, args.token, ctx.config.auth.jwtSecret, ctx.now),
  }),
);

builder.queryField('leasingApplicationReceipt', (t) =>
  t.field({
    type: LeasingApplicationRef,
    nullable: true,
    description:
      "The applicant's confirmation of a placed förmånscykel application (issue 40 point 4), by its order's public id (a UUID only the applicant and the employer's links know, as getOrderPublic); changes nothing. Null when unknown or not a leasing order.",
    args: {
      orderPublicId: t.arg({ type: 'Guid', required: true, description: 'Public order id.' }),
    },
    resolve: (_root, args, ctx) => leasingApplicationByOrderPublicId(ctx.db, args.orderPublicId),
  }),
);

builder.mutationField('decideLeasingApplication', (t) =>
  t.field({
    type: LeasingApplicationRef,
    nullable: false,
    description:
      "The employer's decision by a signed link (issue 21), once: approve -> the order is received (order e-mail to the employee); decline -> cancelled, stock returned. Errors: FORBIDDEN (extensions.reason invalid, expired or used), NOT_FOUND.",
    args: { token: t.arg.string({ required: true, description: 'The link token.' }) },
    resolve: (_root, args, ctx) =>
      decideLeasingApplication(ctx.db, args.token, ctx.config.auth.jwtSecret, ctx.now),
  }),
);

builder.objectFields(OrderRef, (t) => ({
  leasingStatus: t.string({
    description:
      'For a förmånscykel order (issue 21): awaiting, approved or declined by the employer; null for other orders. Not Geins: our own field.',
    resolve: (v, _args, ctx) => ctx.loaders.leasingStatus.load(v.order.id),
  }),
}));
