/**
 * The encoding rule of a catalogue CSV import (issue 41 §4): the file must be UTF-8. A file
 * saved as Latin-1 or Windows-1252 (Excel's "CSV" on Windows) reaches the API through a UTF-8
 * decoder (the back office reads it with `File.text()`), which puts U+FFFD REPLACEMENT CHARACTER
 * in place of every byte that is not UTF-8: "Cykelhjälm" arrives as "Cykelhj\uFFFDlm". Such
 * a file is refused as a whole, naming the encoding, instead of importing mangled names.
 */
import type { CsvRowError } from './csv-rows.ts';

/** What a UTF-8 decoder writes for bytes it cannot read. */
const REPLACEMENT = '\uFFFD';

/**
 * The file-level error of a CSV text that was not UTF-8, or null when it was: `row` is the
 * spreadsheet row (1 = the header) of the first unreadable character, `column` empty, the
 * message Swedish.
 */
export function csvEncodingError(text: string): CsvRowError | null {
  const at = text.indexOf(REPLACEMENT);
  if (at < 0) return null;
  const row = text.slice(0, at).split('\n').length;
  return {
    row,
    column: '',
    message: `Filen är inte UTF-8-kodad: rad ${row} har tecken som inte kan läsas (filen är troligen sparad som Latin-1 eller Windows-1252). Spara den som ”CSV UTF-8” och importera den igen.`,
  };
}
