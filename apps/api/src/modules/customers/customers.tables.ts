/**
 * Customer accounts (SPEC §3 Customer, GEINS-API §4.7 UserType) and password-reset keys
 * (GEINS-API §7.2 step 7). The password column holds only a slow salted hash of the client's
 * SHA-384 digest (GEINS-API §7.3), never the digest itself.
 */

import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A customer account. `email` is stored trimmed and lower-cased and is unique. Profile fields are
 * '' when not given. `balance` is the customer's store credit in öre of `balanceCurrency`.
 */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64 parts) of the client's password digest. */
    passwordHash: text().notNull(),
    /** PERSON or ORGANIZATION (SPEC §3 Customer type). */
    customerType: text().notNull().default('PERSON'),
    /** UNSET, UNSPECIFIED, WOMAN or MAN (GEINS-API §4.7 Gender). */
    gender: text().notNull().default('UNSET'),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    mobile: text().notNull().default(''),
    careOf: text().notNull().default(''),
    addressLine1: text().notNull().default(''),
    addressLine2: text().notNull().default(''),
    addressLine3: text().notNull().default(''),
    entryCode: text().notNull().default(''),
    zip: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    /** ISO 3166-1 alpha-2, e.g. SE. */
    country: text().notNull().default('SE'),
    /** Personnummer, normalised to 12 digits (YYYYMMDDNNNN), or ''. */
    personalId: text().notNull().default(''),
    /** Organisationsnummer, normalised to NNNNNN-NNNN, or ''. */
    organizationId: text().notNull().default(''),
    company: text().notNull().default(''),
    newsletter: boolean().notNull().default(false),
    /** Free-form JSON text of the client (UserInputType.metaData). */
    metaData: text().notNull().default(''),
    memberType: text().notNull().default(''),
    /** Store credit in minor units (öre) of `balanceCurrency`. */
    balance: integer().notNull().default(0),
    balanceCurrency: text().notNull().default('SEK'),
    /** Set by the first updateUser after registration (GEINS-API §7.2 step 6). */
    profileCreatedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_unique').on(t.email)],
);

/**
 * Password-reset keys: single use, expiring. Only the SHA-256 of the key is stored; the key
 * itself travels once, in the e-mail's `?resetKey=` link.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    keyHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_customer').on(t.customerId)],
);
