import { describe, expect, it } from 'vitest';
import {
  hrefOf,
  parseFacetValue,
  parseSelection,
  selectionParams,
  withoutFacet,
  withoutFilters,
} from './list-selection';

describe('list selection in the URL', () => {
  it('reads label~facetId values under the spec keys', () => {
    const selection = parseSelection(
      new URLSearchParams(
        'brands=Monark~b_3&brands=POC~b_7&skus=M~s_TQ&p-Färg=Svart~p_1_1001&price=Under 500 kr~pr_0_500&discount=21–30 %~d_21_30&categories=Elcyklar~c_11&sort=PRICE&lowest=100&highest=5000',
      ),
    );
    expect(selection.facets.map((f) => [f.key, f.label, f.facetId])).toEqual([
      ['brands', 'Monark', 'b_3'],
      ['brands', 'POC', 'b_7'],
      ['skus', 'M', 's_TQ'],
      ['p-Färg', 'Svart', 'p_1_1001'],
      ['price', 'Under 500 kr', 'pr_0_500'],
      ['discount', '21–30 %', 'd_21_30'],
      ['categories', 'Elcyklar', 'c_11'],
    ]);
    expect(selection).toMatchObject({ lowest: 100, highest: 5000, sort: 'PRICE' });
  });

  it('drops hostile and mismatched values, swaps a reversed range, ignores unknown sorts', () => {
    const selection = parseSelection(
      new URLSearchParams(
        `brands=<script>alert(1)</script>~b_1'or'1&brands=x~c_1&skus=${'a'.repeat(300)}~s_QQ&evil=a~b_1&lowest=9000&highest=100&sort=DROP TABLE&page=-3`,
      ),
    );
    expect(selection.facets).toEqual([]);
    expect(selection).toMatchObject({ lowest: 100, highest: 9000, sort: null });
    expect(parseFacetValue('brands', 'Monark~b_3')).toEqual({
      key: 'brands',
      label: 'Monark',
      facetId: 'b_3',
    });
    expect(parseFacetValue('p-', 'x~p_1_2')).toBeNull();
  });

  it('keeps at most 60 values and no duplicates', () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 100; i += 1) params.append('brands', `B~b_${i % 80}`);
    expect(parseSelection(params).facets).toHaveLength(60);
  });

  it('builds shareable URLs: chips remove one value, "Rensa alla" keeps the sort', () => {
    const selection = parseSelection(
      new URLSearchParams('brands=Monark~b_3&skus=M~s_TQ&sort=PRICE'),
    );
    expect(hrefOf('/c/cyklar', selectionParams(withoutFacet(selection, 'b_3'), 'LATEST'))).toBe(
      '/c/cyklar?skus=M%7Es_TQ&sort=PRICE',
    );
    expect(hrefOf('/c/cyklar', selectionParams(withoutFilters(selection), 'LATEST'))).toBe(
      '/c/cyklar?sort=PRICE',
    );
    expect(hrefOf('/c/cyklar', selectionParams(withoutFilters(selection), 'PRICE'))).toBe(
      '/c/cyklar',
    );
  });
});
