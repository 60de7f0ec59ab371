/**
 * A förmånscykel application as the employee fills it in (issue 21, SPEC §5, §9): employer
 * (company, organisationsnummer checked with the `organisationsnummer` package, contact
 * e-mail), the employee (name, e-mail, phone, address), period, service package, marginal tax
 * and the terms. One zod schema with Swedish messages, used by the storefront's form action and
 * by the API (`placeLeasingOrder`), so both refuse the same input.
 *
 * Pure and free of database imports: the storefront imports this file
 * (`@trampa/api/leasing-application`).
 */
import { z } from 'zod';
import { normalizeOrganisationsnummer } from '../customers/identity-number.ts';
import { LEASING_SETTINGS } from './leasing-settings.ts';

/** Swedish messages of the form's rules (SPEC §5). */
export const LEASING_FORM_MESSAGES = {
  required: 'Detta fält är obligatoriskt',
  email: 'Du måste ange en giltig email',
  orgnr: 'Ange ett giltigt organisationsnummer (NNNNNN-NNNN)',
  phone: 'Ange ett giltigt telefonnummer',
  zip: 'Ange ett giltigt postnummer (5 siffror)',
  period: 'Välj en leasingperiod',
  package: 'Välj ett servicepaket',
  tax: 'Värdet måste vara mellan {low} och {high}',
  terms: 'Du måste godkänna villkoren',
} as const;

const M = LEASING_FORM_MESSAGES;
const required = (max: number) => z.string(M.required).trim().min(1, M.required).max(max);
const email = z.string(M.email).trim().toLowerCase().max(254).pipe(z.email(M.email));
const s = LEASING_SETTINGS;
const taxMessage = M.tax
  .replace('{low}', String(s.minMarginalTaxBasisPoints / 100))
  .replace('{high}', String(s.maxMarginalTaxBasisPoints / 100));

/** The application's fields; strings as a form sends them (the tax with a decimal comma). */
export const leasingApplicationSchema = z.object({
  employerName: required(200),
  organisationNumber: z.string(M.orgnr).transform((v, ctx) => {
    const normalized = normalizeOrganisationsnummer(v);
    if (!normalized) ctx.addIssue({ code: 'custom', message: M.orgnr });
    return normalized ?? '';
  }),
  employerEmail: email,
  firstName: required(100),
  lastName: required(100),
  email,
  phone: z
    .string(M.phone)
    .trim()
    .regex(/^\+?[\d\s-]{7,20}$/, M.phone),
  addressLine1: required(200),
  zip: z
    .string(M.zip)
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{5}$/, M.zip)),
  city: required(100),
  periodMonths: z.coerce
    .number(M.period)
    .int(M.period)
    .refine((n) => s.periods.includes(n), M.period),
  packageId: z.string(M.package).refine((id) => s.packages.some((p) => p.id === id), M.package),
  marginalTaxPercent: z
    .union([z.number(), z.string()], taxMessage)
    .transform((v) => (typeof v === 'number' ? v : Number(v.trim().replace(',', '.'))))
    .pipe(
      z
        .number(taxMessage)
        .min(s.minMarginalTaxBasisPoints / 100, taxMessage)
        .max(s.maxMarginalTaxBasisPoints / 100, taxMessage),
    ),
  acceptTerms: z.literal(true, M.terms),
});

/** A valid application. */
export type LeasingApplication = z.infer<typeof leasingApplicationSchema>;

/** Field -> Swedish message of the first problem of each field; {} when valid. */
export type LeasingFormErrors = Partial<Record<keyof LeasingApplication, string>>;

/** Parses an application: the data, or the Swedish message of each bad field. */
export function parseLeasingApplication(
  input: unknown,
): { ok: true; data: LeasingApplication } | { ok: false; errors: LeasingFormErrors } {
  const parsed = leasingApplicationSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: LeasingFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LeasingApplication;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
