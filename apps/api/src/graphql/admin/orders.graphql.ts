/**
 * Orders on the admin API (issue 27 "Orders"): `adminOrders`, `adminOrder`,
 * `adminOrderFilterOptions` (orders:read) and `changeOrderStatus`, `refundOrder`,
 * `addOrderNote`, `resendOrderConfirmation` (orders:write). Inputs are parsed with zod (the
 * services' schemas); the services run each change in one transaction with its audit entry.
 */
import { z } from 'zod';
import { swedishNotFound } from '../../errors.ts';
import {
  addOrderNote,
  changeOrderStatus,
  orderNoteSchema,
  orderTransitionSchema,
  resendOrderConfirmation,
} from '../../modules/orders/order-admin.service.ts';
import { refundInputSchema, refundOrder } from '../../modules/orders/order-refund.service.ts';
import {
  getOrderDetail,
  MAX_ORDER_PAGE,
  orderFilterOptions,
  searchOrders,
  type OrderDetail,
} from '../../modules/orders/order-search.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireStaff } from './guard.ts';
import { OrderDetailType, OrderFilterOptionsType, OrderPageType } from './orders-types.graphql.ts';
import { parseInput } from './staff.graphql.ts';

const ORDER_STATUSES = [
  'awaiting_approval',
  'received',
  'processing',
  'completed',
  'cancelled',
] as const;

const OrderFilterInput = adminBuilder.inputType('AdminOrderFilterInput', {
  description: 'Filters of the order list; each is optional.',
  fields: (t) => ({
    status: t.string({
      description: 'awaiting_approval, received, processing, completed or cancelled.',
    }),
    marketId: t.string({ description: 'A market id, e.g. "SE|SEK".' }),
    from: t.string({ description: 'Placed on or after this day (yyyy-mm-dd, Swedish time).' }),
    to: t.string({ description: 'Placed on or before this day (yyyy-mm-dd, Swedish time).' }),
    paymentId: t.int({ description: 'The payment option.' }),
    storePickup: t.boolean({ description: 'true: store pickup orders only; false: none.' }),
    query: t.string({ description: 'An order number, or part of the e-mail or the name.' }),
  }),
});

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'ange datum som åååå-mm-dd')
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()), 'ogiltigt datum');

const filterSchema = z.object({
  status: z.enum(ORDER_STATUSES).nullish(),
  marketId: z.string().max(40).nullish(),
  from: isoDay.nullish(),
  to: isoDay.nullish(),
  paymentId: z.number().int().nullish(),
  storePickup: z.boolean().nullish(),
  query: z.string().trim().max(200).nullish(),
});

/** The instant a Swedish calendar day starts (Europe/Stockholm), for the date filters. */
function swedishDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const local = new Date(utcMidnight.toLocaleString('en-US', { timeZone: 'Europe/Stockholm' }));
  const offset = local.getTime() - utcMidnight.getTime();
  return new Date(utcMidnight.getTime() - offset);
}

const RefundLineInput = adminBuilder.inputType('AdminRefundLineInput', {
  description: 'Units of one order line to refund.',
  fields: (t) => ({
    lineNo: t.int({ required: true }),
    quantity: t.int({ required: true }),
  }),
});

const RefundInput = adminBuilder.inputType('AdminRefundInput', {
  description:
    'A refund: `full` (every unit left of every line) or `lines`; `includeShipping` adds what ' +
    'is left of the shipping fee; `toBalance` pays it back as store credit (the customer’s ' +
    'balance) instead of to the payment.',
  fields: (t) => ({
    orderId: t.int({ required: true }),
    full: t.boolean(),
    lines: t.field({ type: [RefundLineInput] }),
    includeShipping: t.boolean(),
    toBalance: t.boolean(),
    reason: t.string(),
  }),
});

const TransitionInput = adminBuilder.inputType('AdminOrderTransitionInput', {
  description:
    'A status change: processing, completed or cancelled, with an optional note and, when the ' +
    'order ships (processing or completed), a parcel number.',
  fields: (t) => ({
    orderId: t.int({ required: true }),
    to: t.string({ required: true }),
    note: t.string(),
    parcelNumber: t.string(),
  }),
});

/** The order after a change. @throws ShopError NOT_FOUND (Swedish) */
async function detailOf(ctx: AdminContext, orderId: number): Promise<OrderDetail> {
  const detail = await getOrderDetail(ctx.db, orderId);
  if (!detail) throw swedishNotFound('Ordern finns inte.');
  return detail;
}

/** Drops nulls, so zod's defaults apply to fields the client left out. */
function present<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)) as T;
}

const orderIdArg = z.object({ orderId: z.number().int().positive() });

adminBuilder.queryFields((t) => ({
  adminOrders: t.field({
    type: OrderPageType,
    description: `Orders matching the filters, newest first, paged (orders:read); take 1–${MAX_ORDER_PAGE}.`,
    args: {
      filter: t.arg({ type: OrderFilterInput }),
      skip: t.arg.int(),
      take: t.arg.int(),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      const input = parseInput(
        z.object({
          filter: filterSchema.nullish(),
          skip: z.number().int().min(0).max(1_000_000).nullish(),
          take: z.number().int().min(1).max(MAX_ORDER_PAGE).nullish(),
        }),
        args,
      );
      const filter = input.filter ?? {};
      const to = filter.to ? swedishDayStart(filter.to) : null;
      return searchOrders(
        ctx.db,
        {
          ...filter,
          from: filter.from ? swedishDayStart(filter.from) : null,
          // The whole last day: before the start of the next.
          to: to ? new Date(to.getTime() + 24 * 3600 * 1000) : null,
        },
        input.skip ?? 0,
        input.take ?? 25,
      );
    },
  }),
  adminOrder: t.field({
    type: OrderDetailType,
    nullable: true,
    description: 'One order in full, null when unknown (orders:read).',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      const input = parseInput(z.object({ id: z.number().int().positive() }), args);
      return getOrderDetail(ctx.db, input.id);
    },
  }),
  adminOrderFilterOptions: t.field({
    type: OrderFilterOptionsType,
    description: 'The markets and payment options of the orders, for the filters (orders:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return orderFilterOptions(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  changeOrderStatus: t.field({
    type: OrderDetailType,
    description:
      'Moves an order through the transitions table (orders:write): received → processing → ' +
      'completed, or to cancelled from received or processing. Cancelling returns every unit to ' +
      'stock; completing records the delivery. Errors: ORDER_TRANSITION_NOT_ALLOWED (`from`, ' +
      '`to`), BAD_USER_INPUT, NOT_FOUND.',
    args: { input: t.arg({ type: TransitionInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(orderTransitionSchema, present(args.input));
      await changeOrderStatus(ctx.db, input, actorOf(ctx), ctx.now);
      return detailOf(ctx, input.orderId);
    },
  }),
  refundOrder: t.field({
    type: OrderDetailType,
    description:
      'Refunds the whole order or units of lines, with or without the shipping fee, to the ' +
      'payment or as store credit (orders:write). Never more than what was paid. Errors: ' +
      'REFUND_EXCEEDS_PAID (Swedish message, `argument`), BAD_USER_INPUT, NOT_FOUND.',
    args: { input: t.arg({ type: RefundInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const raw = present(args.input);
      const input = parseInput(refundInputSchema, {
        ...raw,
        ...(raw.lines ? { lines: raw.lines.map((l) => present(l)) } : {}),
      });
      await refundOrder(ctx.db, input, actorOf(ctx), ctx.now);
      return detailOf(ctx, input.orderId);
    },
  }),
  addOrderNote: t.field({
    type: OrderDetailType,
    description: 'Writes a note in the order’s history (orders:write).',
    args: { orderId: t.arg.int({ required: true }), text: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(orderNoteSchema, args);
      await addOrderNote(ctx.db, input, actorOf(ctx), ctx.now);
      return detailOf(ctx, input.orderId);
    },
  }),
  resendOrderConfirmation: t.field({
    type: OrderDetailType,
    description:
      'Queues the order confirmation e-mail again, to the order’s address (orders:write).',
    args: { orderId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(orderIdArg, args);
      await resendOrderConfirmation(ctx.db, input.orderId, actorOf(ctx), ctx.now);
      return detailOf(ctx, input.orderId);
    },
  }),
}));
