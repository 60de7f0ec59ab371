/**
 * Order changes in the back office (issue 27 "Orders"): a status change through the transitions
 * table (order-process.ts, which owns the side effects: cancelling returns the stock, completing
 * records the delivery), a note, and resending the order confirmation. Each runs in one
 * transaction with its audit entry (before/after) and shows in the order's history with who and
 * when. Refunds are order-refund.service.ts; reading is order-search.service.ts.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { orderConfirmationJob } from '../jobs/job-kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  canTransition,
  ORDER_STATUS_NAMES,
  transitionNotAllowed,
  transitionOrder,
  type OrderStatus,
} from './order-process.ts';
import type { OrderRecord } from './orders.service.ts';
import { orderNotes, orders } from './orders.tables.ts';

/** The statuses staff may move an order to (the förmånscykel's employer answers its own). */
export const STAFF_TARGET_STATUSES = ['processing', 'completed', 'cancelled'] as const;

/**
 * A status change as the admin API takes it: the new status, an optional note (the history's
 * reason) and an optional parcel number registered with a move to processing or completed.
 */
export const orderTransitionSchema = z.object({
  orderId: z.number().int().positive(),
  to: z.enum(STAFF_TARGET_STATUSES),
  note: z.string().trim().max(500).default(''),
  parcelNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '4–40 bokstäver, siffror eller bindestreck')
    .nullish(),
});

/** A parsed status change. */
export type OrderTransitionInput = z.infer<typeof orderTransitionSchema>;

/** A note on an order. */
export const orderNoteSchema = z.object({
  orderId: z.number().int().positive(),
  text: z.string().trim().min(1, 'skriv en anteckning').max(2000),
});

/** The history reason of a status change without a note. */
const DEFAULT_REASONS: Record<(typeof STAFF_TARGET_STATUSES)[number], string> = {
  processing: 'Behandlas',
  completed: 'Levererad till kunden',
  cancelled: 'Avbruten',
};

/** The order row locked for the change. @throws ShopError NOT_FOUND (Swedish) */
async function lockOrder(tx: Database, orderId: number): Promise<OrderRecord> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw swedishNotFound('Ordern finns inte.');
  return order;
}

/** The audited fields of an order's status. */
function statusFields(order: OrderRecord) {
  return { status: order.status, completedAt: order.completedAt, updatedAt: order.updatedAt };
}

/**
 * Moves an order to `to` through the transitions table in one transaction with its audit entry
 * `order.transition`: the history row names the staff user; cancelling returns every unit to
 * stock; completing sets `completedAt` (the delivery) and, with a parcel number, registers the
 * parcel. Moving to the status the order has is refused like any move the table does not allow,
 * and so is any move of a förmånscykel application waiting for the employer.
 * @throws ShopError NOT_FOUND (Swedish), ORDER_TRANSITION_NOT_ALLOWED (`from`, `to`)
 */
export async function changeOrderStatus(
  db: Database,
  input: OrderTransitionInput,
  actor: AuditActor,
  now: Date,
): Promise<OrderRecord> {
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx, input.orderId);
    const from = before.status as OrderStatus;
    // A förmånscykel application is answered by the employer (issue 21), not by staff here.
    if (from === 'awaiting_approval' || !canTransition(from, input.to)) {
      throw transitionNotAllowed(from, input.to);
    }
    if (input.parcelNumber && input.to === 'cancelled') {
      throw swedishInputError('Ett kolli kan bara registreras när ordern skickas.', 'parcelNumber');
    }
    const after = await transitionOrder(
      tx,
      input.orderId,
      input.to,
      input.note || DEFAULT_REASONS[input.to],
      {
        actor: { staffUserId: actor.staffUserId, staffEmail: actor.staffEmail },
        ...(input.parcelNumber
          ? { shipment: { parcelNumber: input.parcelNumber, shippedAt: now } }
          : {}),
      },
    );
    await recordAudit(tx, {
      actor,
      action: 'order.transition',
      entityType: 'order',
      entityId: before.id,
      before: statusFields(before),
      after: {
        ...statusFields(after),
        note: input.note,
        ...(input.parcelNumber ? { parcelNumber: input.parcelNumber } : {}),
        ...(input.to === 'cancelled' ? { stockReturned: true } : {}),
      },
      at: now,
    });
    return after;
  });
}

/**
 * Writes a note on an order with its audit entry `order.note`, in one transaction.
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function addOrderNote(
  db: Database,
  input: z.infer<typeof orderNoteSchema>,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    await tx.insert(orderNotes).values({
      orderId: order.id,
      kind: 'note',
      text: input.text,
      staffUserId: actor.staffUserId,
      staffEmail: actor.staffEmail,
    });
    await recordAudit(tx, {
      actor,
      action: 'order.note',
      entityType: 'order',
      entityId: order.id,
      before: null,
      after: { note: input.text },
      at: now,
    });
  });
}

/**
 * Sends the order confirmation again: clears `confirmationSentAt` and queues the order e-mail
 * job (a finished one is re-armed; one still queued is kept), with a history note and the audit
 * entry `order.resend-confirmation`, in one transaction. The job sends it to the order's e-mail
 * address (order-email.ts).
 * @throws ShopError NOT_FOUND (Swedish); BAD_USER_INPUT (Swedish) for an order waiting for the
 *   employer (its confirmation goes out at the approval)
 */
export async function resendOrderConfirmation(
  db: Database,
  orderId: number,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'awaiting_approval') {
      throw swedishInputError(
        `Ordern har status ${ORDER_STATUS_NAMES.awaiting_approval.toLowerCase()}: bekräftelsen skickas när den godkänns.`,
        'orderId',
      );
    }
    await tx.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, order.id));
    await enqueueJob(tx, orderConfirmationJob(order.id), { rearm: true });
    await tx.insert(orderNotes).values({
      orderId: order.id,
      kind: 'confirmation',
      text: `Orderbekräftelsen skickas igen till ${order.email}.`,
      staffUserId: actor.staffUserId,
      staffEmail: actor.staffEmail,
    });
    await recordAudit(tx, {
      actor,
      action: 'order.resend-confirmation',
      entityType: 'order',
      entityId: order.id,
      before: { confirmationSentAt: order.confirmationSentAt },
      after: { confirmationSentAt: null, queued: true, to: order.email },
      at: now,
    });
  });
}
