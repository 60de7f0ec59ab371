/**
 * `/ordrar/frakttjanster` (issue 43; ADR 020 §1, §5; docs/shipping.md): which nShift service
 * books each Delivery Checkout option. nShift's answer to the checkout names no service, so
 * staff copy the option's id and its service id (e.g. P19 for PostNord MyPack Collect) from the
 * Delivery Checkout set-up in nShift. An option without a row is offered at the checkout, and
 * its orders are shipped with parcel numbers typed by hand. Reading needs orders:read, changes
 * orders:write.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatDateTime } from '../money.ts';
import { TableScroll } from '../TableScroll.tsx';

/** A mapping row (`AdminNshiftService`). */
interface NshiftService {
  optionId: string;
  serviceId: string;
  name: string;
  updatedAt: string;
}

const LIST_QUERY = `{ nshiftServices { optionId serviceId name updatedAt } }`;
const SET_MUTATION = `mutation($input: AdminNshiftServiceInput!) {
  setNshiftService(input: $input) { optionId } }`;
const DELETE_MUTATION = `mutation($optionId: String!) { deleteNshiftService(optionId: $optionId) }`;

/** The service mapping page. */
export function NshiftServicesPage({ canWrite }: { canWrite: boolean }) {
  const [rows, setRows] = useState<NshiftService[] | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState({ optionId: '', serviceId: '', name: '' });

  const load = useCallback(async () => {
    const data = await adminRequest<{ nshiftServices: NshiftService[] }>(LIST_QUERY).catch(
      () => null,
    );
    setRows(data?.nshiftServices ?? []);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    const missing: FormError[] = [];
    if (!draft.optionId.trim()) {
      missing.push({ message: 'Ange alternativets id.', fieldId: 'nshift-option' });
    }
    if (!/^[A-Za-z0-9_.-]{1,40}$/.test(draft.serviceId.trim())) {
      missing.push({
        message: 'Ange tjänstens id, t.ex. P19 (bokstäver, siffror, punkt, _ och -).',
        fieldId: 'nshift-service',
      });
    }
    setErrors(missing);
    if (missing.length > 0) return;
    setBusy(true);
    try {
      await adminRequest(SET_MUTATION, {
        input: {
          optionId: draft.optionId.trim(),
          serviceId: draft.serviceId.trim(),
          name: draft.name.trim(),
        },
      });
      setStatus(
        `Alternativet ${draft.optionId.trim()} bokas nu med tjänsten ${draft.serviceId.trim()}.`,
      );
      setDraft({ optionId: '', serviceId: '', name: '' });
      await load();
    } catch (error) {
      setErrors([{ message: errorMessage(error), fieldId: 'nshift-option' }]);
    } finally {
      setBusy(false);
    }
  }

  async function remove(row: NshiftService) {
    setBusy(true);
    setErrors([]);
    setStatus('');
    try {
      await adminRequest(DELETE_MUTATION, { optionId: row.optionId });
      setStatus(`Kopplingen för ${row.name || row.optionId} är borttagen.`);
      await load();
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p>
        <Link to="/ordrar">← Ordrar</Link>
      </p>
      <h1>Frakttjänster (nShift)</h1>
      <p>
        Vilken tjänst i nShift som bokar varje leveransalternativ i kassan. Alternativets id och
        tjänstens id (t.ex. P19 för PostNord MyPack Collect) finns i Delivery Checkout-inställningen
        i nShift. Ordrar med ett alternativ utan koppling skickas med kollinummer som anges
        manuellt.
      </p>
      <ErrorSummary errors={errors} />
      {rows === null ? (
        <p>Läser in …</p>
      ) : rows.length === 0 ? (
        <p>Inga kopplingar än.</p>
      ) : (
        <TableScroll label="Kopplade leveransalternativ">
          <table className="table">
            <caption className="visually-hidden">Kopplade leveransalternativ</caption>
            <thead>
              <tr>
                <th scope="col">Namn</th>
                <th scope="col">Alternativets id</th>
                <th scope="col">Tjänst</th>
                <th scope="col">Ändrad</th>
                {canWrite ? <th scope="col">Åtgärd</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.optionId}>
                  <td>{row.name || '–'}</td>
                  <td>
                    <code>{row.optionId}</code>
                  </td>
                  <td>{row.serviceId}</td>
                  <td>{formatDateTime(row.updatedAt)}</td>
                  {canWrite ? (
                    <td>
                      <button
                        type="button"
                        className="button button-secondary"
                        disabled={busy}
                        aria-label={`Ta bort kopplingen för ${row.name || row.optionId}`}
                        onClick={() => void remove(row)}
                      >
                        Ta bort
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canWrite ? (
        <form className="form panel" onSubmit={(e) => void submit(e)} noValidate>
          <h2>Lägg till eller ändra koppling</h2>
          <div className="field">
            <label htmlFor="nshift-option">Alternativets id</label>
            <input
              id="nshift-option"
              value={draft.optionId}
              maxLength={100}
              required
              autoComplete="off"
              aria-describedby="nshift-option-hint"
              onChange={(e) => setDraft({ ...draft, optionId: e.target.value })}
            />
            <span className="hint" id="nshift-option-hint">
              Samma id igen ändrar den befintliga kopplingen.
            </span>
          </div>
          <div className="field">
            <label htmlFor="nshift-service">Tjänstens id i nShift</label>
            <input
              id="nshift-service"
              value={draft.serviceId}
              maxLength={40}
              required
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, serviceId: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="nshift-name">Namn (valfritt)</label>
            <input
              id="nshift-name"
              value={draft.name}
              maxLength={200}
              autoComplete="off"
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          </div>
          <button type="submit" className="button" disabled={busy}>
            Spara koppling
          </button>
        </form>
      ) : null}
      <p className="status" role="status">
        {status}
      </p>
    </>
  );
}
