/**
 * Reading a catalogue CSV (issue 26; docs/csv-format.md) into typed rows: the header is checked
 * against the shop's markets and stores, every cell of every row is parsed, and each problem is
 * a {@link CsvRowError} with the row number (as a spreadsheet shows it: the header is row 1), the
 * column and a Swedish message. Nothing here touches the database.
 */
import { parse } from 'csv-parse/sync';
import { restoreCell, writeCsv } from '../csv/safe-csv.ts';
import {
  CellError,
  CSV_DELIMITER,
  parseCount,
  parseDate,
  parseMoney,
  parseVatPercent,
  parseYesNo,
  priceColumn,
  MAX_DIMENSION_MM,
  priceExVatColumn,
  PRODUCT_COLUMNS,
  REQUIRED_COLUMNS,
  SKU_COLUMNS,
  storeStockColumn,
  vatColumn,
  WEB_STOCK_COLUMNS,
} from './csv-format.ts';

/** One problem of an import, for the report. */
export interface CsvRowError {
  /** Row number in the file, the header being row 1 (0: the file as a whole). */
  row: number;
  /** The column's name, or '' for the whole row or file. */
  column: string;
  /** What is wrong, in Swedish. */
  message: string;
}

/** A market as the file's columns name it. */
export interface CsvMarket {
  id: string;
  alias: string;
}

/** A store as the file's columns name it. */
export interface CsvStore {
  id: number;
  alias: string;
}

/** A price cell pair: minor units incl. or excl. VAT and the VAT rate (null: the market's). */
export interface CsvPrice {
  marketId: string;
  amount: number;
  vatMode: 'incVat' | 'exVat';
  vatRateBasisPoints: number | null;
}

/** One data row, parsed. Absent columns are undefined; empty cells null (or '' for texts). */
export interface CsvRow {
  row: number;
  productArticleNumber: string;
  alias: string;
  name: string;
  shortText: string | undefined;
  description: string | undefined;
  brand: string;
  category: string;
  published: boolean | null | undefined;
  skuArticleNumber: string;
  size: string;
  ean: string | undefined;
  weight: number | null | undefined;
  /** Packed size in millimetres (`langd_mm`, `bredd_mm`, `hojd_mm`; issue 43). */
  lengthMm: number | null | undefined;
  widthMm: number | null | undefined;
  heightMm: number | null | undefined;
  /** Per market whose price column the file has: its price, or null (no price there). */
  prices: Map<string, CsvPrice | null>;
  webStock: number | null | undefined;
  incoming: string | null | undefined;
  /** Per store whose column the file has: its units, or null (left as it is). */
  storeStock: Map<number, number | null>;
}

/** The file read: its rows and the columns it has. */
export interface CsvFile {
  columns: string[];
  rows: CsvRow[];
  errors: CsvRowError[];
}

/** The columns a file may have with these markets and stores. */
function knownColumns(markets: readonly CsvMarket[], stores: readonly CsvStore[]): Set<string> {
  return new Set<string>([
    ...PRODUCT_COLUMNS,
    ...SKU_COLUMNS,
    ...WEB_STOCK_COLUMNS,
    ...markets.flatMap((m) => [
      priceColumn(m.alias),
      priceExVatColumn(m.alias),
      vatColumn(m.alias),
    ]),
    ...stores.map((s) => storeStockColumn(s.alias)),
  ]);
}

/** The records of the text, each with its row number; or the parser's error. */
function records(text: string): { records: string[][]; error?: CsvRowError } {
  try {
    const parsed = parse(text, {
      delimiter: CSV_DELIMITER,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    return { records: parsed };
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    return {
      records: [],
      error: {
        row: typeof lines === 'number' ? lines : 0,
        column: '',
        message:
          'Filen kan inte läsas som CSV (semikolonseparerad, UTF-8): kontrollera citattecknen',
      },
    };
  }
}

/**
 * Parses the text of a catalogue CSV. The header must have the required columns and no unknown
 * or repeated ones; each row must have as many cells as the header.
 */
export function readCatalogueCsv(
  text: string,
  markets: readonly CsvMarket[],
  stores: readonly CsvStore[],
): CsvFile {
  const { records: all, error } = records(text);
  if (error) return { columns: [], rows: [], errors: [error] };
  const [header, ...data] = all;
  if (!header || data.length === 0) {
    return {
      columns: [],
      rows: [],
      errors: [{ row: 0, column: '', message: 'Filen har inga rader att importera' }],
    };
  }
  const columns = header.map((c) => c.trim().toLowerCase());
  const errors: CsvRowError[] = [];
  const known = knownColumns(markets, stores);
  const seen = new Set<string>();
  for (const column of columns) {
    if (!known.has(column)) errors.push({ row: 1, column, message: 'Okänd kolumn' });
    if (seen.has(column)) errors.push({ row: 1, column, message: 'Kolumnen finns två gånger' });
    seen.add(column);
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!seen.has(column)) errors.push({ row: 1, column, message: 'Kolumnen saknas' });
  }
  for (const market of markets) {
    if (seen.has(priceColumn(market.alias)) && seen.has(priceExVatColumn(market.alias))) {
      errors.push({
        row: 1,
        column: priceExVatColumn(market.alias),
        message: `Ange priset antingen inklusive eller exklusive moms, inte båda`,
      });
    }
  }
  if (errors.length > 0) return { columns, rows: [], errors };
  const index = new Map(columns.map((c, i) => [c, i]));
  const rows: CsvRow[] = [];
  data.forEach((cells, i) => {
    const row = i + 2;
    if (cells.length !== columns.length) {
      errors.push({
        row,
        column: '',
        message: `Raden har ${cells.length} fält men rubrikraden ${columns.length}`,
      });
      return;
    }
    const parsed = readRow(row, cells, index, markets, stores, errors);
    if (parsed) rows.push(parsed);
  });
  return { columns, rows, errors };
}

/**
 * One data row; its problems are added to `errors` (and null returned when there are any). Every
 * cell is first restored (csv/safe-csv.ts `restoreCell`): the one `'` the export put before a
 * cell starting with `=`, `+`, `-`, `@`, tab, carriage return or `'` is removed, so an exported
 * name `=HYPERLINK(…)` imports as itself; a number cell `'-5` is read as `-5` (and refused).
 */
function readRow(
  row: number,
  cells: string[],
  index: Map<string, number>,
  markets: readonly CsvMarket[],
  stores: readonly CsvStore[],
  errors: CsvRowError[],
): CsvRow | null {
  const before = errors.length;
  const raw = (column: string): string | undefined => {
    const at = index.get(column);
    return at === undefined ? undefined : restoreCell(cells[at]!);
  };
  const text = (column: string) => raw(column)?.trim() ?? '';
  const cell = <T>(column: string, parser: (value: string) => T): T | undefined => {
    const value = raw(column);
    if (value === undefined) return undefined;
    try {
      return parser(value);
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      errors.push({ row, column, message: error.message });
      return undefined;
    }
  };
  for (const column of REQUIRED_COLUMNS) {
    if (text(column) === '') errors.push({ row, column, message: 'Fältet får inte vara tomt' });
  }
  const prices = new Map<string, CsvPrice | null>();
  for (const market of markets) {
    const inc = cell(priceColumn(market.alias), parseMoney);
    const ex = cell(priceExVatColumn(market.alias), parseMoney);
    const vat = cell(vatColumn(market.alias), parseVatPercent);
    if (inc === undefined && ex === undefined) continue;
    const amount = inc ?? ex ?? null;
    prices.set(
      market.id,
      amount === null
        ? null
        : {
            marketId: market.id,
            amount,
            vatMode: inc != null ? 'incVat' : 'exVat',
            vatRateBasisPoints: vat ?? null,
          },
    );
  }
  const storeStock = new Map<number, number | null>();
  for (const store of stores) {
    const units = cell(storeStockColumn(store.alias), (v) => parseCount(v));
    if (units !== undefined) storeStock.set(store.id, units);
  }
  const result: CsvRow = {
    row,
    productArticleNumber: text('produkt_artikelnummer'),
    alias: text('alias'),
    name: text('namn'),
    shortText: raw('kort_text')?.trim(),
    description: raw('beskrivning')?.trim(),
    brand: text('varumarke'),
    category: text('kategori'),
    published: cell('publicerad', parseYesNo),
    skuArticleNumber: text('sku_artikelnummer'),
    size: text('storlek'),
    ean: raw('ean')?.trim(),
    weight: cell('vikt_g', (v) => parseCount(v)),
    lengthMm: cell('langd_mm', (v) => parseCount(v, MAX_DIMENSION_MM)),
    widthMm: cell('bredd_mm', (v) => parseCount(v, MAX_DIMENSION_MM)),
    heightMm: cell('hojd_mm', (v) => parseCount(v, MAX_DIMENSION_MM)),
    prices,
    webStock: cell('lager_webb', (v) => parseCount(v)),
    incoming: cell('inleverans', parseDate),
    storeStock,
  };
  return errors.length > before ? null : result;
}

/**
 * The downloadable report of an import's problems: `rad;kolumn;fel` (UTF-8 with BOM, semicolons,
 * CRLF, as the import reads), one line per problem in row order; '' when there are none. The
 * column names come from the uploaded header, so the shop's one CSV writer neutralises them.
 */
export function errorReportCsv(errors: readonly CsvRowError[]): string {
  if (errors.length === 0) return '';
  return writeCsv(
    [['rad', 'kolumn', 'fel'], ...errors.map((e) => [String(e.row), e.column, e.message])],
    { delimiter: CSV_DELIMITER, bom: true },
  );
}
