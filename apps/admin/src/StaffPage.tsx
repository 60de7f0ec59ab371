/**
 * Staff management (issue 26, administrators: staff:write): the list of staff users, a form to
 * create one, a role choice per user (confirmed in a dialog before it is saved), deactivation
 * (confirmed) and resetting a user's two-factor login after a lost phone (confirmed).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, ROLE_OPTIONS, type Me, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import './dialog.css';

interface StaffUser {
  id: number;
  email: string;
  role: string;
  roleName: string;
  active: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
}

const FIELDS = 'id email role roleName active twoFactorEnabled createdAt';

/** Which form field an API error is about. */
function fieldOf(error: AdminApiError): string {
  if (error.argument === 'password' || error.message.includes('Lösenordet'))
    return 'staff-password';
  return 'staff-email';
}

/** The staff page. */
export function StaffPage({ me }: { me: Me }) {
  const [users, setUsers] = useState<StaffUser[] | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  /** A role change waiting for confirmation in the dialog. */
  const [pending, setPending] = useState<{ user: StaffUser; role: string } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const load = useCallback(async () => {
    try {
      const data = await adminRequest<{ staffUsers: StaffUser[] }>(`{ staffUsers { ${FIELDS} } }`);
      setUsers(data.staffUsers);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const role = String(form.get('role') ?? '');
    const found: FormError[] = [];
    if (!email) found.push({ message: 'Ange en e-postadress.', fieldId: 'staff-email' });
    if (password.length < 12)
      found.push({ message: 'Lösenordet måste ha minst 12 tecken.', fieldId: 'staff-password' });
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    try {
      const data = await adminRequest<{ createStaffUser: StaffUser }>(
        `mutation($email: String!, $role: StaffRole!, $password: String!) { createStaffUser(email: $email, role: $role, password: $password) { ${FIELDS} } }`,
        { email, role, password },
      );
      formElement.reset();
      setStatus(
        `${data.createStaffUser.email} har lagts till som ${data.createStaffUser.roleName.toLowerCase()}.`,
      );
      await load();
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([{ message: error.message, fieldId: fieldOf(error) }]);
    }
  }

  /** Opens the confirmation dialog of a role change (nothing is saved yet). */
  function askChange(user: StaffUser, role: string) {
    if (role === user.role) return;
    setPending({ user, role });
    dialogRef.current?.showModal();
  }

  /** Closes the dialog; focus goes back to the user's role choice. */
  function closeDialog() {
    const user = pending?.user;
    dialogRef.current?.close();
    setPending(null);
    if (user) document.getElementById(`role-${user.id}`)?.focus();
  }

  async function confirmChange() {
    if (!pending) return;
    const { user, role } = pending;
    closeDialog();
    await change(user, role);
  }

  async function change(user: StaffUser, role: string) {
    setErrors([]);
    try {
      await adminRequest(
        'mutation($id: Int!, $role: StaffRole!) { changeStaffRole(id: $id, role: $role) { id } }',
        {
          id: user.id,
          role,
        },
      );
      setStatus(`${user.email} har fått en ny roll.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
    await load();
  }

  async function deactivate(user: StaffUser) {
    if (!window.confirm(`Inaktivera ${user.email}? Personen loggas ut och kan inte logga in igen.`))
      return;
    setErrors([]);
    try {
      await adminRequest('mutation($id: Int!) { deactivateStaffUser(id: $id) { id } }', {
        id: user.id,
      });
      setStatus(`${user.email} är inaktiverad.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
    await load();
  }

  async function resetTwoFactor(user: StaffUser) {
    if (
      !window.confirm(
        `Stäng av tvåstegsverifiering för ${user.email}? Personen loggar sedan in med bara lösenordet och kan slå på den igen.`,
      )
    )
      return;
    setErrors([]);
    try {
      await adminRequest('mutation($id: Int!) { resetStaffTwoFactor(id: $id) }', { id: user.id });
      setStatus(`Tvåstegsverifieringen för ${user.email} är avstängd.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
    await load();
  }

  return (
    <>
      <h1>Personal</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <section className="panel" aria-labelledby="new-staff-title">
        <h2 id="new-staff-title">Lägg till personal</h2>
        <form onSubmit={(event) => void create(event)} noValidate className="form form-row">
          <div className="field">
            <label htmlFor="staff-email">E-postadress</label>
            <input id="staff-email" name="email" type="email" autoComplete="off" required />
          </div>
          <div className="field">
            <label htmlFor="staff-role">Roll</label>
            <select id="staff-role" name="role" defaultValue="kundtjanst">
              {ROLE_OPTIONS.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="staff-password">Lösenord</label>
            <input
              id="staff-password"
              name="password"
              type="password"
              autoComplete="new-password"
              aria-describedby="staff-password-hint"
              required
            />
            <span className="hint" id="staff-password-hint">
              Minst 12 tecken.
            </span>
          </div>
          <button type="submit" className="button">
            Lägg till
          </button>
        </form>
      </section>
      <table className="table">
        <caption>Alla personalkonton</caption>
        <thead>
          <tr>
            <th scope="col">E-postadress</th>
            <th scope="col">Roll</th>
            <th scope="col">Status</th>
            <th scope="col">Tvåstegsverifiering</th>
            <th scope="col">Åtgärd</th>
          </tr>
        </thead>
        <tbody>
          {(users ?? []).map((user) => (
            <tr key={user.id}>
              <td>{user.email}</td>
              <td>
                {user.active ? (
                  <select
                    id={`role-${user.id}`}
                    aria-label={`Roll för ${user.email}`}
                    value={user.role}
                    onChange={(event) => askChange(user, event.target.value)}
                  >
                    {ROLE_OPTIONS.map((option) => (
                      <option key={option.code} value={option.code}>
                        {option.name}
                      </option>
                    ))}
                  </select>
                ) : (
                  user.roleName
                )}
              </td>
              <td>{user.active ? 'Aktiv' : 'Inaktiverad'}</td>
              <td>{user.twoFactorEnabled ? 'På' : 'Av'}</td>
              <td className="actions">
                {user.active && user.id !== me.id ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void deactivate(user)}
                  >
                    Inaktivera<span className="visually-hidden"> {user.email}</span>
                  </button>
                ) : null}
                {user.twoFactorEnabled && user.id !== me.id ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void resetTwoFactor(user)}
                  >
                    Stäng av tvåstegsverifiering
                    <span className="visually-hidden"> för {user.email}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {users === null ? <p>Hämtar personal …</p> : null}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="role-dialog-title"
        aria-describedby="role-dialog-text"
        onCancel={(event) => {
          event.preventDefault();
          closeDialog();
        }}
      >
        <h2 id="role-dialog-title">Ändra roll?</h2>
        <p id="role-dialog-text">
          {pending
            ? `${pending.user.email} får rollen ${
                ROLE_OPTIONS.find((o) => o.code === pending.role)?.name.toLowerCase() ??
                pending.role
              } i stället för ${pending.user.roleName.toLowerCase()}. Behörigheterna ändras direkt.`
            : ''}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => void confirmChange()}>
            Ändra roll
          </button>
          <button type="button" className="button button-secondary" onClick={closeDialog}>
            Avbryt
          </button>
        </div>
      </dialog>
    </>
  );
}
