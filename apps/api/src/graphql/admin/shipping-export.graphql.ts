/**
 * Shipping without nShift on the admin API (issue 43; docs/shipping.md): `exportShippingFile`
 * gives a day's packing list (a row per order line) or the carriers' label data (a row per
 * order) as CSV for Swedish Excel (orders/packing-list.service.ts). A mutation, as the other
 * exports of personal data: each one is recorded in the audit log. Needs orders:read, the
 * permission that shows orders (administrator, butikschef, kundtjänst).
 */
import { swedishInputError } from '../../errors.ts';
import {
  exportShippingFile,
  type ShippingExport,
} from '../../modules/orders/packing-list.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';

const ShippingExportFileEnum = adminBuilder.enumType('ShippingExportFile', {
  description:
    '`PACKING_LIST`: one row per order line (what to pick and where it goes); `LABELS`: one ' +
    'row per order for a carrier’s label import.',
  values: { PACKING_LIST: { value: 'packing-list' }, LABELS: { value: 'labels' } } as const,
});

const ShippingExportType = adminBuilder.objectRef<ShippingExport>('ShippingExport').implement({
  description:
    'A day’s shipping file: CSV, UTF-8 with BOM, semicolons, CRLF (docs/csv-format.md ' +
    '"Packing list and label data").',
  fields: (t) => ({
    file: t.field({ type: ShippingExportFileEnum, resolve: (e) => e.file }),
    day: t.exposeString('day', { description: 'yyyy-mm-dd, Swedish time.' }),
    fileName: t.exposeString('fileName', { description: 'E.g. `packlista-2026-12-03.csv`.' }),
    csv: t.exposeString('csv'),
    orders: t.exposeInt('orders', { description: 'Orders in the file.' }),
    rows: t.exposeInt('rows', { description: 'Data rows (without the header).' }),
  }),
});

/**
 * `day` when it is a calendar day `yyyy-mm-dd` that exists, null when not given.
 * @throws ShopError BAD_USER_INPUT (Swedish, `argument` day) otherwise
 */
function parseDay(day: string | null | undefined): string | null {
  if (day == null || day.trim() === '') return null;
  const value = day.trim();
  const time = new Date(`${value}T00:00:00Z`).getTime();
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(time) ||
    !new Date(time).toISOString().startsWith(value)
  ) {
    throw swedishInputError('Ange dagen som ÅÅÅÅ-MM-DD, t.ex. 2026-12-03', 'day');
  }
  return value;
}

adminBuilder.mutationFields((t) => ({
  exportShippingFile: t.field({
    type: ShippingExportType,
    description:
      'The orders to ship on `day` (default today, Swedish time: received or processing, ' +
      'placed by the end of that day) as a packing list or label data CSV (orders:read). ' +
      'Recorded in the audit log (`orders.shipping-export`). BAD_USER_INPUT (Swedish) for a ' +
      'day that is not yyyy-mm-dd.',
    args: {
      file: t.arg({ type: ShippingExportFileEnum, required: true }),
      day: t.arg.string({ description: 'yyyy-mm-dd (Europe/Stockholm); default today.' }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'orders', 'read');
      return exportShippingFile(ctx.db, args.file, parseDay(args.day), actorOf(ctx), ctx.now);
    },
  }),
}));
