/**
 * GDPR for guest buyers in the back office (issue 40 point 5: "export and erasure work for a
 * guest too, by e-mail, audited like the others"). A guest is an e-mail address with orders and
 * no account (orders/guest-orders.service.ts); each change is one transaction with its audit
 * entry, as the account's in customer-admin.service.ts.
 */
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { engagementOfPerson, eraseEngagementOf } from '../engagement/personal-data.ts';
import { findGuestBuyer, type GuestBuyer } from '../orders/guest-orders.service.ts';
import { anonymiseGuestOrders } from '../orders/orders-anonymise.service.ts';
import { listGuestOrdersByEmail, type OrderView } from '../orders/orders.service.ts';
import { guestProfile, OPEN_ORDER_STATUSES } from './customer-search.service.ts';
import type { ErasureOutcome } from './gdpr.service.ts';

/** The audit entries' entity type of a guest buyer (the entity id is null: no account). */
export const GUEST_ENTITY = 'guest_customer';

/** A guest's e-mail address as the API takes it (trimmed, lower case). */
export const guestEmailSchema = z.string().trim().toLowerCase().min(3).max(254);

/** The guest erasure's input: the address and, as a confirmation, the address typed again. */
export const eraseGuestSchema = z.object({
  email: guestEmailSchema,
  confirmEmail: z.string().trim().toLowerCase().max(254),
});

/**
 * The guest with address `email` and its orders, read inside the transaction.
 * @throws ShopError NOT_FOUND (Swedish) when the address has no guest orders
 */
async function guestWithOrders(
  tx: Database,
  email: string,
): Promise<{ guest: GuestBuyer; orders: OrderView[] }> {
  const guest = await findGuestBuyer(tx, email);
  if (!guest) throw swedishNotFound('Det finns ingen gästkund med den e-postadressen.');
  return { guest, orders: await listGuestOrdersByEmail(tx, guest.email) };
}

/**
 * Everything the shop stores about a guest buyer (GDPR art. 15 and 20) as a JSON-ready object:
 * the profile as the newest order gives it, the guest orders with lines and parcels, the
 * newsletter subscription with its consent and the back-in-stock requests of the address.
 * Recorded in the audit log (`customer.export`, entity {@link GUEST_ENTITY}) in one transaction
 * with the reads.
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function exportGuestData(
  db: Database,
  email: string,
  actor: AuditActor,
  now: Date,
): Promise<Record<string, unknown>> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const { guest, orders } = await guestWithOrders(tx, email);
    const engagement = await engagementOfPerson(tx, guest.email, null);
    await recordAudit(tx, {
      actor,
      action: 'customer.export',
      entityType: GUEST_ENTITY,
      entityId: null,
      before: null,
      after: {
        guest: true,
        email: guest.email,
        orders: orders.length,
        orderIds: orders.map((view) => view.order.id),
      },
      at: now,
    });
    return {
      exportedAt: now.toISOString(),
      customer: { ...guestProfile(guest, orders[0]), guest: true },
      orders: orders.map(({ order, lines, shipments }) => ({ ...order, lines, shipments })),
      newsletter: engagement.newsletter,
      availabilityRequests: engagement.availabilityRequests,
      reviews: engagement.reviews,
    };
  });
}

/**
 * Erases a guest buyer (GDPR art. 17) and records it: the guest orders stay anonymised for
 * bookkeeping (7 years), the newsletter subscription and back-in-stock requests of the address
 * go. Refused while an order is still open, as for an account. The audit entry
 * (`customer.erase`, entity {@link GUEST_ENTITY}) holds no personal data: the order numbers and
 * what was erased.
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (`confirmEmail` not the address, open orders on
 *   `email`), messages in Swedish
 */
export async function eraseGuest(
  db: Database,
  input: z.infer<typeof eraseGuestSchema>,
  actor: AuditActor,
  now: Date,
): Promise<ErasureOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const { guest, orders } = await guestWithOrders(tx, input.email);
    if (guest.email !== input.confirmEmail) {
      throw swedishInputError(
        'Skriv kundens e-postadress för att bekräfta raderingen.',
        'confirmEmail',
      );
    }
    const open = orders.filter((view) => OPEN_ORDER_STATUSES.includes(view.order.status));
    if (open.length > 0) {
      throw swedishInputError(
        `Kunden har ${open.length} order som inte är levererad eller avbruten ` +
          `(${open.map((view) => view.order.id).join(', ')}). Avsluta den först.`,
        'email',
      );
    }
    const ordersAnonymised = await anonymiseGuestOrders(tx, guest.email);
    const engagement = await eraseEngagementOf(tx, guest.email);
    const outcome: ErasureOutcome = {
      ordersAnonymised,
      newsletterRemoved: engagement.newsletter,
      availabilityRequestsRemoved: engagement.availabilityRequests,
    };
    await recordAudit(tx, {
      actor,
      action: 'customer.erase',
      entityType: GUEST_ENTITY,
      entityId: null,
      before: {
        guest: true,
        orders: orders.length,
        orderIds: orders.map((view) => view.order.id),
        firstOrderAt: guest.createdAt,
      },
      after: { erased: true, ...outcome },
      at: now,
    });
    return outcome;
  });
}
