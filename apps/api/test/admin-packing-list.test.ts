/**
 * Shipping without nShift (issue 43; docs/shipping.md): the back office's packing list (a row per
 * order line) and carriers' label data (a row per order) for a day, as CSV for Swedish Excel
 * (UTF-8 with BOM, semicolons, CRLF). Which orders (received or processing, placed by the end of
 * the day in Stockholm; not cancelled, shipped or placed later), what each row says (address,
 * postcode as the post writes it, pickup point, article number, size, units, weight in grams),
 * who may export (orders:read: customer service yes, a content editor no), the audit entry, and
 * a bad day refused in Swedish. On every database kind.
 */
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders, skus } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { LABEL_COLUMNS, PACKING_LIST_COLUMNS } from '../src/modules/orders/packing-list.service.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { testDatabaseKinds } from './test-db.ts';

const EXPORT = `mutation($file: ShippingExportFile!, $day: String) {
  exportShippingFile(file: $file, day: $day) { file day fileName csv orders rows } }`;

interface ExportAnswer {
  file: string;
  day: string;
  fileName: string;
  csv: string;
  orders: number;
  rows: number;
}

/** The records of a CSV as Excel reads it: BOM first, semicolons. */
function records(csv: string): Record<string, string>[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv).toContain('\r\n');
  return parse(csv, { bom: true, delimiter: ';', columns: true }) as Record<string, string>[];
}

describe.each(testDatabaseKinds())('packing list and label data on %s', (kind) => {
  const state = useAdminApi(kind);
  let chef: ReturnType<typeof adminClient>;
  /** Placed the day before (processing), today (received), cancelled, shipped, tomorrow. */
  let older: PlacedOrder;
  let todays: PlacedOrder;
  let cancelled: PlacedOrder;
  let shipped: PlacedOrder;
  let later: PlacedOrder;

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 10 });
    await addCartFixture(db);
    await db
      .update(skus)
      .set({ weight: 350 })
      .where(inArray(skus.id, [...F.helmet.skuIds]));
    await db.update(skus).set({ weight: 120 }).where(eq(skus.id, F.tube.skuId));
    const client = createTestClient(state.handle, state.config);
    const place = (items: Array<[number, number]>, checkout: Record<string, unknown> = {}) =>
      placeTestOrder(client, db, items, 'se', checkout);
    older = await place([[F.helmet.skuIds[0], 1]], { email: 'åsa.öberg@example.se' });
    todays = await place(
      [
        [F.helmet.skuIds[1], 2],
        [F.tube.skuId, 3],
      ],
      {
        shippingAddress: {
          firstName: 'Örjan',
          lastName: 'Ek',
          company: 'Ek & Söner AB',
          addressLine1: 'Ågatan 5',
          addressLine2: 'Lgh 1102',
          zip: '41101',
          city: 'Göteborg',
          country: 'SE',
        },
      },
    );
    cancelled = await place([[F.tube.skuId, 1]]);
    shipped = await place([[F.tube.skuId, 1]]);
    later = await place([[F.tube.skuId, 1]]);
    // The clock is 2026-11-28 09:00 UTC (10:00 in Stockholm).
    const at = (iso: string) => new Date(iso);
    await db
      .update(orders)
      // 23:30 the 27th; picked up in a store (the order names the store by its alias).
      .set({ createdAt: at('2026-11-27T22:30:00Z'), status: 'processing', pickupPoint: 'goteborg' })
      .where(eq(orders.id, older.id));
    await db
      .update(orders)
      .set({
        createdAt: at('2026-11-28T08:00:00Z'),
        pickupPoint: 'PostNord Ombud, ICA Nära Ågatan',
      })
      .where(eq(orders.id, todays.id));
    await db
      .update(orders)
      .set({ createdAt: at('2026-11-28T07:00:00Z'), status: 'cancelled' })
      .where(eq(orders.id, cancelled.id));
    await db
      .update(orders)
      .set({ createdAt: at('2026-11-28T07:10:00Z'), status: 'completed' })
      .where(eq(orders.id, shipped.id));
    // 00:30 the 29th in Stockholm (23:30 UTC the 28th): tomorrow's list, not today's.
    await db
      .update(orders)
      .set({ createdAt: at('2026-11-28T23:30:00Z') })
      .where(eq(orders.id, later.id));
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    chef = adminClient(state.api, '10.43.1.1');
    expect((await chef.login('chef@example.se')).status).toBe(200);
  }, 120_000);

  const exportFile = async (
    client: ReturnType<typeof adminClient>,
    file: 'PACKING_LIST' | 'LABELS',
    day?: string,
  ) => {
    const answer = await client.send(EXPORT, { file, ...(day ? { day } : {}) });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.exportShippingFile as ExportAnswer;
  };

  it('lists today’s orders to ship, a row per line, with address, pickup point and weights', async () => {
    const result = await exportFile(chef, 'PACKING_LIST');
    expect(result).toMatchObject({
      file: 'PACKING_LIST',
      day: '2026-11-28',
      fileName: 'packlista-2026-11-28.csv',
      orders: 2,
      rows: 3,
    });
    expect(result.csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(PACKING_LIST_COLUMNS.join(';'));
    const rows = records(result.csv);
    expect(rows.map((r) => [r.ordernummer, r.artikelnummer, r.antal, r.vikt_g])).toEqual([
      [String(older.id), expect.any(String), '1', '350'],
      [String(todays.id), expect.any(String), '2', '700'],
      [String(todays.id), expect.any(String), '3', '360'],
    ]);
    const [first, second] = rows;
    expect(first).toMatchObject({
      orderdatum: '2026-11-27',
      namn: 'Anna Andersson',
      adress: 'Storgatan 1',
      postnummer: '111 22',
      ort: 'Stockholm',
      land: 'SE',
      e_post: 'åsa.öberg@example.se',
    });
    // An order from before issue 43 names its store by alias: the store's name, address, postcode.
    expect(first!.utlamningsstalle).toMatch(/^Trampa Göteborg Haga, .+, \d{3} \d{2} Göteborg$/);
    expect(first!.leveranssatt).not.toBe('');
    expect(second).toMatchObject({
      orderdatum: '2026-11-28',
      namn: 'Örjan Ek',
      foretag: 'Ek & Söner AB',
      adress: 'Ågatan 5, Lgh 1102',
      postnummer: '411 01',
      ort: 'Göteborg',
      utlamningsstalle: 'PostNord Ombud, ICA Nära Ågatan',
    });
    const [helmetSku] = await state.handle.db
      .select()
      .from(skus)
      .where(eq(skus.id, F.helmet.skuIds[1]));
    expect(second).toMatchObject({
      artikelnummer: helmetSku!.articleNumber,
      storlek: helmetSku!.name,
    });
    // The day before: only the order placed by then.
    const yesterday = await exportFile(chef, 'PACKING_LIST', '2026-11-27');
    expect(records(yesterday.csv).map((r) => r.ordernummer)).toEqual([String(older.id)]);
    // The next day: tomorrow's order joins the ones still waiting.
    const tomorrow = await exportFile(chef, 'PACKING_LIST', '2026-11-29');
    expect(new Set(records(tomorrow.csv).map((r) => r.ordernummer))).toEqual(
      new Set([older.id, todays.id, later.id].map(String)),
    );
  });

  it('gives the label data a row per order: weight total, one parcel, the order number', async () => {
    const result = await exportFile(chef, 'LABELS', '2026-11-28');
    expect(result).toMatchObject({ fileName: 'fraktetiketter-2026-11-28.csv', orders: 2, rows: 2 });
    expect(result.csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(LABEL_COLUMNS.join(';'));
    const rows = records(result.csv);
    expect(rows).toEqual([
      expect.objectContaining({
        namn: 'Anna Andersson',
        adress: 'Storgatan 1',
        postnummer: '111 22',
        ort: 'Stockholm',
        land: 'SE',
        e_post: 'åsa.öberg@example.se',
        vikt_g: '350',
        kolli: '1',
        referens: String(older.id),
      }),
      expect.objectContaining({
        namn: 'Örjan Ek',
        foretag: 'Ek & Söner AB',
        postnummer: '411 01',
        vikt_g: String(700 + 360),
        kolli: '1',
        referens: String(todays.id),
      }),
    ]);
    const ids = rows.map((r) => r.referens);
    for (const id of [cancelled.id, shipped.id, later.id]) expect(ids).not.toContain(String(id));
  });

  it('is for roles that see orders, and every export is in the audit log', async () => {
    const service = adminClient(state.api, '10.43.1.2');
    await service.login('kundtjanst@example.se');
    expect((await exportFile(service, 'LABELS')).orders).toBe(2);
    const editor = adminClient(state.api, '10.43.1.3');
    await editor.login('redaktor@example.se');
    const refused = await editor.send(EXPORT, { file: 'PACKING_LIST' });
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const anonymous = await adminClient(state.api).send(EXPORT, { file: 'PACKING_LIST' });
    expect(anonymous.status).toBe(401);
    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'orders.shipping-export'));
    expect(entries.map((e) => e.staffEmail)).toContain('kundtjanst@example.se');
    expect(entries.find((e) => e.staffEmail === 'kundtjanst@example.se')?.after).toEqual({
      file: 'labels',
      day: '2026-11-28',
      orders: 2,
      rows: 2,
    });
    expect(entries.filter((e) => e.staffEmail === 'chef@example.se').length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it('refuses a day that is not a date, in Swedish', async () => {
    for (const day of ['28/11/2026', '2026-02-30']) {
      const answer = await chef.send(EXPORT, { file: 'LABELS', day });
      expect(codeOf(answer)).toBe('BAD_USER_INPUT');
      expect(answer.body.errors?.[0]).toMatchObject({
        message: 'Ange dagen som ÅÅÅÅ-MM-DD, t.ex. 2026-12-03',
        extensions: { argument: 'day', locale: 'sv' },
      });
    }
  });
});
