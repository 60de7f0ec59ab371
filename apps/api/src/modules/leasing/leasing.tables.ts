/**
 * Förmånscykel applications (issue 21, SPEC §9 "leasing order flow"): the employer's part of a
 * leasing order. The order itself is an ordinary order (lines, stock, history) placed with the
 * leasing payment option in status `awaiting_approval`; this row holds what the employer is
 * asked to approve and whether they did. Money in öre, rates in basis points.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.ts';

/**
 * One application per order. `status` goes `awaiting` -> `approved` or `declined` once
 * (the signed links are single use because a decided row never changes again).
 */
export const leasingApplications = pgTable(
  'leasing_applications',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    employerName: text().notNull(),
    /** NNNNNN-NNNN, checked with the `organisationsnummer` package. */
    organisationNumber: text().notNull(),
    /** Where the approve and decline links are sent. */
    employerEmail: text().notNull(),
    periodMonths: integer().notNull(),
    packageId: text().notNull(),
    marginalTaxBasisPoints: integer().notNull(),
    /** The employee's net cost per regular month, öre (ADR 013). */
    netCostPerMonth: integer().notNull(),
    /** The gross-salary deduction per regular month, öre. */
    grossDeductionPerMonth: integer().notNull(),
    status: text().notNull().default('awaiting'),
    decidedAt: timestamp({ withTimezone: true }),
    /** How it was decided: `link` (the employer's signed link) or `staff` (the back office). */
    decidedVia: text(),
    /**
     * The employer's answer as staff recorded it when deciding in the back office (e.g. "OK per
     * telefon, Eva på lönekontoret"); null when decided by the link.
     */
    employerAnswer: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'leasing_applications_status_known',
      sql`${t.status} in ('awaiting', 'approved', 'declined')`,
    ),
  ],
);
