/**
 * Parcel bookings and the nShift service mapping on the admin API (issue 43; ADR 020 §5–§6):
 * on the order page `AdminOrder.bookings` (state, orderNo, nShift's words, whether a label is
 * kept; the label itself is `GET /admin/orders/:id/bookings/:bookingId/label.pdf`,
 * admin-booking-label.ts) and `AdminOrder.nshiftBookable`; "Skicka med nShift" (`bookShipment`) and
 * "Försök igen" (`retryShipmentBooking`), orders:write like the ship action; the mapping
 * (`nshiftServices`, orders:read; `setNshiftService`, `deleteNshiftService`, orders:write).
 * Inputs parsed with zod; the services (booking.service.ts, nshift-services.service.ts) write
 * each change with its audit entry.
 */
import { z } from 'zod';
import { swedishNotFound } from '../../errors.ts';
import { adminBuilder } from '../../graphql/admin/builder.ts';
import { actorOf } from '../../graphql/admin/context.ts';
import { requireStaff } from '../../graphql/admin/guard.ts';
import { OrderDetailType } from '../../graphql/admin/orders-types.graphql.ts';
import { parseInput } from '../../graphql/admin/staff.graphql.ts';
import {
  bookingServiceOf,
  countFailedBookings,
  listOrderBookings,
  requestBooking,
  retryBooking,
  type BookingState,
  type BookingView,
} from './booking.service.ts';
import {
  deleteNshiftService,
  listNshiftServices,
  nshiftServiceSchema,
  setNshiftService,
  type NshiftServiceRecord,
} from './nshift-services.service.ts';

/** The states in Swedish, as the order page shows them. */
export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  queued: 'Bokas',
  booked: 'Bokad',
  failed: 'Misslyckades',
  uncertain: 'Osäker – kontrollera i nShift',
  manual: 'Kollinummer angivet manuellt',
};

const BookingStateEnum = adminBuilder.enumType('AdminShipmentBookingState', {
  description:
    'A booking with nShift (ADR 020 §5): queued (the job books it, retried while nShift is ' +
    'unreachable), booked (parcels registered), failed (nShift refused; retry or type the ' +
    'parcel), uncertain (an answer was lost after the print: read the parcel in nShift Delivery ' +
    'and type it), manual (staff typed the parcel).',
  values: ['queued', 'booked', 'failed', 'uncertain', 'manual'] as const,
});

const BookingType = adminBuilder.objectRef<BookingView>('AdminShipmentBooking').implement({
  description: 'A parcel booking of an order with nShift (orders:read).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    seq: t.exposeInt('seq', { description: 'The booking number of the order, 1 for the first.' }),
    orderNo: t.exposeString('orderNo', {
      description: 'nShift’s orderNo, T{orderId}-{seq}: what to search for in nShift Delivery.',
    }),
    state: t.field({ type: BookingStateEnum, resolve: (b) => b.state }),
    stateName: t.string({ resolve: (b) => BOOKING_STATE_LABELS[b.state] }),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    message: t.string({
      nullable: true,
      description: 'nShift’s words of a refusal or of the last failed attempt, else null.',
      resolve: (b) => b.providerMessage,
    }),
    shipmentRef: t.exposeString('shipmentRef', {
      nullable: true,
      description: 'nShift’s shipment id once booked.',
    }),
    hasLabel: t.exposeBoolean('hasLabel', {
      description: 'True when the label PDF is kept (download with labelUrl).',
    }),
    labelUrl: t.string({
      nullable: true,
      description: 'The admin path of the label PDF (staff session), null without a label.',
      resolve: (b) => (b.hasLabel ? `/admin/orders/${b.orderId}/bookings/${b.id}/label.pdf` : null),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

adminBuilder.objectFields(OrderDetailType, (t) => ({
  bookings: t.field({
    type: [BookingType],
    description: 'The order’s parcel bookings with nShift, the first first (ADR 020 §5).',
    resolve: (d, _args, ctx) => listOrderBookings(ctx.db, d.order.id),
  }),
  nshiftBookable: t.boolean({
    description:
      'True when "Skicka med nShift" can book the order: an nShift order whose option has a ' +
      'mapped service (nshiftServices). Otherwise parcels are typed by hand.',
    resolve: async (d, _args, ctx) => (await bookingServiceOf(ctx.db, d.order)) !== null,
  }),
}));

const NshiftServiceType = adminBuilder
  .objectRef<NshiftServiceRecord>('AdminNshiftService')
  .implement({
    description:
      'Which nShift service books a Delivery Checkout option (ADR 020 §1): the option id (the ' +
      'order’s shipping choice) and nShift’s service id (e.g. P19).',
    fields: (t) => ({
      optionId: t.exposeString('optionId'),
      serviceId: t.exposeString('serviceId'),
      name: t.exposeString('name'),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });

const NshiftServiceInput = adminBuilder.inputType('AdminNshiftServiceInput', {
  fields: (t) => ({
    optionId: t.string({ required: true, description: 'The Delivery Checkout option id.' }),
    serviceId: t.string({ required: true, description: 'nShift’s service id, e.g. P19.' }),
    name: t.string({ description: 'The option’s name, for the list.' }),
  }),
});

adminBuilder.queryFields((t) => ({
  nshiftServices: t.field({
    type: [NshiftServiceType],
    description: 'The nShift service mapping, by name (orders:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return listNshiftServices(ctx.db);
    },
  }),
  failedShipmentBookings: t.int({
    description:
      'How many parcel bookings nShift refused or left unanswered on orders still to ship ' +
      '(received or processing), each waiting for "Försök igen" or a parcel typed by hand: the ' +
      'dashboard\'s "Att hantera" (orders:read; issue 43).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return countFailedBookings(ctx.db);
    },
  }),
}));

const orderIdSchema = z.object({ orderId: z.number().int().positive() });
const bookingIdSchema = z.object({ bookingId: z.number().int().positive() });

adminBuilder.mutationFields((t) => ({
  bookShipment: t.field({
    type: BookingType,
    description:
      '"Skicka med nShift" (orders:write): queues the booking of the order’s parcel with nShift ' +
      'as a job (order_bookings row and job in one transaction, audited `order.booking`). While ' +
      'a booking is queued or booked it is returned and nothing is written; a failed one is ' +
      'queued again. The order moves to processing when the parcel is booked. Errors: NOT_FOUND, ' +
      'BAD_USER_INPUT with `reason` STATUS, NOT_BOOKABLE or UNCERTAIN (Swedish messages).',
    args: { orderId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(orderIdSchema, args);
      return (await requestBooking(ctx.db, input.orderId, actorOf(ctx), ctx.now)).booking;
    },
  }),
  retryShipmentBooking: t.field({
    type: BookingType,
    description:
      '"Försök igen" on a failed booking (orders:write): the same booking and orderNo queued ' +
      'again (nShift’s stored shipment is found by it: never two parcels). Audited ' +
      '`order.booking.retry`. Errors: NOT_FOUND, BAD_USER_INPUT (not failed).',
    args: { bookingId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(bookingIdSchema, args);
      return retryBooking(ctx.db, input.bookingId, actorOf(ctx), ctx.now);
    },
  }),
  setNshiftService: t.field({
    type: NshiftServiceType,
    description:
      'Maps a Delivery Checkout option to an nShift service, new or changed (orders:write), ' +
      'audited `shipping.nshift-service`. Errors: BAD_USER_INPUT (Swedish, `argument`).',
    args: { input: t.arg({ type: NshiftServiceInput, required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const input = parseInput(nshiftServiceSchema, {
        ...args.input,
        name: args.input.name ?? '',
      });
      return setNshiftService(ctx.db, input, actorOf(ctx), ctx.now);
    },
  }),
  deleteNshiftService: t.boolean({
    description:
      'Removes the mapping of an option (orders:write): its orders are then shipped with typed ' +
      'parcel numbers. Errors: NOT_FOUND.',
    args: { optionId: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      const gone = await deleteNshiftService(ctx.db, args.optionId, actorOf(ctx), ctx.now);
      if (!gone) throw swedishNotFound('Kopplingen finns inte.');
      return true;
    },
  }),
}));
