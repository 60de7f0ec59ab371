/**
 * Weight and packed size per SKU (issue 43) through the back office's API and the catalogue CSV:
 * a product saved with its SKUs' grams and millimetres reads them back; a half millimetre, a
 * negative or a 6 m side is refused with a Swedish message naming the field (BAD_USER_INPUT,
 * `argument` the field); the export has `vikt_g`, `langd_mm`, `bredd_mm`, `hojd_mm`; a file with
 * the columns sets them, an old file without them imports and keeps them, a bad cell is reported
 * by row and column; a cart's parcel weighs its units and is as big as its largest one. On every
 * database kind.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, products, skus } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { cartParcel } from '../src/modules/cart/cart-parcel.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { sampleCatalogueCsv, withCell, type SampleRefs } from './csv-sample.ts';
import { sampleRefs } from './csv-sample-refs.ts';
import { testDatabaseKinds } from './test-db.ts';

const SKU_FIELDS = 'articleNumber size weight lengthMm widthMm heightMm';
const UPDATE = `mutation($id: Int!, $input: ProductInput!) {
  updateProduct(id: $id, input: $input) { id skus { ${SKU_FIELDS} } } }`;
const READ = `query($id: Int!) { adminProduct(id: $id) {
  id articleNumber alias brandId primaryCategoryId published
  texts { languageId name shortText description extraText } skus { id ${SKU_FIELDS} } } }`;
const IMPORT = `mutation($csv: String!) { importCatalogueCsv(csv: $csv) {
  ok created updated errors { row column message } } }`;

interface AdminSkuAnswer {
  id?: number;
  articleNumber: string;
  size: string;
  weight: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

describe.each(testDatabaseKinds())('SKU weight and packed size on %s', (kind) => {
  const state = useAdminApi(kind);
  let chef: ReturnType<typeof adminClient>;
  let refs: SampleRefs;
  let productId: number;

  beforeAll(async () => {
    await seedCatalogue(state.handle.db, { products: 8 });
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    chef = adminClient(state.api, '10.43.0.1');
    expect((await chef.login('chef@example.se')).status).toBe(200);
    refs = await sampleRefs(state.handle.db);
    const [first] = await state.handle.db
      .select({ id: products.id })
      .from(products)
      .orderBy(asc(products.id))
      .limit(1);
    productId = first!.id;
  }, 120_000);

  /** The product as the form would send it back, with `change` applied to its first SKU. */
  const inputWith = async (change: Record<string, unknown>) => {
    const read = await chef.send(READ, { id: productId });
    const product = read.body.data!.adminProduct as Record<string, unknown> & {
      skus: AdminSkuAnswer[];
    };
    const { id: _id, skus: productSkus, ...rest } = product;
    return {
      ...rest,
      skus: productSkus.map((sku, index) => (index === 0 ? { ...sku, ...change } : sku)),
    };
  };

  it('seeds plausible weights and boxes: every seeded SKU has all four', async () => {
    const rows = await state.handle.db.select().from(skus);
    expect(rows.length).toBeGreaterThan(0);
    for (const sku of rows) {
      expect(sku.weight).toBeGreaterThan(0);
      expect(Math.min(sku.lengthMm, sku.widthMm, sku.heightMm)).toBeGreaterThan(0);
    }
  });

  it('saves and reads back a SKU’s grams and millimetres', async () => {
    const input = await inputWith({ weight: 14_000, lengthMm: 1500, widthMm: 200, heightMm: 800 });
    const saved = await chef.send(UPDATE, { id: productId, input });
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data?.updateProduct.skus[0]).toMatchObject({
      weight: 14_000,
      lengthMm: 1500,
      widthMm: 200,
      heightMm: 800,
    });
    const read = await chef.send(READ, { id: productId });
    expect(read.body.data?.adminProduct.skus[0]).toMatchObject({ lengthMm: 1500, heightMm: 800 });
    // Left out: 0, unknown.
    const cleared = await inputWith({});
    delete (cleared.skus[0] as Partial<AdminSkuAnswer>).widthMm;
    const again = await chef.send(UPDATE, { id: productId, input: cleared });
    expect(again.body.data?.updateProduct.skus[0]).toMatchObject({ widthMm: 0, lengthMm: 1500 });
  });

  it('refuses a negative, a too large or a fractional measure in Swedish, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ lengthMm: -1 }, 'skus.0.lengthMm', 'Längden för storlek'],
      [{ heightMm: 6000 }, 'skus.0.heightMm', 'Måttet får vara högst 5 000 mm'],
      [{ weight: 1_000_001 }, 'skus.0.weight', 'Vikten får vara högst 1 000 000 g'],
      [{ widthMm: -5 }, 'skus.0.widthMm', 'Måttet kan inte vara negativt'],
    ];
    for (const [change, argument, message] of cases) {
      const answer = await chef.send(UPDATE, { id: productId, input: await inputWith(change) });
      expect(codeOf(answer), argument).toBe('BAD_USER_INPUT');
      const error = answer.body.errors![0]!;
      expect(error.extensions).toMatchObject({ argument, locale: 'sv' });
      expect(error.message).toContain(message);
    }
    // A half millimetre is not an Int: GraphQL refuses it before the service.
    const half = await chef.send(UPDATE, {
      id: productId,
      input: await inputWith({ lengthMm: 2.5 }),
    });
    expect(half.body.errors?.[0]).toBeDefined();
    expect(half.body.data?.updateProduct ?? null).toBeNull();
  });

  it('exports, imports and keeps the measures; an old file without the columns still imports', async () => {
    // A file with the columns sets them.
    let csv = sampleCatalogueCsv(2, refs, 'MATT');
    const lines = csv.replace(/\r\n$/, '').split('\r\n');
    csv = `${lines
      .map((line, i) => (i === 0 ? `${line};langd_mm;bredd_mm;hojd_mm` : `${line};1500;200;800`))
      .join('\r\n')}\r\n`;
    const first = await chef.send(IMPORT, { csv });
    expect(first.body.data?.importCatalogueCsv).toMatchObject({ ok: true, created: 2 });
    const imported = await state.handle.db
      .select()
      .from(skus)
      .where(inArray(skus.articleNumber, ['MATT-1-S', 'MATT-2-M']));
    expect(imported.map((s) => [s.weight, s.lengthMm, s.widthMm, s.heightMm])).toEqual([
      [12_000, 1500, 200, 800],
      [12_000, 1500, 200, 800],
    ]);

    // The export has the columns, after vikt_g, with the stored values.
    const exported = (await chef.send('{ catalogueCsvExport }')).body.data
      ?.catalogueCsvExport as string;
    const [header, ...rows] = exported.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(';');
    expect(columns.slice(columns.indexOf('vikt_g'), columns.indexOf('vikt_g') + 4)).toEqual([
      'vikt_g',
      'langd_mm',
      'bredd_mm',
      'hojd_mm',
    ]);
    // Split at the semicolons outside quotes (the description holds one).
    const row = rows.find((r) => r.includes(';MATT-1-S;'))!.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    expect(row[columns.indexOf('langd_mm')]).toBe('1500');
    expect(row[columns.indexOf('hojd_mm')]).toBe('800');

    // The export imports back unchanged.
    const back = await chef.send(IMPORT, { csv: exported });
    expect(back.body.data?.importCatalogueCsv).toMatchObject({ ok: true, created: 0 });

    // An old file (no size columns) updates the products and keeps their sizes.
    const old = withCell(sampleCatalogueCsv(2, refs, 'MATT'), 2, 'vikt_g', '13000');
    const kept = await chef.send(IMPORT, { csv: old });
    expect(kept.body.data?.importCatalogueCsv).toMatchObject({ ok: true, created: 0 });
    const [after] = await state.handle.db
      .select()
      .from(skus)
      .where(eq(skus.articleNumber, 'MATT-1-S'));
    expect([after!.weight, after!.lengthMm, after!.widthMm, after!.heightMm]).toEqual([
      13_000, 1500, 200, 800,
    ]);

    // A bad cell is reported with its row and column, and nothing is written.
    const bad = `${lines
      .map((line, i) =>
        i === 0 ? `${line};langd_mm;bredd_mm;hojd_mm` : `${line};${i === 2 ? '6000' : '10'};2,5;30`,
      )
      .join('\r\n')}\r\n`;
    const refused = await chef.send(IMPORT, { csv: bad });
    const result = refused.body.data?.importCatalogueCsv as {
      ok: boolean;
      errors: Array<{ row: number; column: string; message: string }>;
    };
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({
      row: 3,
      column: 'langd_mm',
      message: 'Ange ett heltal från 0 till 5000',
    });
    expect(result.errors).toContainEqual({
      row: 2,
      column: 'bredd_mm',
      message: 'Ange ett heltal från 0 till 5000',
    });
    const [unchanged] = await state.handle.db
      .select()
      .from(skus)
      .where(eq(skus.articleNumber, 'MATT-2-S'));
    expect(unchanged!.lengthMm).toBe(1500);
  });

  it('gives a cart’s weight in grams and its parcel as the largest unit', async () => {
    const [bike] = await state.handle.db
      .select()
      .from(skus)
      .where(eq(skus.articleNumber, 'MATT-1-S'));
    const [small] = await state.handle.db
      .update(skus)
      .set({ weight: 120, lengthMm: 150, widthMm: 100, heightMm: 50 })
      .where(eq(skus.articleNumber, 'MATT-2-M'))
      .returning();
    await state.handle.db.insert(carts).values({ id: 'parcel-cart', marketId: 'SE|SEK' });
    const line = (sku: typeof skus.$inferSelect, quantity: number) => ({
      cartId: 'parcel-cart',
      skuId: sku.id,
      productId: sku.productId,
      quantity,
      productName: 'x',
      articleNumber: 'x',
      skuName: sku.name,
      skuArticleNumber: sku.articleNumber,
      unitPriceIncVat: 100,
      vatRateBasisPoints: 2500,
    });
    await state.handle.db.insert(cartItems).values([line(bike!, 1), line(small!, 3)]);
    expect(await cartParcel(state.handle.db, 'parcel-cart')).toEqual({
      weightGrams: 13_000 + 3 * 120,
      unknownWeight: false,
      dimensions: { lengthMm: 1500, widthMm: 800, heightMm: 200 },
      unknownSize: false,
    });
    expect(await cartParcel(state.handle.db, 'no-such-cart')).toMatchObject({
      weightGrams: 0,
      dimensions: null,
    });
  });
});
