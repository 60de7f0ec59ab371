/**
 * The field for an authenticator app's six-digit code (two-factor login, issue 26): numeric
 * keyboard on phones and tablets, `one-time-code` autofill, spaces allowed ("123 456").
 */
import type { Ref } from 'react';

/** A labelled code input named `code`. */
export function OneTimeCodeField({
  id,
  label,
  inputRef,
}: {
  id: string;
  label: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
      />
    </div>
  );
}
