/**
 * The catalogue CSV on the admin API (issue 26 "CSV import and export"; docs/csv-format.md):
 * `catalogueCsvExport` (catalogue:read), `importCatalogueCsv` (a mutation answering once) and
 * the subscription `catalogueCsvImport` (the same import, with progress events over
 * server-sent events for the back office's progress bar). Importing needs catalogue, prices and
 * stock write (a file changes all three). The service validates every row with the product
 * editor's rules and writes everything in one transaction, or nothing.
 */
import { z } from 'zod';
import {
  importCatalogueCsv,
  type CsvImportResult,
} from '../../modules/catalog-csv/csv-import.service.ts';
import type { CsvImportProgress } from '../../modules/catalog-csv/csv-plan.ts';
import { exportCatalogueCsv } from '../../modules/catalog-csv/csv-export.service.ts';
import { errorReportCsv, type CsvRowError } from '../../modules/catalog-csv/csv-rows.ts';
import { hasPermission } from '../../modules/staff/roles.ts';
import { adminBuilder } from './builder.ts';
import { actorOf, type AdminContext } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

/** Most characters of one file (about 50 MB; 10 000 products are about 3 MB). */
const MAX_CSV_CHARS = 50_000_000;

const CsvErrorType = adminBuilder.objectRef<CsvRowError>('CsvRowError').implement({
  description: 'A problem of an import: the row (header = 1, 0 = the file), the column, why.',
  fields: (t) => ({
    row: t.exposeInt('row'),
    column: t.exposeString('column'),
    message: t.exposeString('message', { description: 'In Swedish.' }),
  }),
});

const CsvResultType = adminBuilder.objectRef<CsvImportResult>('CsvImportResult').implement({
  description: 'The outcome of an import: all of it (ok) or nothing, with every problem found.',
  fields: (t) => ({
    ok: t.exposeBoolean('ok'),
    rows: t.exposeInt('rows', { description: 'Data rows in the file.' }),
    created: t.exposeInt('created', { description: 'Products created.' }),
    updated: t.exposeInt('updated', { description: 'Products updated.' }),
    stockChanges: t.exposeInt('stockChanges', { description: 'Stock levels changed.' }),
    errors: t.field({ type: [CsvErrorType], resolve: (r) => r.errors }),
    reportCsv: t.string({
      description: 'The problems as a CSV report (rad;kolumn;fel), empty when ok.',
      resolve: (r) => errorReportCsv(r.errors),
    }),
  }),
});

/** One event of the subscription: progress, and at the end the result. */
interface ImportEvent extends CsvImportProgress {
  result: CsvImportResult | null;
}

const ImportEventType = adminBuilder.objectRef<ImportEvent>('CsvImportEvent').implement({
  description:
    'Progress of an import: `phase` validate (rows checked) or write (products written), ' +
    '`done` of `total`; the last event has the result.',
  fields: (t) => ({
    phase: t.exposeString('phase'),
    done: t.exposeInt('done'),
    total: t.exposeInt('total'),
    result: t.field({ type: CsvResultType, nullable: true, resolve: (e) => e.result }),
  }),
});

/** The permissions an import needs, checked before anything is read. */
function requireImport(ctx: AdminContext) {
  requireStaff(ctx, 'catalogue', 'write');
  requireStaff(ctx, 'prices', 'write');
  requireStaff(ctx, 'stock', 'write');
}

const csvArgsSchema = z.object({
  csv: z.string().min(1, 'the file is empty').max(MAX_CSV_CHARS, 'the file is too large'),
});

/**
 * Runs the import and yields its progress, then the result (an async generator the
 * subscription streams). Progress arrives from the import's callback between its statements.
 */
async function* importEvents(ctx: AdminContext, csv: string): AsyncGenerator<ImportEvent> {
  const queue: ImportEvent[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  const push = (event: ImportEvent) => {
    queue.push(event);
    wake?.();
  };
  void importCatalogueCsv(ctx.db, csv, actorOf(ctx), ctx.now, (p) => push({ ...p, result: null }))
    .then((result) => push({ phase: 'done', done: 1, total: 1, result }))
    .catch((error: unknown) => {
      failure = error;
    })
    .finally(() => {
      finished = true;
      wake?.();
    });
  for (;;) {
    const next = queue.shift();
    if (next) {
      yield next;
      continue;
    }
    if (finished) {
      if (failure) throw failure;
      return;
    }
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
}

adminBuilder.queryFields((t) => ({
  catalogueCsvExport: t.string({
    description:
      'Every SKU of every product as the catalogue CSV (docs/csv-format.md; catalogue:read): ' +
      'the file imports back unchanged. The price and VAT columns only with prices:read, the ' +
      'stock columns only with stock:read. Cells a spreadsheet would run as formulas are ' +
      "written as text (a leading `'`, removed again by the import). FORBIDDEN without " +
      'catalogue:read.',
    resolve: (_root, _args, ctx) => {
      const staff = requireStaff(ctx, 'catalogue', 'read');
      return exportCatalogueCsv(ctx.db, {
        prices: hasPermission(staff.role, 'prices', 'read'),
        stock: hasPermission(staff.role, 'stock', 'read'),
      });
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  importCatalogueCsv: t.field({
    type: CsvResultType,
    description:
      'Imports a catalogue CSV (docs/csv-format.md): every row is validated with the product ' +
      "editor's rules; with any problem nothing is written and `errors` names each row and " +
      'column, otherwise everything is written in one transaction. Needs catalogue, prices and ' +
      'stock write. BAD_USER_INPUT for an empty or too large file.',
    args: { csv: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireImport(ctx);
      const input = parseInput(csvArgsSchema, args);
      return importCatalogueCsv(ctx.db, input.csv, actorOf(ctx), ctx.now);
    },
  }),
}));

adminBuilder.subscriptionType({
  description:
    'Root subscription type of the back-office API: long operations that report progress, ' +
    'over server-sent events (POST with `Accept: text/event-stream`).',
});

adminBuilder.subscriptionFields((t) => ({
  catalogueCsvImport: t.field({
    type: ImportEventType,
    description:
      'The import of `importCatalogueCsv` with progress: events while rows are checked and ' +
      'products written, the last one with the result. Same permissions and errors.',
    args: { csv: t.arg.string({ required: true }) },
    subscribe: (_root, args, ctx) => {
      requireImport(ctx);
      const input = parseInput(csvArgsSchema, args);
      return importEvents(ctx, input.csv);
    },
    resolve: (event) => event,
  }),
}));
