/**
 * The logged-in staff user's own account (issue 26 "optional TOTP two-factor"): two-factor login
 * on or off. Turning it on shows a QR code (and the secret as text, for apps that cannot scan)
 * and asks for a first code; turning it off asks for a current code.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { adminRequest, type Me, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { OneTimeCodeField } from './OneTimeCodeField.tsx';

interface Setup {
  secret: string;
  qrSvg: string;
}

/** The code typed into a form field, trimmed. */
function codeOf(event: FormEvent<HTMLFormElement>): string {
  return String(new FormData(event.currentTarget).get('code') ?? '').trim();
}

/** The account page. */
export function AccountPage({ me }: { me: Me }) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const setupHeading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(async () => {
    const data = await adminRequest<{ activeAdministrator: { twoFactorEnabled: boolean } }>(
      '{ activeAdministrator { twoFactorEnabled } }',
    );
    setEnabled(data.activeAdministrator.twoFactorEnabled);
  }, []);
  useEffect(() => {
    load().catch(() => setErrors([{ message: 'Kunde inte hämta kontot.' }]));
  }, [load]);
  useEffect(() => {
    if (setup) setupHeading.current?.focus();
  }, [setup]);

  async function run(action: () => Promise<void>, fieldId?: string) {
    setErrors([]);
    setStatus('');
    try {
      await action();
    } catch (error) {
      const message = errorMessage(error);
      setErrors([{ message, ...(fieldId ? { fieldId } : {}) }]);
    }
  }

  const start = () =>
    run(async () => {
      const data = await adminRequest<{ startTwoFactorSetup: Setup }>(
        'mutation { startTwoFactorSetup { secret qrSvg } }',
      );
      setSetup(data.startTwoFactorSetup);
    });

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = codeOf(event);
    if (!code) {
      setErrors([{ message: 'Ange koden från appen.', fieldId: 'setup-code' }]);
      return;
    }
    void run(async () => {
      await adminRequest('mutation($code: String!) { confirmTwoFactorSetup(code: $code) }', {
        code,
      });
      setSetup(null);
      setStatus('Tvåstegsverifiering är påslagen. Nästa inloggning frågar efter en kod.');
      await load();
    }, 'setup-code');
  };

  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = codeOf(event);
    if (!code) {
      setErrors([{ message: 'Ange koden från appen.', fieldId: 'disable-code' }]);
      return;
    }
    void run(async () => {
      await adminRequest('mutation($code: String!) { disableTwoFactor(code: $code) }', { code });
      setStatus('Tvåstegsverifiering är avstängd.');
      await load();
    }, 'disable-code');
  };

  return (
    <>
      <h1>Mitt konto</h1>
      <p>
        Inloggad som <strong>{me.email}</strong> ({me.roleName.toLowerCase()}).
      </p>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <section className="panel" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">Tvåstegsverifiering</h2>
        {enabled === null ? <p>Hämtar …</p> : null}
        {enabled === false && !setup ? (
          <>
            <p>
              Med tvåstegsverifiering behövs både lösenordet och en sexsiffrig kod från en
              autentiseringsapp i telefonen (till exempel Microsoft Authenticator, Google
              Authenticator eller 1Password) för att logga in.
            </p>
            <button type="button" className="button" onClick={() => void start()}>
              Slå på tvåstegsverifiering
            </button>
          </>
        ) : null}
        {setup ? (
          <form onSubmit={confirm} noValidate className="form">
            <h3 ref={setupHeading} tabIndex={-1}>
              Skanna koden med appen
            </h3>
            <div
              className="qr-code"
              role="img"
              aria-label="QR-kod för autentiseringsappen"
              // The SVG comes from our own API (qrcode's output), not from user input.
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <p>
              Kan appen inte skanna? Skriv in den här nyckeln:{' '}
              <span className="secret-text" data-testid="totp-secret">
                {setup.secret}
              </span>
            </p>
            <OneTimeCodeField id="setup-code" label="Koden som appen visar (6 siffror)" />
            <button type="submit" className="button">
              Bekräfta och slå på
            </button>
          </form>
        ) : null}
        {enabled ? (
          <form onSubmit={disable} noValidate className="form">
            <p>Tvåstegsverifiering är påslagen för ditt konto.</p>
            <OneTimeCodeField id="disable-code" label="Ange en kod från appen för att stänga av" />
            <button type="submit" className="button button-secondary">
              Stäng av tvåstegsverifiering
            </button>
          </form>
        ) : null}
      </section>
    </>
  );
}
