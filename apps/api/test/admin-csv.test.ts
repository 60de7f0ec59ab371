/**
 * The catalogue CSV import and export (issue 26 "CSV import and export"; docs/csv-format.md):
 * who may import, CSRF, a file of 1 000 products imports (products, SKUs, prices, stock, audit),
 * a file with bad rows imports nothing and the report names each bad row and column, an export
 * imports back unchanged, and the subscription reports progress. On every database kind.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  productPrices,
  products,
  skus,
  stock,
  stockAdjustments,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { TEST_API_KEY } from './api-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { sampleCatalogueCsv, withCell, type SampleRefs } from './csv-sample.ts';
import { sampleRefs } from './csv-sample-refs.ts';
import { testDatabaseKinds } from './test-db.ts';

const IMPORT = `mutation($csv: String!) { importCatalogueCsv(csv: $csv) {
  ok rows created updated stockChanges errors { row column message } reportCsv } }`;
const EXPORT = '{ catalogueCsvExport }';

interface ImportAnswer {
  ok: boolean;
  rows: number;
  created: number;
  updated: number;
  stockChanges: number;
  errors: Array<{ row: number; column: string; message: string }>;
  reportCsv: string;
}

describe.each(testDatabaseKinds())('catalogue CSV on %s', (kind) => {
  const state = useAdminApi(kind);
  let chef: ReturnType<typeof adminClient>;
  let refs: SampleRefs;

  beforeAll(async () => {
    await seedCatalogue(state.handle.db, { products: 20 });
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    chef = adminClient(state.api, '10.80.0.1');
    expect((await chef.login('chef@example.se')).status).toBe(200);
    refs = await sampleRefs(state.handle.db);
  }, 120_000);

  const importCsv = async (csv: string) => {
    const answer = await chef.send(IMPORT, { csv });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.importCatalogueCsv as ImportAnswer;
  };
  const countProducts = async (prefix: string) =>
    state.handle.db.$count(products, like(products.articleNumber, `${prefix}-%`));

  it('refuses anonymous callers, a shop API key, a content editor and customer service', async () => {
    const csv = sampleCatalogueCsv(2, refs, 'NEKAD');
    const variants: Array<Record<string, string>> = [{}, { 'x-apikey': TEST_API_KEY }];
    for (const headers of variants) {
      const answer = await adminClient(state.api).send(IMPORT, { csv }, { headers });
      expect(answer.status).toBe(401);
    }
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    for (const email of ['redaktor@example.se', 'kundtjanst@example.se']) {
      const client = adminClient(state.api, '10.80.0.2');
      await client.login(email);
      const answer = await client.send(IMPORT, { csv });
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    const noCsrf = await chef.send(IMPORT, { csv }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(codeOf(noCsrf)).toBe('CSRF');
    expect(await countProducts('NEKAD')).toBe(0);
  });

  it('imports a file of 1 000 products: SKUs, prices in every market, stock, audit', async () => {
    const result = await importCsv(sampleCatalogueCsv(1000, refs, 'TUSEN'));
    expect(result).toMatchObject({ ok: true, rows: 2000, created: 1000, updated: 0, errors: [] });
    expect(await countProducts('TUSEN')).toBe(1000);
    expect(await state.handle.db.$count(skus, like(skus.articleNumber, 'TUSEN-%'))).toBe(2000);
    const [product] = await state.handle.db
      .select()
      .from(products)
      .where(eq(products.articleNumber, 'TUSEN-7'));
    expect(product).toMatchObject({
      name: 'Importcykel TUSEN 7',
      text1: 'Beskrivning av cykel 7; med semikolon och "citat"',
      active: true,
    });
    const prices = await state.handle.db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, product!.id));
    expect(prices).toHaveLength(refs.markets.length);
    expect(prices.every((p) => p.regularPriceIncVat === 100_700)).toBe(true);
    const [size] = await state.handle.db
      .select()
      .from(skus)
      .where(eq(skus.articleNumber, 'TUSEN-7-M'));
    const [level] = await state.handle.db.select().from(stock).where(eq(stock.skuId, size!.id));
    expect(level?.inStock).toBe(1);
    const history = await state.handle.db
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.skuId, size!.id));
    expect(history.map((h) => [h.storeId, h.quantityAfter, h.note])).toContainEqual([
      null,
      1,
      'CSV-import',
    ]);
    const [entry] = await state.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'catalogue.csv.import'));
    expect(entry?.staffEmail).toBe('chef@example.se');
    expect(entry?.after).toMatchObject({ rows: 2000, created: 1000 });
    expect(
      await state.handle.db.$count(
        auditLog,
        and(
          eq(auditLog.action, 'catalogue.product.create'),
          sql`${auditLog.after}->>'articleNumber' like 'TUSEN-%'`,
        ),
      ),
    ).toBe(1000);
  }, 600_000);

  it('imports nothing from a file with bad rows, and the report names each row and column', async () => {
    // Row numbers as a spreadsheet shows them: the header is row 1.
    let csv = sampleCatalogueCsv(50, refs, 'FEL');
    csv = withCell(csv, 37, 'ean', '7312345678901');
    csv = withCell(csv, 80, 'varumarke', 'okant-marke');
    const result = await importCsv(csv);
    expect(result.ok).toBe(false);
    expect(result.created).toBe(0);
    expect(result.errors).toEqual([
      {
        row: 37,
        column: 'ean',
        message: 'EAN-koden är inte giltig (8, 12, 13 eller 14 siffror med rätt kontrollsiffra)',
      },
      // Row 80 is the first row of product 40: its brand is unknown, and its second row
      // (81) no longer agrees with it.
      { row: 80, column: 'varumarke', message: 'Varumärket okant-marke finns inte' },
      {
        row: 81,
        column: 'varumarke',
        message: 'Värdet skiljer sig från produktens första rad (rad 80)',
      },
    ]);
    expect(result.reportCsv).toContain('rad;kolumn;fel\r\n37;ean;EAN-koden är inte giltig');
    expect(await countProducts('FEL')).toBe(0);
  });

  it('reports unreadable cells and header problems with Swedish messages', async () => {
    let csv = sampleCatalogueCsv(3, refs, 'CELL');
    csv = withCell(csv, 3, 'publicerad', 'kanske');
    csv = withCell(csv, 3, 'vikt_g', '12 kg');
    const result = await importCsv(csv);
    expect(result.errors).toEqual([
      { row: 3, column: 'publicerad', message: 'Skriv ja eller nej' },
      { row: 3, column: 'vikt_g', message: 'Ange ett heltal från 0 till 1000000' },
    ]);
    const header = await importCsv('produkt_artikelnummer;namn;farg\r\nA;B;C\r\n');
    expect(header.errors.map((e) => [e.row, e.column, e.message])).toContainEqual([
      1,
      'farg',
      'Okänd kolumn',
    ]);
    expect(header.errors.map((e) => e.column)).toContain('sku_artikelnummer');
    expect(await countProducts('CELL')).toBe(0);
  });

  it('an export imports back unchanged', async () => {
    const first = (await chef.send(EXPORT)).body.data?.catalogueCsvExport as string;
    expect(first.startsWith('\uFEFFprodukt_artikelnummer;alias;namn;')).toBe(true);
    expect(first).toContain('TUSEN-7;');
    const result = await importCsv(first);
    // Nothing in the file differs from the shop: nothing is written.
    expect(result).toMatchObject({ ok: true, created: 0, updated: 0, stockChanges: 0, errors: [] });
    expect(result.rows).toBeGreaterThanOrEqual(2000);
    const second = (await chef.send(EXPORT)).body.data?.catalogueCsvExport as string;
    expect(second).toBe(first);
  }, 600_000);

  it('streams progress over server-sent events and ends with the result', async () => {
    const csv = sampleCatalogueCsv(120, refs, 'SSE');
    const response = await state.api.fetch(
      new Request('http://shop.local/admin/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          'x-trampa-admin': '1',
          cookie: chef.cookie!,
        },
        body: JSON.stringify({
          query: `subscription($csv: String!) { catalogueCsvImport(csv: $csv) {
            phase done total result { ok created } } }`,
          variables: { csv },
        }),
      }),
      { clientIp: '10.80.0.1' },
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: ') && line.includes('catalogueCsvImport'))
      .map(
        (line) =>
          (JSON.parse(line.slice(6)) as { data: { catalogueCsvImport: Record<string, unknown> } })
            .data.catalogueCsvImport,
      );
    expect(events.some((e) => e.phase === 'validate')).toBe(true);
    expect(events.some((e) => e.phase === 'write')).toBe(true);
    expect(events.at(-1)).toMatchObject({ phase: 'done', result: { ok: true, created: 120 } });
    expect(await countProducts('SSE')).toBe(120);
  }, 300_000);
});
