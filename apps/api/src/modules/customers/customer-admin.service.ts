/**
 * Customer service's changes in the back office (issue 27 "Customers"), each in one transaction
 * with its audit entry:
 * - {@link eraseCustomer}: GDPR erasure (gdpr.service.ts `eraseCustomerIn`, the rule the
 *   customer's own `deleteUser` follows: orders kept anonymised for bookkeeping, 7 years);
 * - {@link startImpersonation}: "log in as the customer" for support, a single-use login link
 *   (the operator's `?loginToken=` flow, GEINS-API §7.4) whose session the storefront marks
 *   "logged in as another user" (SPEC §2), traceable to the staff user by its session family;
 * - {@link exportCustomerData}: everything the shop stores about the customer as JSON (GDPR
 *   art. 15 and 20), recorded as an export by the staff user.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { LOGIN_TOKEN_SESSION_SECONDS } from '../auth/auth.service.ts';
import { issueLoginToken, LOGIN_TOKEN_SECONDS } from '../auth/tokens.ts';
import { engagementOfPerson } from '../engagement/personal-data.ts';
import { anonymiseGuestOrders } from '../orders/orders-anonymise.service.ts';
import { OPEN_ORDER_STATUSES, ordersOfPerson } from './customer-search.service.ts';
import type { Customer } from './customers.service.ts';
import { customers } from './customers.tables.ts';
import { eraseCustomerIn, type ErasureOutcome } from './gdpr.service.ts';

/** The customer row, locked for the rest of the transaction. @throws NOT_FOUND (Swedish) */
async function lockCustomer(tx: Database, customerId: number): Promise<Customer> {
  const [row] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update')
    .limit(1);
  if (!row) throw swedishNotFound('Kunden finns inte (längre).');
  return row;
}

/** The erasure's input: the customer and, as a confirmation, their e-mail address. */
export const eraseCustomerSchema = z.object({
  customerId: z.number().int().positive(),
  confirmEmail: z.string().trim().toLowerCase().max(254),
});

/**
 * Erases a customer (GDPR art. 17) and records it: the orders stay anonymised (the guest orders
 * placed with the address too, issue 40 point 5), the newsletter
 * subscription, back-in-stock requests, reviews, sessions and the account go. Refused while an
 * order is still open (awaiting approval, received, processing: it must be delivered or
 * cancelled first). The audit entry holds no personal data of the erased person: its before
 * names the account by id with its counts and balance (the written-off store credit), its after
 * what was erased.
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (`confirmEmail` not the customer's address,
 *   `customerId` with open orders), messages in Swedish
 */
export async function eraseCustomer(
  db: Database,
  input: z.infer<typeof eraseCustomerSchema>,
  actor: AuditActor,
  now: Date,
): Promise<ErasureOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const customer = await lockCustomer(tx, input.customerId);
    if (customer.email !== input.confirmEmail) {
      throw swedishInputError(
        'Skriv kundens e-postadress för att bekräfta raderingen.',
        'confirmEmail',
      );
    }
    // The guest orders of the address are the person's too (issue 40 point 5).
    const orders = await ordersOfPerson(tx, customer.id, customer.email);
    const open = orders.filter((view) => OPEN_ORDER_STATUSES.includes(view.order.status));
    if (open.length > 0) {
      throw swedishInputError(
        `Kunden har ${open.length} order som inte är levererad eller avbruten ` +
          `(${open.map((view) => view.order.id).join(', ')}). Avsluta den först.`,
        'customerId',
      );
    }
    const guestOrders = await anonymiseGuestOrders(tx, customer.email);
    const erased = (await eraseCustomerIn(tx, customer.id))!;
    const outcome = { ...erased, ordersAnonymised: erased.ordersAnonymised + guestOrders };
    await recordAudit(tx, {
      actor,
      action: 'customer.erase',
      entityType: 'customer',
      entityId: customer.id,
      before: {
        id: customer.id,
        customerType: customer.customerType,
        orders: orders.length,
        balance: customer.balance,
        balanceCurrency: customer.balanceCurrency,
        newsletter: customer.newsletter,
        createdAt: customer.createdAt,
      },
      after: { erased: true, ...outcome },
      at: now,
    });
    return outcome;
  });
}

/** The storefront page a support login opens by default (the customer's orders). */
export const IMPERSONATION_DEFAULT_PATH = '/mina-sidor/ordrar';

/** The input of a support login: the customer and the account page to open. */
export const impersonationSchema = z.object({
  customerId: z.number().int().positive(),
  path: z
    .string()
    .regex(/^\/mina-sidor(\/[a-z0-9-]*)*$/, 'måste vara en sida under /mina-sidor')
    .max(200)
    .nullish(),
});

/** A support login link. */
export interface Impersonation {
  /** The storefront path with `?loginToken=` to open (same origin as the back office). */
  path: string;
  /** Until when the link can be opened (once). */
  expiresAt: Date;
  /** How long the customer session it starts lasts, seconds. */
  sessionSeconds: number;
  /** The session family of that session (in the audit entry). */
  sessionFamilyId: string;
}

/**
 * Starts a support login as the customer: a single-use login link valid for
 * {@link LOGIN_TOKEN_SECONDS} that starts a {@link LOGIN_TOKEN_SESSION_SECONDS} customer session
 * the storefront marks "logged in as another user" (SPEC §2). The link names the staff user
 * (`act` claim) and the session family it will start; the audit entry (before: the account,
 * after: the family, the link's expiry and the staff user) ties that session to them. The
 * session's access tokens name the staff user too (`act`, also after refreshes), which refuses
 * erasure and password changes and audits each mutation (graphql/support-session.ts, issue 41).
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function startImpersonation(
  db: Database,
  config: Config,
  input: z.infer<typeof impersonationSchema>,
  actor: AuditActor & { staffUserId: number },
  now: Date,
): Promise<Impersonation> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const customer = await lockCustomer(tx, input.customerId);
    const sessionFamilyId = randomUUID();
    const token = await issueLoginToken(customer.email, config.auth, now, LOGIN_TOKEN_SECONDS, {
      staffUserId: actor.staffUserId,
      familyId: sessionFamilyId,
    });
    const expiresAt = new Date(now.getTime() + LOGIN_TOKEN_SECONDS * 1000);
    const target = input.path ?? IMPERSONATION_DEFAULT_PATH;
    await recordAudit(tx, {
      actor,
      action: 'customer.impersonate',
      entityType: 'customer',
      entityId: customer.id,
      before: { id: customer.id, email: customer.email, impersonatedSession: null },
      after: {
        id: customer.id,
        email: customer.email,
        impersonatedSession: {
          sessionFamilyId,
          byStaffUserId: actor.staffUserId,
          linkExpiresAt: expiresAt,
          sessionSeconds: LOGIN_TOKEN_SESSION_SECONDS,
          path: target,
        },
      },
      at: now,
    });
    const query = new URLSearchParams({ loginToken: token });
    return {
      path: `${target}?${query.toString()}`,
      expiresAt,
      sessionSeconds: LOGIN_TOKEN_SESSION_SECONDS,
      sessionFamilyId,
    };
  });
}

/** The profile fields of an export: the customer row without its password hash. */
function profileOf(customer: Customer): Omit<Customer, 'passwordHash'> {
  const { passwordHash: _hash, ...profile } = customer;
  return profile;
}

/**
 * Everything the shop stores about a customer (GDPR art. 15 and 20) as a JSON-ready object:
 * the profile (no password hash), the orders with lines and parcels (the guest orders placed with
 * the address too, issue 40 point 5), the newsletter
 * subscription with its consent, back-in-stock requests and reviews. The export is recorded in
 * the audit log (who exported whose data), in one transaction with the reads.
 * @throws ShopError NOT_FOUND (Swedish)
 */
export async function exportCustomerData(
  db: Database,
  customerId: number,
  actor: AuditActor,
  now: Date,
): Promise<Record<string, unknown>> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const customer = await lockCustomer(tx, customerId);
    const orders = await ordersOfPerson(tx, customer.id, customer.email);
    const engagement = await engagementOfPerson(tx, customer.email, customer.id);
    await recordAudit(tx, {
      actor,
      action: 'customer.export',
      entityType: 'customer',
      entityId: customer.id,
      before: null,
      after: { id: customer.id, email: customer.email, orders: orders.length },
      at: now,
    });
    return {
      exportedAt: now.toISOString(),
      customer: profileOf(customer),
      orders: orders.map(({ order, lines, shipments }) => ({ ...order, lines, shipments })),
      newsletter: engagement.newsletter,
      availabilityRequests: engagement.availabilityRequests,
      reviews: engagement.reviews,
    };
  });
}
