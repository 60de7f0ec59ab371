/** Swedish field names in the catalogue's errors (issue 40 point 5: not "skus.0.ean: …"). */
import { describe, expect, it } from 'vitest';
import { productInputSchema } from './catalog-admin.input.ts';
import { catalogueFieldName } from './catalog-admin-fields.ts';
import { parseCatalogueInput } from './catalog-admin-tx.ts';

const product = {
  articleNumber: 'X-1',
  alias: 'x-1',
  brandId: 1,
  primaryCategoryId: 1,
  texts: [{ languageId: 'sv-SE', name: 'Hjälm' }],
  skus: [
    { articleNumber: 'X-1-S', size: 'S', ean: '' },
    { articleNumber: 'X-1-M', size: 'M', ean: '7350000000019' },
  ],
};

describe('catalogue field names', () => {
  it('an EAN error names the field and the size in Swedish, the path stays the argument', () => {
    let caught: unknown;
    try {
      parseCatalogueInput(productInputSchema, product);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      message: expect.stringMatching(/^EAN för storlek M: EAN-koden är inte giltig/),
      extensions: { code: 'BAD_USER_INPUT', argument: 'skus.1.ean' },
    });
    expect((caught as Error).message).not.toContain('skus.');
  });

  it('names other fields, and zod’s own messages are Swedish', () => {
    expect(catalogueFieldName(['skus', 0, 'size'], { skus: [{ size: '' }] })).toBe(
      'Storleken för storlek 1',
    );
    expect(catalogueFieldName(['texts', 0, 'name'], product)).toBe('Namnet (sv-SE)');
    expect(catalogueFieldName(['prices', 1, 'amount'], {})).toBe('Priset, prisrad 2');
    expect(catalogueFieldName(['alias'], product)).toBe('Alias');
    expect(catalogueFieldName(['okänt', 'x'], product)).toBeNull();
    expect(() =>
      parseCatalogueInput(productInputSchema, { ...product, metaTitle: 'x'.repeat(201) }),
    ).toThrow(/^Sidtitel: .*200/);
  });
});
