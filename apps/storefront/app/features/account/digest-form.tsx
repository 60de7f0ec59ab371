/**
 * Account forms that send the password only as its digest (GEINS-API §7.3, SPEC §5). With
 * JavaScript the browser checks the rules (minimum 7 characters, confirmation), computes
 * base64(SHA-384(password + salt)) with Web Crypto and posts `<name>Digest` instead of the
 * plaintext. Without JavaScript the form posts normally and the server action digests the
 * plaintext with the same function (ADR 006).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, useNavigation, useSubmit } from 'react-router';
import { passwordDigest } from '@trampa/api/password-digest';
import { t, type MessageKey } from '../../i18n/i18n';
import { validateAccountForm, type FieldErrors } from './validation';

/** Props of {@link DigestForm}. */
export interface DigestFormProps {
  /** The form's intent (login, register, forgot, reset, password, ...). */
  intent: string;
  /** Public salt of the digest. */
  salt: string;
  /** Names of the password fields to digest. */
  passwordFields: string[];
  /** Form action (default: the current route). */
  action?: string;
  /** Errors from the server action. */
  serverErrors?: FieldErrors;
  /** The labelled form content; receives the current field errors. */
  children: (errors: FieldErrors) => ReactNode;
  /** Accessible name of the form. */
  label: string;
}

/** A POST form that validates and digests passwords in the browser before submitting. */
export function DigestForm(props: DigestFormProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? props.serverErrors ?? {};
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === props.intent;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const found = validateAccountForm(props.intent, form);
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      formElement.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    for (const name of props.passwordFields) {
      const value = form.get(name);
      if (typeof value !== 'string') continue;
      form.delete(name);
      if (value !== '') form.set(`${name}Digest`, await passwordDigest(value, props.salt));
    }
    form.delete('confirm');
    await submit(form, { method: 'post', action: props.action });
  }

  return (
    <Form
      method="post"
      action={props.action}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={props.label}
      className="account-form"
      aria-busy={busy || undefined}
    >
      <input type="hidden" name="intent" value={props.intent} />
      {props.children(errors)}
    </Form>
  );
}

/** Props of {@link TextField}. */
export interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  defaultValue?: string;
  error?: MessageKey;
  required?: boolean;
  hint?: string;
  /** Distinguishes ids when one page has several forms with the same field names. */
  idPrefix: string;
}

/** A labelled input with its error (aria-invalid, aria-describedby). */
export function TextField(props: TextFieldProps) {
  const id = `${props.idPrefix}-${props.name}`;
  const describedBy = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        defaultValue={props.defaultValue}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${id}-error`} className="field__error">
          {t(props.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The new password and its confirmation, as the register, change-password and reset forms ask
 * for them (SPEC §5: at least 7 characters, confirmation must match).
 * @param name the new password's field name (`password` when registering, else `newPassword`)
 * @param label the new password's label
 */
export function NewPasswordFields(props: {
  idPrefix: string;
  name: 'password' | 'newPassword';
  label: string;
  errors: FieldErrors;
}) {
  return (
    <>
      <TextField
        idPrefix={props.idPrefix}
        name={props.name}
        type="password"
        label={props.label}
        autoComplete="new-password"
        hint={t('account.passwordHint')}
        error={props.errors[props.name]}
        required
      />
      <TextField
        idPrefix={props.idPrefix}
        name="confirm"
        type="password"
        label={t('account.passwordConfirm')}
        autoComplete="new-password"
        error={props.errors.confirm}
        required
      />
    </>
  );
}

/** A form-level message (role alert for errors, status for confirmations). */
export function FormMessage({
  kind,
  children,
}: {
  kind: 'error' | 'success';
  children: ReactNode;
}) {
  return (
    <p
      className={`form-message form-message--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
    >
      {children}
    </p>
  );
}
