/**
 * CSV import and export of the catalogue (issue 26; docs/csv-format.md): export every product,
 * SKU, price and stock level as a file; import a file with a progress bar (the
 * `catalogueCsvImport` subscription's events over server-sent events). A refused file imports
 * nothing: the page lists each problem by row and column and offers the report as a download.
 */
import { useState, type FormEvent } from 'react';
import { adminRequest, type Me, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { importWithProgress, type CsvResult, type ImportProgress } from './csv-import.ts';
import './csv.css';
import { downloadFile } from './download.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Swedish words for a progress event. */
function progressText(progress: ImportProgress): string {
  if (progress.phase === 'validate') {
    return `Kontrollerar produkter: ${progress.done} av ${progress.total}`;
  }
  if (progress.phase === 'write') return `Sparar produkter: ${progress.done} av ${progress.total}`;
  return 'Klart';
}

/** Which columns the role's export lacks (the API leaves out what the role may not read). */
function withheldColumnsText(readsPrices: boolean, readsStock: boolean): string {
  const missing = [readsPrices ? null : 'priser och moms', readsStock ? null : 'lagersaldon']
    .filter(Boolean)
    .join(' och ');
  return `Din roll får inte se ${missing}, så de kolumnerna finns inte i din export.`;
}

/** The CSV page. */
export function CsvPage({ me }: { me: Me }) {
  const canImport = ['catalogue:write', 'prices:write', 'stock:write'].every((p) =>
    me.permissions.includes(p),
  );
  const readsPrices = me.permissions.some((p) => p.startsWith('prices:'));
  const readsStock = me.permissions.some((p) => p.startsWith('stock:'));
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<CsvResult | null>(null);
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setErrors([]);
    setStatus('Exporterar …');
    try {
      const data = await adminRequest<{ catalogueCsvExport: string }>('{ catalogueCsvExport }');
      downloadFile(`trampa-katalog-${today()}.csv`, data.catalogueCsvExport);
      setStatus('Exporten är klar och har laddats ner.');
    } catch (error) {
      setStatus('');
      setErrors([{ message: errorMessage(error) }]);
    }
  }

  async function importCsv(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    setResult(null);
    setStatus('');
    if (!(file instanceof File) || file.size === 0) {
      setErrors([{ message: 'Välj en CSV-fil att importera.', fieldId: 'csv-file' }]);
      return;
    }
    setErrors([]);
    setBusy(true);
    setProgress({ phase: 'validate', done: 0, total: 1 });
    try {
      const outcome = await importWithProgress(await file.text(), setProgress);
      setResult(outcome);
      if (outcome.ok) {
        setStatus(
          `Importen är klar: ${outcome.created} produkter skapade, ${outcome.updated} uppdaterade och ${outcome.stockChanges} lagersaldon ändrade.`,
        );
      } else {
        setErrors([
          {
            message: `Filen importerades inte: ${outcome.errors.length} ${outcome.errors.length === 1 ? 'fel' : 'fel'} hittades. Inget har ändrats. Se listan nedan eller ladda ner felrapporten.`,
            fieldId: 'csv-report',
          },
        ]);
      }
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>CSV-import och export</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <section className="panel" aria-labelledby="csv-export-title">
        <h2 id="csv-export-title">Exportera</h2>
        <p>
          Alla produkter med storlekar, priser per marknad och lagersaldo per lagerplats, en rad per
          storlek (semikolonseparerad UTF-8). Filen kan importeras tillbaka oförändrad.
        </p>
        {readsPrices && readsStock ? null : <p>{withheldColumnsText(readsPrices, readsStock)}</p>}
        <button type="button" className="button button-secondary" onClick={() => void exportCsv()}>
          Exportera CSV
        </button>
      </section>
      {canImport ? (
        <section className="panel" aria-labelledby="csv-import-title">
          <h2 id="csv-import-title">Importera</h2>
          <p>
            Varje rad kontrolleras innan något sparas. Om någon rad är felaktig importeras ingenting
            och du får en rapport med radnummer, kolumn och fel.
          </p>
          <form onSubmit={(event) => void importCsv(event)} noValidate className="form form-row">
            <div className="field">
              <label htmlFor="csv-file">CSV-fil</label>
              <input
                id="csv-file"
                name="file"
                type="file"
                accept=".csv,text/csv"
                aria-describedby="csv-file-hint"
              />
              <span className="hint" id="csv-file-hint">
                Kolumnerna beskrivs i docs/csv-format.md: en rad per storlek.
              </span>
            </div>
            <button type="submit" className="button" disabled={busy}>
              Importera
            </button>
          </form>
          {progress ? (
            <div className="csv-progress">
              <label htmlFor="csv-progress">Förlopp</label>
              <progress
                id="csv-progress"
                max={progress.total}
                value={progress.phase === 'done' ? progress.total : progress.done}
                aria-describedby="csv-progress-text"
              />
              <span id="csv-progress-text">{progressText(progress)}</span>
            </div>
          ) : null}
        </section>
      ) : null}
      {result && !result.ok ? (
        <section className="panel" aria-labelledby="csv-report-title" id="csv-report" tabIndex={-1}>
          <h2 id="csv-report-title">Fel i filen</h2>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => downloadFile(`felrapport-${today()}.csv`, result.reportCsv)}
          >
            Ladda ner felrapport (CSV)
          </button>
          <table className="table">
            <caption>Fel per rad ({result.errors.length})</caption>
            <thead>
              <tr>
                <th scope="col">Rad</th>
                <th scope="col">Kolumn</th>
                <th scope="col">Fel</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.slice(0, 200).map((error) => (
                <tr key={`${error.row}:${error.column}:${error.message}`}>
                  <td>{error.row}</td>
                  <td>{error.column || '–'}</td>
                  <td>{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {result.errors.length > 200 ? (
            <p>Visar de 200 första felen; felrapporten har alla.</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
