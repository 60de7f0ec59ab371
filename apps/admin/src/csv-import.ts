/**
 * The catalogue CSV import with progress (issue 26): runs the admin API's `catalogueCsvImport`
 * subscription over server-sent events (POST with `Accept: text/event-stream`, the CSRF header
 * and the session cookie) and hands each progress event to the page until the result arrives.
 */
import { AdminApiError } from './api.ts';

/** A progress event: `phase` validate, write or done; `done` of `total`. */
export interface ImportProgress {
  phase: string;
  done: number;
  total: number;
}

/** The outcome of an import (`CsvImportResult`). */
export interface CsvResult {
  ok: boolean;
  rows: number;
  created: number;
  updated: number;
  stockChanges: number;
  errors: Array<{ row: number; column: string; message: string }>;
  reportCsv: string;
}

const SUBSCRIPTION = `subscription($csv: String!) { catalogueCsvImport(csv: $csv) {
  phase done total
  result { ok rows created updated stockChanges errors { row column message } reportCsv } } }`;

interface EventData {
  data?: { catalogueCsvImport: ImportProgress & { result: CsvResult | null } };
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/** Swedish text of an error of the subscription. */
function failure(error: { extensions?: { code?: string } } | undefined): AdminApiError {
  const code = error?.extensions?.code ?? 'ERROR';
  if (code === 'UNAUTHENTICATED')
    return new AdminApiError(code, 'Du är inte inloggad. Logga in igen.');
  if (code === 'FORBIDDEN')
    return new AdminApiError(code, 'Din roll har inte behörighet att importera.');
  if (code === 'BAD_USER_INPUT') return new AdminApiError(code, 'Filen är tom eller för stor.');
  return new AdminApiError(code, 'Importen misslyckades. Inget har ändrats. Försök igen.');
}

/**
 * Imports `csv`, calling `onProgress` for each event.
 * @returns the result (ok, or the problems found: nothing was imported)
 * @throws AdminApiError when the import could not run
 */
export async function importWithProgress(
  csv: string,
  onProgress: (progress: ImportProgress) => void,
): Promise<CsvResult> {
  let response: Response;
  try {
    response = await fetch('/admin/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        'x-trampa-admin': '1',
      },
      body: JSON.stringify({ query: SUBSCRIPTION, variables: { csv } }),
    });
  } catch {
    throw new AdminApiError('NETWORK', 'Kunde inte nå servern. Kontrollera anslutningen.');
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as EventData;
    throw failure(body.errors?.[0]);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('');
      if (!data) continue;
      const event = JSON.parse(data) as EventData;
      if (event.errors?.length) throw failure(event.errors[0]);
      const payload = event.data?.catalogueCsvImport;
      if (!payload) continue;
      onProgress({ phase: payload.phase, done: payload.done, total: payload.total });
      if (payload.result) {
        void reader.cancel();
        return payload.result;
      }
    }
  }
  throw failure(undefined);
}
