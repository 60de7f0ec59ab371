/**
 * Form rules of the account screens (SPEC §5), shared by the browser (before digesting the
 * password) and the server actions (forms sent without JavaScript): zod schemas that Conform
 * parses from the FormData (issue 22). Errors are message keys of
 * the catalogue, e.g. 'validation.passwordLength' = 'Ditt lösenord måste innehålla minst 7 tecken'.
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import type { MessageKey } from '../../i18n/i18n';

/** Minimum password length (SPEC §5, §9). */
export const PASSWORD_MIN_LENGTH = 7;

/** Field name → message key of the first rule it breaks. */
export type FieldErrors = Record<string, MessageKey>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/*
 * The rules as zod schemas, parsed from the form by Conform (`@conform-to/zod`): Conform reads
 * an empty field as missing, so each rule's "missing" message is the first its field can break.
 * Messages are message keys.
 */

/** An e-mail address, trimmed, at most 254 characters. */
const emailRule = z
  .string({ error: 'validation.email' })
  .trim()
  .max(254, 'validation.email')
  .regex(EMAIL, 'validation.email');

/** Required, then at least 7 characters (SPEC §5). */
const newPasswordRule = z
  .string({ error: 'validation.passwordRequired' })
  .refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, 'validation.passwordLength');

/** Required only (logging in with an existing password). */
const passwordRule = z.string({ error: 'validation.passwordRequired' });

/** Required: not empty or blank. */
const requiredRule = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required');

/** The confirmation must equal `password` (both may be empty). */
const confirmationRule = (password: string) =>
  z.unknown().refine((value) => (value ?? '') === password, 'validation.passwordMismatch');

/** Reads a string field ('' when missing). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The schema of an account form, by intent, in the order its errors are reported (the browser
 * focuses the first). Password fields are checked only when sent in plain text (a digest was
 * checked in the browser already).
 */
function accountSchema(intent: string, form: FormData) {
  const shape: Record<string, z.ZodType> = {};
  const hasPlain = (name: string) => form.has(name) && !form.has(`${name}Digest`);
  if (intent === 'login' || intent === 'register' || intent === 'forgot') shape.email = emailRule;
  if (intent === 'login' && hasPlain('password')) shape.password = passwordRule;
  if (intent === 'register' || intent === 'reset' || intent === 'password') {
    const name = intent === 'register' ? 'password' : 'newPassword';
    if (hasPlain(name)) {
      shape[name] = newPasswordRule;
      shape.confirm = confirmationRule(field(form, name));
    }
  }
  if (intent === 'password' && hasPlain('password')) shape.password = passwordRule;
  if (intent === 'register') {
    shape.firstName = requiredRule;
    shape.lastName = requiredRule;
    if (field(form, 'customerType') === 'ORGANIZATION') {
      shape.company = requiredRule;
      shape.organizationId = requiredRule;
    }
  }
  return z.object(shape);
}

/** The rules of each account form, by intent: field name -> message key of its first error. */
export function validateAccountForm(intent: string, form: FormData): FieldErrors {
  const submission = parseWithZod(form, { schema: accountSchema(intent, form) });
  const errors: FieldErrors = {};
  if (submission.status === 'success') return errors;
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    const first = messages?.[0];
    if (name && first) errors[name] = first as MessageKey;
  }
  return errors;
}
