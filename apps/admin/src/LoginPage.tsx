/**
 * The back office's login page (issue 26): e-mail and password, and for a staff user with
 * two-factor login on a second step that asks for the authenticator app's code; without any
 * staff user it explains how to create the first administrator.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { OneTimeCodeField } from './OneTimeCodeField.tsx';

/** Shown when no staff user exists yet. */
function FirstUserHelp() {
  return (
    <section className="panel" aria-labelledby="setup-title">
      <h2 id="setup-title">Ingen personal finns ännu</h2>
      <p>Skapa den första administratören på något av två sätt:</p>
      <ol>
        <li>
          Sätt miljövariablerna <code>ADMIN_EMAIL</code> och <code>ADMIN_PASSWORD</code> (minst 12
          tecken i produktion) och starta om servern. Administratören skapas vid start när ingen
          personal finns.
        </li>
        <li>
          Eller kör{' '}
          <code>npm run admin:create-user -- --email din@adress.se --role administrator</code> och
          skriv lösenordet när du blir ombedd (det läses från standard input).
        </li>
      </ol>
    </section>
  );
}

/** The login form; `onLoggedIn` runs after a successful login. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [errors, setErrors] = useState<FormError[]>([]);
  const [busy, setBusy] = useState(false);
  const [hasStaff, setHasStaff] = useState<boolean | null>(null);
  /** E-mail and password of the first step, when the API asked for a code. */
  const [needsCode, setNeedsCode] = useState<{ email: string; password: string } | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);
  useEffect(() => {
    adminRequest<{ backOfficeSetup: { hasStaffUsers: boolean } }>(
      '{ backOfficeSetup { hasStaffUsers } }',
    )
      .then((data) => setHasStaff(data.backOfficeSetup.hasStaffUsers))
      .catch(() => setHasStaff(true));
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = needsCode?.email ?? String(form.get('email') ?? '').trim();
    const password = needsCode?.password ?? String(form.get('password') ?? '');
    const code = needsCode ? String(form.get('code') ?? '').trim() : undefined;
    const found: FormError[] = [];
    if (!email) found.push({ message: 'Ange din e-postadress.', fieldId: 'login-email' });
    if (!password) found.push({ message: 'Ange ditt lösenord.', fieldId: 'login-password' });
    if (code === '') found.push({ message: 'Ange koden från appen.', fieldId: 'login-code' });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      await adminRequest(
        'mutation($email: String!, $password: String!, $code: String) { login(email: $email, password: $password, code: $code) { id } }',
        { email, password, code },
      );
      onLoggedIn();
    } catch (error) {
      if (error instanceof AdminApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        setNeedsCode({ email, password });
        return;
      }
      const message = errorMessage(error);
      setErrors([{ message, fieldId: needsCode ? 'login-code' : 'login-email' }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login" id="main">
      <h1>Logga in i administrationen</h1>
      {hasStaff === false ? <FirstUserHelp /> : null}
      <ErrorSummary errors={errors} />
      {needsCode ? (
        // Keys: React must not reuse the password input (and its value) as the code input.
        <form
          key="code-step"
          onSubmit={(event) => void submit(event)}
          noValidate
          className="panel form"
        >
          <p>
            Tvåstegsverifiering är påslagen för {needsCode.email}. Öppna autentiseringsappen och
            ange koden den visar nu.
          </p>
          <OneTimeCodeField id="login-code" label="Engångskod (6 siffror)" inputRef={codeRef} />
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Loggar in …' : 'Logga in'}
          </button>{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setNeedsCode(null);
              setErrors([]);
            }}
          >
            Tillbaka
          </button>
        </form>
      ) : (
        <form
          key="password-step"
          onSubmit={(event) => void submit(event)}
          noValidate
          className="panel form"
        >
          <div className="field">
            <label htmlFor="login-email">E-postadress</label>
            <input id="login-email" name="email" type="email" autoComplete="username" required />
          </div>
          <div className="field">
            <label htmlFor="login-password">Lösenord</label>
            <input
              id="login-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Loggar in …' : 'Logga in'}
          </button>
        </form>
      )}
    </main>
  );
}
