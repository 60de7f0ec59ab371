/**
 * The seller settings of the environment (issue 40 §2; the identity itself: seller.ts):
 * SHOP_LEGAL_NAME, SHOP_ORGANISATION_NUMBER (NNNNNN-NNNN, check digit validated), SHOP_ADDRESS,
 * SHOP_EMAIL and SHOP_PHONE, validated with the rest of the configuration (config.ts).
 *
 * Unset in development and tests: the made-up {@link EXAMPLE_SELLER}. Unset in production: null,
 * never the example: receipts are refused while name, address or organisationsnummer is missing,
 * and the legal pages, packing slips, e-mail footers and the storefront leave the value out (the
 * content placeholders print "(uppgift saknas)").
 */
import Organisationsnummer from 'organisationsnummer';
import { z } from 'zod';
import { vatNumberOf, type SellerIdentity } from './seller.ts';

/** The made-up seller of development and tests (not a real company; never used in production). */
export const EXAMPLE_SELLER = {
  legalName: 'Trampa AB',
  organisationNumber: '556677-8899',
  address: 'Storgatan 1, 111 22 Stockholm',
  email: 'kundtjanst@trampa.example',
  phone: '010-123 45 67',
} as const;

/** The zod fields of the seller settings, spread into the configuration's schema. */
export const SELLER_ENV_FIELDS = {
  /** The company's registered name (as Bolagsverket has it). */
  SHOP_LEGAL_NAME: z.string().min(1).max(100).optional(),
  /** Organisationsnummer NNNNNN-NNNN; the VAT number SE…01 follows from it. */
  SHOP_ORGANISATION_NUMBER: z
    .string()
    .regex(/^\d{6}-\d{4}$/, 'an organisationsnummer such as 556677-8899')
    .refine((value) => Organisationsnummer.valid(value), 'not a valid organisationsnummer')
    .optional(),
  /** Postal address on one line: `Street 1, 111 22 Town`. */
  SHOP_ADDRESS: z.string().min(1).max(200).optional(),
  /** Customer-service e-mail address. */
  SHOP_EMAIL: z.string().email('an e-mail address such as kundtjanst@cykel.example').optional(),
  /** Customer-service phone number as printed: `010-123 45 67`, `+46 10 123 45 67`. */
  SHOP_PHONE: z
    .string()
    .regex(/^\+?\d[\d -]{4,18}\d$/, 'a phone number such as 010-123 45 67')
    .optional(),
};

type SellerEnv = { [K in keyof typeof SELLER_ENV_FIELDS]?: string | undefined };

/**
 * The seller of the validated settings: each unset value the example's outside production, null
 * in production; the VAT number from the organisationsnummer.
 */
export function sellerFromEnv(env: SellerEnv, production: boolean): SellerIdentity {
  const pick = (value: string | undefined, example: string) =>
    value ?? (production ? null : example);
  const organisationNumber = pick(env.SHOP_ORGANISATION_NUMBER, EXAMPLE_SELLER.organisationNumber);
  return {
    legalName: pick(env.SHOP_LEGAL_NAME, EXAMPLE_SELLER.legalName),
    organisationNumber,
    vatNumber: organisationNumber ? vatNumberOf(organisationNumber) : null,
    address: pick(env.SHOP_ADDRESS, EXAMPLE_SELLER.address),
    email: pick(env.SHOP_EMAIL, EXAMPLE_SELLER.email),
    phone: pick(env.SHOP_PHONE, EXAMPLE_SELLER.phone),
  };
}
