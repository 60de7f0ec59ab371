/**
 * Payment operations on the admin API (issue 42; ADR 019 §3–4): the calls that move money at a
 * payment provider (Kustom) — captures, cancels, releases, refunds — on the order page
 * (`AdminOrder.paymentOperations`), what was taken and paid back on each payment
 * (`AdminOrderPayment.capturedAmount`/`refundedAmount`), the number that failed on the dashboard
 * (`failedPaymentOperations`, orders:read) and "Försök igen" on a failed one
 * (`retryPaymentOperation`, orders:write like `refundOrder`), audited as `payment.retry`; the
 * reconciliation's flags on authorisations the provider cancelled, let expire or is about to
 * (`AdminOrder.paymentAlerts`, `paymentAuthorisationAlerts` on the dashboard, orders:read).
 * Amounts are Int minor units (öre) of the order's currency, as everywhere in the admin API.
 */
import { eq } from 'drizzle-orm';
import { swedishNotFound } from '../../errors.ts';
import { adminBuilder } from '../../graphql/admin/builder.ts';
import { actorOf } from '../../graphql/admin/context.ts';
import { requireStaff } from '../../graphql/admin/guard.ts';
import { OrderDetailType, PaymentType } from '../../graphql/admin/orders-types.graphql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  authorisationAlertsByOrderIds,
  countAuthorisationAlerts,
  type AuthorisationAlert,
} from './authorisation-checks.service.ts';
import {
  countFailedOperations,
  operationsByOrderIds,
  retryPaymentOperation,
  type PaymentOperationKind,
  type PaymentOperationRecord,
} from './payment-operations.service.ts';
import { paymentOperations } from './payments.tables.ts';

/** The state of an operation. */
type PaymentOperationState = 'queued' | 'succeeded' | 'failed';

/** The kinds in Swedish, as the order page shows them. */
const KIND_LABELS: Record<PaymentOperationKind, string> = {
  capture: 'Dragning',
  cancel: 'Makulering',
  release: 'Frigörelse av rest',
  refund: 'Återbetalning',
};

/** The states in Swedish. */
const STATE_LABELS: Record<PaymentOperationState, string> = {
  queued: 'Väntar',
  succeeded: 'Klar',
  failed: 'Misslyckades',
};

const KindEnum = adminBuilder.enumType('AdminPaymentOperationKind', {
  description:
    'What a payment operation does at the provider (issue 42): capture (takes the authorised ' +
    'money when the order ships), cancel (drops an authorisation nothing was taken of), release ' +
    '(frees the rest of a partly captured authorisation), refund (pays back captured money).',
  values: ['capture', 'cancel', 'release', 'refund'] as const,
});

const StateEnum = adminBuilder.enumType('AdminPaymentOperationState', {
  description:
    'queued (its job calls the provider, retrying while the provider is unreachable), ' +
    'succeeded, or failed (the provider refused; staff may retry it). Issue 42.',
  values: ['queued', 'succeeded', 'failed'] as const,
});

const PaymentOperationType = adminBuilder
  .objectRef<PaymentOperationRecord>('AdminPaymentOperation')
  .implement({
    description:
      'A call that moves money at a payment provider (issue 42, `payment_operations`): written ' +
      'with its cause (a shipment, a cancellation, a refund) and run as a job with an ' +
      'idempotency key, so a retry never moves money twice. Amounts in öre.',
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The operation (issue 42).' }),
      orderId: t.exposeInt('orderId', { description: 'The order number (issue 42).' }),
      provider: t.exposeString('provider', {
        description: 'The provider, e.g. `kustom` (issue 42).',
      }),
      kind: t.field({
        type: KindEnum,
        description: 'capture, cancel, release or refund (issue 42).',
        resolve: (op) => op.kind as PaymentOperationKind,
      }),
      kindName: t.string({
        description:
          'The kind in Swedish: "Dragning", "Makulering", "Frigörelse av rest", "Återbetalning" (issue 42).',
        resolve: (op) => KIND_LABELS[op.kind as PaymentOperationKind] ?? op.kind,
      }),
      seq: t.exposeInt('seq', {
        description: '1, 2, … per payment and kind (issue 42).',
      }),
      amount: t.exposeInt('amount', {
        description:
          'Öre moved: captured or refunded; 0 for a cancel or a release (the rest, whatever it is). Issue 42.',
      }),
      refundNo: t.exposeInt('refundNo', {
        nullable: true,
        description:
          'The back-office refund (its number on the order) a refund pays back; else null (issue 42).',
      }),
      state: t.field({
        type: StateEnum,
        description: 'queued, succeeded or failed (issue 42).',
        resolve: (op) => op.state as PaymentOperationState,
      }),
      stateName: t.string({
        description: 'The state in Swedish: "Väntar", "Klar", "Misslyckades" (issue 42).',
        resolve: (op) => STATE_LABELS[op.state as PaymentOperationState] ?? op.state,
      }),
      idempotencyKey: t.exposeString('idempotencyKey', {
        description:
          'The key sent with the call, e.g. `capture:4:1`; a retry of a failed one gets `…:r1` (issue 42).',
      }),
      providerOperationId: t.exposeString('providerOperationId', {
        nullable: true,
        description:
          "The provider's id of the capture or refund (Kustom `Capture-Id`, `Refund-Id`), else null (issue 42).",
      }),
      errorCode: t.exposeString('errorCode', {
        nullable: true,
        description: "The provider's error code of a failed call, else null (issue 42).",
      }),
      providerMessage: t.exposeString('providerMessage', {
        nullable: true,
        description:
          "The provider's own words when it refused or failed (not translated), or the shop's note; null when none (issue 42).",
      }),
      trackingNumbers: t.stringList({
        description:
          'Tracking numbers sent with a capture (`shipping_info`); empty otherwise (issue 42).',
        resolve: (op) => (op.shippingInfo ?? []).map((parcel) => parcel.trackingNumber),
      }),
      attempts: t.exposeInt('attempts', {
        description: 'Calls made to the provider so far (issue 42).',
      }),
      staffEmail: t.exposeString('staffEmail', {
        nullable: true,
        description: 'The staff user whose action queued it; null for the shop itself (issue 42).',
      }),
      createdAt: t.expose('createdAt', {
        type: 'DateTime',
        description: 'When it was queued (issue 42).',
      }),
      updatedAt: t.expose('updatedAt', {
        type: 'DateTime',
        description: 'When its state last changed (issue 42).',
      }),
    }),
  });

adminBuilder.objectField(OrderDetailType, 'paymentOperations', (t) =>
  t.field({
    type: [PaymentOperationType],
    description:
      'The calls that move money at the payment provider, oldest first (issue 42); empty for ' +
      'payments without provider calls (invoice, leasing, the sandbox). Amounts in öre.',
    resolve: async (d, _args, ctx) =>
      (await operationsByOrderIds(ctx.db, [d.order.id])).get(d.order.id) ?? [],
  }),
);

const AlertStateEnum = adminBuilder.enumType('AdminPaymentAlertState', {
  description:
    'What the provider reported about an uncaptured authorisation (issue 42, reconciliation): ' +
    'cancelled, expired (nothing can be captured) or expiring (runs out within 24 hours).',
  values: ['cancelled', 'expired', 'expiring'] as const,
});

const PaymentAlertType = adminBuilder.objectRef<AuthorisationAlert>('AdminPaymentAlert').implement({
  description:
    "A flag of the payments' reconciliation (issue 42): the provider reports the order's " +
    'authorisation cancelled, expired or about to expire.',
  fields: (t) => ({
    provider: t.exposeString('provider', { description: '`kustom` or `stripe` (issue 42).' }),
    state: t.field({
      type: AlertStateEnum,
      description: 'cancelled, expired or expiring (issue 42).',
      resolve: (alert) => alert.state,
    }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Until when the provider lets it be captured, when known (issue 42).',
    }),
    checkedAt: t.expose('checkedAt', {
      type: 'DateTime',
      description: 'When the provider was last asked (issue 42).',
    }),
    message: t.exposeString('message', {
      description:
        'What to do, in Swedish, e.g. "Reservationen går ut 4 december 2026 kl. 10:00: skicka ' +
        'ordern eller kontakta kunden." (issue 42).',
    }),
  }),
});

adminBuilder.objectField(OrderDetailType, 'paymentAlerts', (t) =>
  t.field({
    type: [PaymentAlertType],
    description:
      "The reconciliation's flags on the order's authorisation (issue 42): empty while the " +
      'provider has nothing to report; an expiring one goes when it is captured.',
    resolve: async (d, _args, ctx) =>
      (await authorisationAlertsByOrderIds(ctx.db, [d.order.id])).get(d.order.id) ?? [],
  }),
);

adminBuilder.objectFields(PaymentType, (t) => ({
  capturedAmount: t.exposeInt('capturedAmount', {
    description:
      'Öre taken at the provider: captures that succeeded (issue 42); 0 without provider calls.',
  }),
  refundedAmount: t.exposeInt('refundedAmount', {
    description: 'Öre paid back through the provider: refunds that succeeded (issue 42).',
  }),
}));

adminBuilder.queryFields((t) => ({
  failedPaymentOperations: t.int({
    description:
      'How many payment operations failed (the provider refused) and wait for "Försök igen" ' +
      '(orders:read; issue 42).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return countFailedOperations(ctx.db);
    },
  }),
  paymentAuthorisationAlerts: t.int({
    description:
      'How many orders the provider reports with a cancelled or expired authorisation (until ' +
      'the order is cancelled or completed) or one that runs out within 24 hours (until it is ' +
      'captured): the dashboard\'s "Att hantera" (orders:read; issue 42).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return countAuthorisationAlerts(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  retryPaymentOperation: t.field({
    type: PaymentOperationType,
    description:
      'Queues a failed payment operation again under a new idempotency key; its job calls the ' +
      'provider again (orders:write, as `refundOrder`; issue 42). Audited as `payment.retry`. ' +
      'Returns the operation, queued. Errors: NOT_FOUND, BAD_USER_INPUT (not failed), Swedish messages.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'write');
      return ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(paymentOperations)
          .where(eq(paymentOperations.id, args.id));
        if (!before) throw swedishNotFound('Betalningshändelsen finns inte.');
        const queued = await retryPaymentOperation(tx, args.id);
        await recordAudit(tx, {
          actor: actorOf(ctx),
          action: 'payment.retry',
          entityType: 'payment_operation',
          entityId: queued.id,
          before: {
            orderId: before.orderId,
            kind: before.kind,
            amount: before.amount,
            state: before.state,
            errorCode: before.errorCode,
            providerMessage: before.providerMessage,
            idempotencyKey: before.idempotencyKey,
          },
          after: { state: queued.state, idempotencyKey: queued.idempotencyKey },
          at: ctx.now,
        });
        return queued;
      });
    },
  }),
}));
