/**
 * Catalogue CSV files for the import's tests, journey and bench (issue 26; docs/csv-format.md):
 * `count` products of two sizes each, with valid EANs, a price in every market and stock in the
 * web shop and every store. Pure (no database): the journeys build their files with it too;
 * csv-sample-refs.ts finds a seeded database's brand, category, markets and stores.
 */

/** What a sample file refers to: aliases of a brand, a category, the markets and stores. */
export interface SampleRefs {
  brand: string;
  category: string;
  markets: string[];
  stores: string[];
}

/** `digits` (12) with its GS1 check digit: a valid EAN-13. */
export function ean13(digits: string): string {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * (i % 2 === 0 ? 3 : 1)));
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * A catalogue CSV of `count` products (article numbers `${prefix}-1` …), two sizes each (S and
 * M), UTF-8 with BOM, semicolons, CRLF. Product `n`'s price is 1 000 + n kr incl. VAT at 25 %.
 */
export function sampleCatalogueCsv(count: number, refs: SampleRefs, prefix = 'CSV'): string {
  const header = [
    'produkt_artikelnummer',
    'namn',
    'beskrivning',
    'varumarke',
    'kategori',
    'publicerad',
    'sku_artikelnummer',
    'storlek',
    'ean',
    'vikt_g',
    ...refs.markets.flatMap((m) => [`pris_${m}`, `moms_${m}`]),
    'lager_webb',
    ...refs.stores.map((s) => `lager_${s}`),
  ];
  const lines = [header.join(';')];
  for (let n = 1; n <= count; n += 1) {
    for (const [i, size] of ['S', 'M'].entries()) {
      lines.push(
        [
          `${prefix}-${n}`,
          `Importcykel ${prefix} ${n}`,
          `"Beskrivning av cykel ${n}; med semikolon och ""citat"""`,
          refs.brand,
          refs.category,
          'ja',
          `${prefix}-${n}-${size}`,
          size,
          ean13(`73${String(n * 2 + i).padStart(10, '0')}`),
          '12000',
          ...refs.markets.flatMap(() => [`${1000 + n},00`, '25']),
          String((n + i) % 7),
          ...refs.stores.map(() => String(i)),
        ].join(';'),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The fields of a CSV line, `;` inside quotes kept (quotes as they are). */
function fields(line: string): string[] {
  return line.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
}

/**
 * Row `row` of a sample file (the header is row 1) with `column` set to `value` (a plain value:
 * no `;`, `"` or line break), for files with a bad row.
 */
export function withCell(csv: string, row: number, column: string, value: string): string {
  const lines = csv.split('\r\n');
  const index = fields(lines[0]!.replace(/^\uFEFF/, '')).indexOf(column);
  if (index < 0) throw new Error(`no column ${column}`);
  const cells = fields(lines[row - 1]!);
  cells[index] = value;
  lines[row - 1] = cells.join(';');
  return lines.join('\r\n');
}
