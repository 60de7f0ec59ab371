/**
 * Form rules of the account screens (SPEC §5), shared by the browser (before digesting the
 * password) and the server actions (forms sent without JavaScript). Errors are message keys of
 * the catalogue, e.g. 'validation.passwordLength' = 'Ditt lösenord måste innehålla minst 7 tecken'.
 */
import type { MessageKey } from '../../i18n/i18n';

/** Minimum password length (SPEC §5, §9). */
export const PASSWORD_MIN_LENGTH = 7;

/** Field name → message key of the first rule it breaks. */
export type FieldErrors = Record<string, MessageKey>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** 'validation.email' unless `value` looks like an e-mail address. */
export function checkEmail(value: string): MessageKey | undefined {
  return EMAIL.test(value.trim()) && value.trim().length <= 254 ? undefined : 'validation.email';
}

/** Required, then at least 7 characters (SPEC §5). */
export function checkNewPassword(value: string): MessageKey | undefined {
  if (value === '') return 'validation.passwordRequired';
  if ([...value].length < PASSWORD_MIN_LENGTH) return 'validation.passwordLength';
  return undefined;
}

/** Required only (logging in with an existing password). */
export function checkPassword(value: string): MessageKey | undefined {
  return value === '' ? 'validation.passwordRequired' : undefined;
}

/** 'validation.passwordMismatch' unless the confirmation equals the password. */
export function checkConfirmation(password: string, confirmation: string): MessageKey | undefined {
  return password === confirmation ? undefined : 'validation.passwordMismatch';
}

/** 'validation.required' for an empty (or blank) value. */
export function checkRequired(value: string): MessageKey | undefined {
  return value.trim() === '' ? 'validation.required' : undefined;
}

/** Reads a string field ('' when missing). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The rules of each account form, by intent. Password fields are checked only when present. */
export function validateAccountForm(intent: string, form: FormData): FieldErrors {
  const errors: FieldErrors = {};
  const put = (name: string, error: MessageKey | undefined) => {
    if (error && !errors[name]) errors[name] = error;
  };
  const hasPlain = (name: string) => form.has(name) && !form.has(`${name}Digest`);
  if (intent === 'login' || intent === 'register' || intent === 'forgot') {
    put('email', checkEmail(field(form, 'email')));
  }
  if (intent === 'login' && hasPlain('password'))
    put('password', checkPassword(field(form, 'password')));
  if (intent === 'register' || intent === 'reset' || intent === 'password') {
    const name = intent === 'register' ? 'password' : 'newPassword';
    if (hasPlain(name)) {
      put(name, checkNewPassword(field(form, name)));
      put('confirm', checkConfirmation(field(form, name), field(form, 'confirm')));
    }
  }
  if (intent === 'password' && hasPlain('password')) {
    put('password', checkPassword(field(form, 'password')));
  }
  if (intent === 'register') {
    const company = field(form, 'customerType') === 'ORGANIZATION';
    put('firstName', checkRequired(field(form, 'firstName')));
    put('lastName', checkRequired(field(form, 'lastName')));
    if (company) {
      put('company', checkRequired(field(form, 'company')));
      put('organizationId', checkRequired(field(form, 'organizationId')));
    }
  }
  return errors;
}
