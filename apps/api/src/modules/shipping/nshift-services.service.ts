/**
 * The nShift service mapping (issue 43; ADR 020 §1, §5): which nShift shipment service
 * (`service.id`, e.g. `P19` PostNord MyPack Collect) books a Delivery Checkout option (its id,
 * the order's `shipping_choice_id`). Staff enter it in the back office from the Delivery
 * Checkout set-up; an option without a row is offered at the checkout and its orders are
 * shipped with parcel numbers typed by hand. Changes are audited (`shipping.nshift-service`).
 */
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { nshiftServices } from './shipping.tables.ts';

/** A mapping row. */
export type NshiftServiceRecord = typeof nshiftServices.$inferSelect;

/** What staff enter: option id (1–100 characters), service id (1–40, letters, digits, `_-.`), name. */
export const nshiftServiceSchema = z.object({
  optionId: z.string().trim().min(1, 'Ange alternativets id').max(100),
  serviceId: z
    .string()
    .trim()
    .min(1, 'Ange tjänstens id')
    .max(40)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Tjänstens id har bara bokstäver, siffror, punkt, _ och -'),
  name: z.string().trim().max(200).default(''),
});

/** Every mapping, by name then option id. */
export async function listNshiftServices(db: Database): Promise<NshiftServiceRecord[]> {
  return db
    .select()
    .from(nshiftServices)
    .orderBy(asc(nshiftServices.name), asc(nshiftServices.optionId));
}

/**
 * Writes the mapping of `input.optionId` (new or changed) with its audit entry, in one
 * transaction. Input already parsed with {@link nshiftServiceSchema}.
 */
export async function setNshiftService(
  db: Database,
  input: z.infer<typeof nshiftServiceSchema>,
  actor: AuditActor,
  now: Date,
): Promise<NshiftServiceRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(nshiftServices)
      .where(eq(nshiftServices.optionId, input.optionId));
    const [row] = await tx
      .insert(nshiftServices)
      .values({ ...input, updatedAt: now })
      .onConflictDoUpdate({
        target: nshiftServices.optionId,
        set: { serviceId: input.serviceId, name: input.name, updatedAt: now },
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'shipping.nshift-service',
      entityType: 'nshift_service',
      entityId: input.optionId,
      before: before ? { serviceId: before.serviceId, name: before.name } : null,
      after: { serviceId: input.serviceId, name: input.name },
      at: now,
    });
    return row!;
  });
}

/**
 * Deletes the mapping of `optionId` with its audit entry. @returns false when there was none
 */
export async function deleteNshiftService(
  db: Database,
  optionId: string,
  actor: AuditActor,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(nshiftServices)
      .where(eq(nshiftServices.optionId, optionId))
      .returning();
    if (!gone) return false;
    await recordAudit(tx, {
      actor,
      action: 'shipping.nshift-service',
      entityType: 'nshift_service',
      entityId: optionId,
      before: { serviceId: gone.serviceId, name: gone.name },
      after: null,
      at: now,
    });
    return true;
  });
}
