/**
 * Customer service's actions on a customer's page (issue 27, customers:write), each recorded in
 * the audit log by the API:
 * - "Logga in som kunden": makes a single-use link (10 minutes) to the customer's account pages;
 *   the storefront shows "Du är inloggad som en annan användare" (SPEC §2) for that 1-hour
 *   session. Opened in a new tab, so the back office stays open.
 * - "Exportera kunddata (JSON)": downloads everything the shop stores about the customer.
 * - "Radera kund": GDPR erasure after typing the customer's e-mail in a confirmation dialog.
 * A guest buyer (no account, issue 40) is exported and erased by e-mail; there is no account to
 * log in to.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AdminApiError, adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatDateTime } from '../money.ts';
import type { CustomerDetail } from './customers-api.ts';
import '../dialog.css';
import { downloadFile } from '../download.ts';

interface Impersonation {
  path: string;
  expiresAt: string;
  sessionSeconds: number;
}

const message = (error: unknown) => errorMessage(error, 'Något gick fel. Försök igen.');

/** The API's arguments naming the customer: the account by id, a guest by e-mail. */
function personVariables(customer: CustomerDetail): { id: number | null; email: string | null } {
  return customer.id === null
    ? { id: null, email: customer.email }
    : { id: customer.id, email: null };
}

/** The actions panel. */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [link, setLink] = useState<Impersonation | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState('');
  const [dialogErrors, setDialogErrors] = useState<FormError[]>([]);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);

  // The new link takes the focus (the button that made it stays usable for a new link).
  useEffect(() => {
    if (link) linkRef.current?.focus();
  }, [link]);

  async function run(action: () => Promise<void>) {
    setErrors([]);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setErrors([{ message: message(error) }]);
    } finally {
      setBusy(false);
    }
  }

  const impersonate = () =>
    run(async () => {
      const data = await adminRequest<{ impersonateCustomer: Impersonation }>(
        'mutation($id: Int!) { impersonateCustomer(customerId: $id) { path expiresAt sessionSeconds } }',
        { id: customer.id },
      );
      setLink(data.impersonateCustomer);
      setStatus('Inloggningslänken är skapad.');
    });

  const exportData = () =>
    run(async () => {
      const data = await adminRequest<{ exportCustomerData: unknown }>(
        'mutation($id: Int, $email: String) { exportCustomerData(customerId: $id, email: $email) }',
        personVariables(customer),
      );
      downloadFile(
        customer.id === null
          ? `gastkund-${customer.orders[0]?.id ?? 'order'}.json`
          : `kund-${customer.id}.json`,
        JSON.stringify(data.exportCustomerData, null, 2),
        'application/json',
      );
      setStatus('Kunddata har exporterats till en JSON-fil.');
    });

  function openDialog() {
    setConfirmEmail('');
    setDialogErrors([]);
    dialogRef.current?.showModal();
  }

  function closeDialog() {
    dialogRef.current?.close();
    eraseButton.current?.focus();
  }

  async function erase(event: FormEvent) {
    event.preventDefault();
    try {
      await adminRequest(
        'mutation($id: Int, $email: String, $confirm: String!) { eraseCustomer(customerId: $id, email: $email, confirmEmail: $confirm) { ordersAnonymised } }',
        { ...personVariables(customer), confirm: confirmEmail },
      );
      dialogRef.current?.close();
      await navigate('/kunder', { state: { erased: customer.email } });
    } catch (error) {
      const argument = error instanceof AdminApiError ? error.argument : undefined;
      setDialogErrors([
        {
          message: message(error),
          fieldId: argument === 'confirmEmail' ? 'erase-confirm-email' : undefined,
        },
      ]);
    }
  }

  return (
    <section className="panel" aria-labelledby="customer-actions-title">
      <h2 id="customer-actions-title">Kundtjänst</h2>
      <ErrorSummary errors={errors} />
      <div className="dialog-actions">
        {customer.id !== null ? (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void impersonate()}
          >
            Logga in som kunden
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void exportData()}
        >
          Exportera kunddata (JSON)
        </button>
        <button
          type="button"
          className="button button-danger"
          ref={eraseButton}
          disabled={busy}
          onClick={openDialog}
        >
          Radera kund
        </button>
      </div>
      <p className="status" role="status">
        {status}
      </p>
      {link ? (
        <p className="impersonation-link">
          <a ref={linkRef} href={link.path} target="_blank" rel="noopener noreferrer">
            Öppna Mina sidor som {customer.email} (ny flik)
          </a>
          <span className="hint">
            Länken fungerar en gång, till {formatDateTime(link.expiresAt)}. Inloggningen varar i{' '}
            {Math.round(link.sessionSeconds / 60)} minuter och loggas i händelseloggen. Öppnar du
            den i en webbläsare där någon redan är inloggad får du först frågan om att logga ut.
          </span>
        </p>
      ) : null}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="erase-dialog-title"
        aria-describedby="erase-dialog-text"
        onCancel={(event) => {
          event.preventDefault();
          closeDialog();
        }}
      >
        <h2 id="erase-dialog-title">Radera kunden?</h2>
        <p id="erase-dialog-text">
          Kontot, inloggningarna, recensionerna, nyhetsbrevsprenumerationen och bevakningarna
          raderas. Ordrarna sparas i sju år för bokföringen men utan personuppgifter. Det går inte
          att ångra.
        </p>
        <ErrorSummary errors={dialogErrors} />
        <form className="form" onSubmit={(event) => void erase(event)} noValidate>
          <div className="field">
            <label htmlFor="erase-confirm-email">Skriv kundens e-postadress för att bekräfta</label>
            <input
              id="erase-confirm-email"
              type="email"
              autoComplete="off"
              value={confirmEmail}
              onChange={(event) => setConfirmEmail(event.target.value)}
            />
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button button-danger">
              Radera kunden
            </button>
            <button type="button" className="button button-secondary" onClick={closeDialog}>
              Avbryt
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
