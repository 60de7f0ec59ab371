/**
 * Shipping without nShift (issue 43, docs/shipping.md "Shipping without nShift: the packing
 * list"): for a Stockholm calendar day, the orders to ship as two CSV files the back office
 * downloads, written like the shop's other exports for Swedish Excel (csv/safe-csv.ts: UTF-8 with
 * a byte-order mark, semicolons, CRLF, formula-looking cells as text):
 *
 * - the **packing list** (`packlista-<day>.csv`), one row per order line: who it goes to, where,
 *   how, and what to pick (article number, name, size, units, the line's weight);
 * - the **label data** (`fraktetiketter-<day>.csv`), one row per order, for a carrier's label
 *   import (PostNord, DHL, Bring, … read such a file): addressee, address, phone, e-mail, the
 *   order's weight, one parcel, and the order number as the reference.
 *
 * The orders to ship on a day: status received or processing (placed and not yet shipped, not
 * cancelled, not awaiting a leasing employer's approval), placed before the day ended in
 * Stockholm, oldest first — so the list of a day also holds older orders still waiting, and
 * tomorrow's list no longer has what was shipped (completed) today. Weights are the SKUs' current
 * weights in grams (orders copy no weight); a SKU removed from the catalogue, or of unknown
 * weight, weighs 0. The pickup point (issue 43: a carrier's service point or a store, as the
 * shopper chose it; an older store pickup's alias as the store) is written as its name, address,
 * postcode and city, so the parcel can be labelled for it. Each export is one audit entry (`orders.shipping-export`: which file, day and
 * how many orders and rows), as exports of personal data are.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { skuMeasuresById } from '../catalog/sku-measures.service.ts';
import { writeCsv } from '../csv/safe-csv.ts';
import { listStores } from '../inventory/inventory.service.ts';
import { formatZip } from '../shipping/zip.ts';
import { orderDelivery, pickupPointLines } from './order-delivery.ts';
import { SHOP_TIME_ZONE, shopDay } from './order-stats.service.ts';
import { orderLines, orders, type StoredAddress } from './orders.tables.ts';

/** The order statuses whose orders are still to ship. */
export const TO_SHIP_STATUSES = ['received', 'processing'] as const;

/** The two files: the packing list (a row per line) and the carrier's label data (per order). */
export type ShippingExportFile = 'packing-list' | 'labels';

/** The packing list's columns, in file order. */
export const PACKING_LIST_COLUMNS = [
  'ordernummer',
  'orderdatum',
  'namn',
  'foretag',
  'adress',
  'postnummer',
  'ort',
  'land',
  'telefon',
  'e_post',
  'leveranssatt',
  'utlamningsstalle',
  'artikelnummer',
  'artikel',
  'storlek',
  'antal',
  'vikt_g',
] as const;

/** The label data's columns, in file order. */
export const LABEL_COLUMNS = [
  'namn',
  'foretag',
  'adress',
  'postnummer',
  'ort',
  'land',
  'telefon',
  'e_post',
  'vikt_g',
  'kolli',
  'referens',
] as const;

/** One line of an order to ship, with its weight (grams: units × the SKU's weight). */
interface LineToShip {
  skuArticleNumber: string;
  name: string;
  size: string;
  quantity: number;
  weightGrams: number;
}

/** An order to ship with its delivery details and lines. */
export interface OrderToShip {
  orderId: number;
  /** The Stockholm day it was placed, `yyyy-mm-dd`. */
  placedOn: string;
  name: string;
  company: string;
  /** Street lines (c/o, address lines 1–3) joined with ", ". */
  address: string;
  postcode: string;
  city: string;
  /** ISO country code, e.g. `SE`. */
  country: string;
  phone: string;
  email: string;
  shippingName: string;
  /**
   * The pickup point as "Name, address, postcode city" (e.g. "ICA Haga, Haga Nygata 12, 411 01
   * Göteborg"); an unknown alias as it is; '' for home delivery.
   */
  pickupPoint: string;
  lines: LineToShip[];
  /** The lines' weights added up, grams. */
  weightGrams: number;
}

/** A file made for download. */
export interface ShippingExport {
  file: ShippingExportFile;
  day: string;
  fileName: string;
  csv: string;
  /** Orders in the file. */
  orders: number;
  /** Data rows (without the header). */
  rows: number;
}

/** The delivery address of an order: its shipping address, else its billing address. */
function deliveryAddress(order: {
  shippingAddress: StoredAddress;
  billingAddress: StoredAddress;
}): StoredAddress {
  const shipping = order.shippingAddress ?? {};
  return shipping.addressLine1?.trim() || shipping.zip?.trim() ? shipping : order.billingAddress;
}

/** Trimmed, or ''. */
function clean(value: string | undefined): string {
  return (value ?? '').trim();
}

/** The order's pickup point on one line (opening hours left out), or ''. */
function pickupPointText(
  order: Parameters<typeof orderDelivery>[0],
  store: Parameters<typeof orderDelivery>[1],
): string {
  const point = orderDelivery(order, store).pickupPoint;
  if (!point) return '';
  return pickupPointLines({ ...point, openingHours: null }).join(', ');
}

/**
 * The orders to ship on Stockholm day `day` (`yyyy-mm-dd`), oldest first, each with its lines in
 * order and their weights (four statements).
 */
export async function ordersToShip(db: Database, day: string): Promise<OrderToShip[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...TO_SHIP_STATUSES]),
        sql`${orders.createdAt} < ((${day})::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.lineNo));
  const measures = await skuMeasuresById(
    db,
    lines.map((l) => l.skuId),
  );
  const stores = new Map((await listStores(db)).map((s) => [s.alias, s]));
  const linesOf = new Map<number, LineToShip[]>();
  for (const line of lines) {
    const list = linesOf.get(line.orderId) ?? [];
    list.push({
      skuArticleNumber: line.skuArticleNumber || line.articleNumber,
      name: line.name,
      size: line.skuName,
      quantity: line.quantity,
      weightGrams: (measures.get(line.skuId)?.weightGrams ?? 0) * line.quantity,
    });
    linesOf.set(line.orderId, list);
  }
  return rows.map((order) => {
    const address = deliveryAddress(order);
    const own = linesOf.get(order.id) ?? [];
    const country = clean(address.country) || clean(order.billingAddress.country);
    return {
      orderId: order.id,
      placedOn: shopDay(order.createdAt),
      name: [clean(address.firstName), clean(address.lastName)].filter(Boolean).join(' '),
      company: clean(address.company),
      address: [
        address.careOf?.trim() ? `c/o ${address.careOf.trim()}` : '',
        clean(address.addressLine1),
        clean(address.addressLine2),
        clean(address.addressLine3),
      ]
        .filter(Boolean)
        .join(', '),
      postcode: formatZip(clean(address.zip), country),
      city: clean(address.city),
      country: country.toUpperCase(),
      phone: clean(order.phone) || clean(address.mobilePhone) || clean(address.phone),
      email: clean(order.email),
      shippingName: order.shippingName,
      pickupPoint: pickupPointText(order, stores.get(clean(order.pickupPoint ?? ''))),
      lines: own,
      weightGrams: own.reduce((sum, line) => sum + line.weightGrams, 0),
    };
  });
}

/** The packing list of `list`: the header and one row per order line. */
export function packingListCsv(list: readonly OrderToShip[]): string {
  const records: string[][] = [[...PACKING_LIST_COLUMNS]];
  for (const order of list) {
    for (const line of order.lines) {
      records.push([
        String(order.orderId),
        order.placedOn,
        order.name,
        order.company,
        order.address,
        order.postcode,
        order.city,
        order.country,
        order.phone,
        order.email,
        order.shippingName,
        order.pickupPoint,
        line.skuArticleNumber,
        line.name,
        line.size,
        String(line.quantity),
        String(line.weightGrams),
      ]);
    }
  }
  return writeCsv(records, { delimiter: ';', bom: true });
}

/** The label data of `list`: the header and one row per order (one parcel each). */
export function labelsCsv(list: readonly OrderToShip[]): string {
  const records: string[][] = [[...LABEL_COLUMNS]];
  for (const order of list) {
    records.push([
      order.name,
      order.company,
      order.address,
      order.postcode,
      order.city,
      order.country,
      order.phone,
      order.email,
      String(order.weightGrams),
      '1',
      String(order.orderId),
    ]);
  }
  return writeCsv(records, { delimiter: ';', bom: true });
}

/**
 * The file `file` for Stockholm day `day` (default: today at `now`), recorded in the audit log
 * as `orders.shipping-export` by `actor`.
 */
export async function exportShippingFile(
  db: Database,
  file: ShippingExportFile,
  day: string | null,
  actor: AuditActor,
  now: Date,
): Promise<ShippingExport> {
  const chosen = day ?? shopDay(now);
  const list = await ordersToShip(db, chosen);
  const csv = file === 'packing-list' ? packingListCsv(list) : labelsCsv(list);
  const rows =
    file === 'packing-list'
      ? list.reduce((sum, order) => sum + order.lines.length, 0)
      : list.length;
  await recordAudit(db, {
    actor,
    action: 'orders.shipping-export',
    entityType: 'orders',
    entityId: file,
    before: null,
    after: { file, day: chosen, orders: list.length, rows },
    at: now,
  });
  return {
    file,
    day: chosen,
    fileName: `${file === 'packing-list' ? 'packlista' : 'fraktetiketter'}-${chosen}.csv`,
    csv,
    orders: list.length,
    rows,
  };
}
