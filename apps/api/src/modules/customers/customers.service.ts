/**
 * Customer accounts (SPEC §3 Customer, GEINS-API §4.7): look-ups, registration, the profile
 * update of `updateUser`, deletion and the GDPR data export. Every function takes the customer id
 * of the verified caller; callers never pass ids from the client.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import { ADDRESS_FIELDS, type AddressData } from './address.ts';
import { customers } from './customers.tables.ts';
import { normalizeOrganisationsnummer, normalizePersonnummer } from './identity-number.ts';

/** A customer row. */
export type Customer = typeof customers.$inferSelect;

/** Genders of `UserType.gender` (GEINS-API §4.7). */
export const GENDERS = ['UNSET', 'UNSPECIFIED', 'WOMAN', 'MAN'] as const;
/** One of {@link GENDERS}. */
export type Gender = (typeof GENDERS)[number];

/** Trims and lower-cases an e-mail address (the account's unique key). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A valid e-mail address (SPEC §5 'Du måste ange en giltig email'). */
export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** The customer with that normalised e-mail, or undefined. */
export async function findCustomerByEmail(
  db: Database,
  email: string,
): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email)).limit(1);
  return row;
}

/** The customer with that id, or undefined (e.g. deleted). */
export async function findCustomer(db: Database, id: number): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

/**
 * Creates an account. The unique index decides races: a second registration of the same e-mail
 * returns null.
 * @param passwordHash from `hashPassword` (never a digest or plaintext)
 * @returns the new customer, or null when the e-mail already has an account
 */
export async function createCustomer(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<Customer | null> {
  const [row] = await db
    .insert(customers)
    .values({ email, passwordHash })
    .onConflictDoNothing({ target: customers.email })
    .returning();
  return row ?? null;
}

/** Replaces the stored password hash. */
export async function setPasswordHash(
  db: Database,
  customerId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .update(customers)
    .set({ passwordHash, updatedAt: new Date() })
    .where(eq(customers.id, customerId));
}

/** The customer's address as an `AddressType` (GEINS-API §4.6). */
export function customerAddress(customer: Customer): AddressData {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    addressLine1: customer.addressLine1,
    addressLine2: customer.addressLine2,
    addressLine3: customer.addressLine3,
    entryCode: customer.entryCode,
    careOf: customer.careOf,
    city: customer.city,
    state: customer.state,
    country: customer.country,
    zip: customer.zip,
    company: customer.company,
    mobile: customer.mobile,
    phone: customer.phone,
  };
}

/** `UserInputType` as the resolver passes it (null or missing fields stay unchanged). */
export interface UserInput {
  address?: Partial<Record<keyof AddressData, string | null>> | null;
  gender?: Gender | null;
  newsletter?: boolean | null;
  personalId?: string | null;
  customerType?: 'PERSON' | 'ORGANIZATION' | null;
  metaData?: string | null;
}

const MAX_FIELD = 200;

/**
 * Validates an identity number for the customer type (SPEC §5): a personnummer for PERSON, an
 * organisationsnummer for ORGANIZATION.
 * @returns the normalised number (12 digits, or NNNNNN-NNNN), '' for an empty value
 * @throws ShopError BAD_USER_INPUT (argument personalId) when invalid
 */
export function normalizeIdentityNumber(value: string, customerType: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (customerType === 'ORGANIZATION') {
    const normalized = normalizeOrganisationsnummer(trimmed);
    if (!normalized) throw badUserInput('Invalid organisation number', 'personalId');
    return normalized;
  }
  const normalized = normalizePersonnummer(trimmed);
  if (!normalized) throw badUserInput('Invalid personal identity number', 'personalId');
  return normalized;
}

/**
 * Applies `updateUser(user)` to the caller's own account; the first call after registration marks
 * the profile created (GEINS-API §7.2 step 6).
 * @throws ShopError BAD_USER_INPUT for an invalid personal/organisation number or an over-long field
 * @returns the updated customer
 */
export async function updateCustomer(
  db: Database,
  customerId: number,
  input: UserInput,
  now: Date,
): Promise<Customer> {
  const current = await findCustomer(db, customerId);
  if (!current) throw badUserInput('The account no longer exists');
  const changes: Partial<typeof customers.$inferInsert> = { updatedAt: now };
  if (!current.profileCreatedAt) changes.profileCreatedAt = now;
  const customerType = input.customerType ?? current.customerType;
  changes.customerType = customerType;
  if (input.gender) changes.gender = input.gender;
  if (input.newsletter !== null && input.newsletter !== undefined) {
    changes.newsletter = input.newsletter;
  }
  if (input.metaData !== null && input.metaData !== undefined) {
    if (input.metaData.length > 10_000) throw badUserInput('metaData is too long', 'metaData');
    changes.metaData = input.metaData;
  }
  if (input.address) {
    for (const field of ADDRESS_FIELDS) {
      const value = input.address[field];
      if (value === null || value === undefined) continue;
      if (value.length > MAX_FIELD) throw badUserInput(`${field} is too long`, 'user');
      changes[field] = value.trim();
    }
  }
  const identity = input.personalId ?? null;
  if (identity !== null) {
    const normalized = normalizeIdentityNumber(identity, customerType);
    changes.personalId = normalized;
    changes.organizationId = customerType === 'ORGANIZATION' ? normalized : '';
  }
  const [row] = await db
    .update(customers)
    .set(changes)
    .where(eq(customers.id, customerId))
    .returning();
  if (!row) throw badUserInput('The account no longer exists');
  return row;
}

/** Deletes the account row (refresh tokens and reset keys go with it, ON DELETE CASCADE). */
export async function deleteCustomerRow(db: Database, customerId: number): Promise<boolean> {
  const rows = await db
    .delete(customers)
    .where(eq(customers.id, customerId))
    .returning({ id: customers.id });
  return rows.length > 0;
}
