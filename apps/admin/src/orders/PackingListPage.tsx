/**
 * `/ordrar/packlista` (issue 43, "Shipping without nShift"; docs/shipping.md): for a chosen day
 * (today by default, Swedish time) the orders to ship as two CSV files for Swedish Excel: the
 * packing list (a row per order line) and the label data for a carrier's label import (a row per
 * order). Each download is recorded in the audit log. Needs orders:read.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { downloadFile } from '../download.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';

type ShippingFile = 'PACKING_LIST' | 'LABELS';

const EXPORT_MUTATION = `mutation($file: ShippingExportFile!, $day: String) {
  exportShippingFile(file: $file, day: $day) { day fileName csv orders rows } }`;

/** Today in Stockholm, `yyyy-mm-dd`. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

const FILE_NAMES: Record<ShippingFile, string> = {
  PACKING_LIST: 'Packlistan',
  LABELS: 'Fraktetiketternas data',
};

/** The packing list page. */
export function PackingListPage() {
  const [day, setDay] = useState(today);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function download(file: ShippingFile) {
    setStatus('');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      setErrors([{ message: 'Ange dagen som ÅÅÅÅ-MM-DD, t.ex. 2026-12-03.', fieldId: 'ship-day' }]);
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      const data = await adminRequest<{
        exportShippingFile: {
          day: string;
          fileName: string;
          csv: string;
          orders: number;
          rows: number;
        };
      }>(EXPORT_MUTATION, { file, day });
      const result = data.exportShippingFile;
      downloadFile(result.fileName, result.csv);
      setStatus(
        result.orders === 0
          ? `Inga ordrar att skicka ${result.day}. ${FILE_NAMES[file]} har bara rubrikraden.`
          : `${FILE_NAMES[file]} för ${result.day}: ${result.orders} ${
              result.orders === 1 ? 'order' : 'ordrar'
            }, ${result.rows} ${result.rows === 1 ? 'rad' : 'rader'}. Filen ${result.fileName} laddas ner.`,
      );
    } catch (error) {
      setErrors([{ message: errorMessage(error), fieldId: 'ship-day' }]);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void download('PACKING_LIST');
  }

  return (
    <>
      <p>
        <Link to="/ordrar">← Ordrar</Link>
      </p>
      <h1>Packlista och fraktetiketter</h1>
      <p>
        För butiker utan nShift: ordrarna att skicka (mottagna eller under behandling, lagda senast
        den valda dagen) som CSV-filer för Excel. Packlistan har en rad per orderrad; filen för
        fraktetiketter har en rad per order och kan läsas in i fraktbolagets etikettverktyg.
      </p>
      <ErrorSummary errors={errors} />
      <form className="form panel" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="ship-day">Dag</label>
          <input
            id="ship-day"
            type="date"
            value={day}
            required
            aria-describedby="ship-day-hint"
            onChange={(event) => setDay(event.target.value)}
          />
          <span className="hint" id="ship-day-hint">
            Svensk tid. Äldre ordrar som ännu inte har skickats kommer också med.
          </span>
        </div>
        <div className="form-row form">
          <button type="submit" className="button" disabled={busy}>
            Ladda ner packlista (CSV)
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void download('LABELS')}
          >
            Ladda ner fraktetiketter (CSV)
          </button>
        </div>
      </form>
      <p className="status" role="status">
        {status}
      </p>
    </>
  );
}
