/**
 * Förmånscykel applications in the back office (issue 27 "Moderation and content"; issue 21):
 * list them with their order, and record the employer's answer when it comes some other way than
 * the signed link (a phone call, a letter): approve or decline with that answer. The decision is
 * the same step as the link's ({@link applyLeasingDecision}: the order is received, or cancelled
 * with its stock returned), in one transaction with the audit entry (before/after).
 */
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound, ShopError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { orders } from '../orders/orders.tables.ts';
import { applyLeasingDecision, type LeasingApplicationRecord } from './leasing-order.service.ts';
import { LEASING_SETTINGS } from './leasing-settings.ts';
import type { LeasingApplicationState } from './leasing-status.ts';
import { leasingApplications } from './leasing.tables.ts';

/** Most applications one page holds. */
export const LEASING_LIST_TAKE_MAX = 200;

/** An application as the back office lists it (money in öre). */
export interface LeasingApplicationListItem extends LeasingApplicationRecord {
  /** The order's number (its id). */
  orderNumber: number;
  orderStatus: string;
  /** The employee's e-mail (the order's). */
  email: string;
  /** The employee's name from the billing address. */
  customerName: string;
  /** The order's value incl. VAT, öre. */
  orderValueIncVat: number;
  /** The chosen service package's Swedish name. */
  packageName: string;
}

/** A page of applications and how many match in all. */
export interface LeasingApplicationPage {
  total: number;
  items: LeasingApplicationListItem[];
}

/** Applications joined with their orders (what {@link toListItem} needs). */
function withOrders(db: Database) {
  return db
    .select({
      application: leasingApplications,
      orderStatus: orders.status,
      email: orders.email,
      billing: orders.billingAddress,
      orderValueIncVat: orders.orderValueIncVat,
    })
    .from(leasingApplications)
    .innerJoin(orders, eq(orders.id, leasingApplications.orderId));
}

/**
 * Applications, newest first, optionally in one state; `skip`/`take` page them (take at most
 * {@link LEASING_LIST_TAKE_MAX}).
 */
export async function listLeasingApplications(
  db: Database,
  filter: { status?: LeasingApplicationState | null | undefined; skip: number; take: number },
): Promise<LeasingApplicationPage> {
  const where: SQL | undefined = filter.status
    ? eq(leasingApplications.status, filter.status)
    : undefined;
  const [totals] = await db.select({ n: count() }).from(leasingApplications).where(where);
  const rows = await withOrders(db)
    .where(where)
    .orderBy(desc(leasingApplications.createdAt), desc(leasingApplications.orderId))
    .offset(filter.skip)
    .limit(filter.take);
  return { total: Number(totals?.n ?? 0), items: rows.map(toListItem) };
}

function toListItem(row: {
  application: LeasingApplicationRecord;
  orderStatus: string;
  email: string;
  billing: Record<string, string>;
  orderValueIncVat: number;
}): LeasingApplicationListItem {
  const a = row.application;
  return {
    ...a,
    orderNumber: a.orderId,
    orderStatus: row.orderStatus,
    email: row.email,
    customerName: [row.billing.firstName, row.billing.lastName].filter(Boolean).join(' '),
    orderValueIncVat: row.orderValueIncVat,
    packageName: LEASING_SETTINGS.packages.find((p) => p.id === a.packageId)?.name ?? a.packageId,
  };
}

/** Longest recorded employer answer, in characters. */
export const EMPLOYER_ANSWER_MAX = 1000;

/**
 * A staff decision: approve or decline, with the employer's answer (1–{@link
 * EMPLOYER_ANSWER_MAX} characters, required: who answered and how). Swedish messages for staff.
 */
export const staffLeasingDecisionSchema = z.object({
  orderId: z.number().int().positive('Ogiltigt ordernummer.'),
  decision: z.enum(['approve', 'decline'], 'Välj godkänn eller avslå.'),
  employerAnswer: z
    .string('Skriv arbetsgivarens svar.')
    .trim()
    .min(1, 'Skriv arbetsgivarens svar.')
    .max(EMPLOYER_ANSWER_MAX, `Svaret får vara högst ${EMPLOYER_ANSWER_MAX} tecken.`),
});

/** A parsed staff decision. */
export type StaffLeasingDecision = z.infer<typeof staffLeasingDecisionSchema>;

/** The fields of an application an audit entry holds. */
function auditView(a: LeasingApplicationRecord) {
  return {
    orderId: a.orderId,
    employerName: a.employerName,
    organisationNumber: a.organisationNumber,
    status: a.status,
    decidedVia: a.decidedVia,
    employerAnswer: a.employerAnswer,
  };
}

/**
 * Records the employer's answer from the back office: in one transaction the application is
 * decided ({@link applyLeasingDecision}: approve → order received and the employee's order mail;
 * decline → order cancelled, stock returned) and the audit entry `leasing.approve` /
 * `leasing.decline` written with before/after. The employer's link stops working (decided).
 * @returns the application after the decision, as listed
 * @throws ShopError NOT_FOUND (no application for the order), BAD_USER_INPUT (already decided;
 *   `argument` orderId; Swedish)
 */
export async function decideLeasingApplicationAsStaff(
  db: Database,
  input: StaffLeasingDecision,
  actor: AuditActor,
  now: Date,
): Promise<LeasingApplicationListItem> {
  await db.transaction(async (tx) => {
    let change: Awaited<ReturnType<typeof applyLeasingDecision>>;
    try {
      change = await applyLeasingDecision(tx, input.orderId, input.decision, now, {
        via: 'staff',
        employerAnswer: input.employerAnswer,
      });
    } catch (error) {
      if (error instanceof ShopError && error.extensions.code === 'NOT_FOUND') {
        throw swedishNotFound('Ansökan finns inte.');
      }
      if (error instanceof ShopError && error.extensions.reason === 'used') {
        throw swedishInputError('Ansökan är redan avgjord.', 'orderId');
      }
      throw error;
    }
    await recordAudit(tx, {
      actor,
      action: input.decision === 'approve' ? 'leasing.approve' : 'leasing.decline',
      entityType: 'leasing_application',
      entityId: input.orderId,
      before: auditView(change.before),
      after: auditView(change.after),
      at: now,
    });
  });
  const rows = await withOrders(db).where(eq(leasingApplications.orderId, input.orderId));
  return toListItem(rows[0]!);
}
