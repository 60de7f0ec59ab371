/**
 * The one CSV writer of the shop (issue 41 point 2, OWASP "CSV Injection"): every CSV the API
 * writes (the catalogue export and its import's error report, the newsletter subscribers of the
 * back office and of the CLI, the back-in-stock requests) goes through {@link writeCsv}, which
 * neutralises every cell with {@link neutraliseCell} and quotes it by RFC 4180 (csv-stringify
 * does the quoting). The catalogue import undoes the neutralising with {@link restoreCell}, so an
 * export imports back unchanged.
 *
 * The rule, precisely: a cell whose first character is `=`, `+`, `-`, `@`, a tab (0x09) or a
 * carriage return (0x0D) — what a spreadsheet may start a formula with — or a single quote `'`
 * gets one `'` put in front, and is written between double quotes. The `'` makes Excel,
 * LibreOffice and Google Sheets show the cell as text. The single quote itself is in the set only
 * so that the rule can be undone: restoring removes the first character of a cell when it is `'`
 * and the second is one of the set, which gives back exactly the value neutralised (for every
 * string s, `restoreCell(neutraliseCell(s)) === s`). Numbers the shop writes itself (prices,
 * VAT rates, stock, weights, dates, row numbers) never start with one of these characters: no
 * export writes a negative number, so the rule never changes them.
 */
import { stringify } from 'csv-stringify/sync';

/** The first characters that make a cell neutralised (the formula starters and `'`). */
const NEUTRALISED_START = /^[=+\-@\t\r']/;

/** A neutralised cell: `'` and then a character of the set. */
const NEUTRALISED = /^'[=+\-@\t\r']/;

/**
 * The cell as it is safe to write: `'` + value when the value starts with `=`, `+`, `-`, `@`,
 * tab, carriage return or `'`; otherwise the value unchanged. Quoting is {@link writeCsv}'s.
 */
export function neutraliseCell(value: string): string {
  return NEUTRALISED_START.test(value) ? `'${value}` : value;
}

/**
 * The inverse of {@link neutraliseCell} for a cell read from a file: the leading `'` removed when
 * it is followed by `=`, `+`, `-`, `@`, tab, carriage return or `'`; otherwise unchanged (so a
 * file from elsewhere keeps a name like `'Tis the season`).
 */
export function restoreCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/** How a CSV is laid out. */
export interface CsvLayout {
  /** `;` (what Excel writes in Swedish) or `,` (RFC 4180). */
  delimiter: ';' | ',';
  /** A UTF-8 byte order mark first (Excel then reads UTF-8). */
  bom: boolean;
}

/**
 * The records as CSV text: CRLF after every record (the last too), every cell neutralised by
 * {@link neutraliseCell}, and between double quotes (inner ones doubled) when it was neutralised
 * or holds the delimiter, a double quote, a line feed or a carriage return.
 */
export function writeCsv(records: ReadonlyArray<readonly string[]>, layout: CsvLayout): string {
  return stringify(
    records.map((record) => record.map(neutraliseCell)),
    {
      delimiter: layout.delimiter,
      bom: layout.bom,
      record_delimiter: 'windows',
      quoted_match: [NEUTRALISED, /[\r\n]/],
    },
  );
}
