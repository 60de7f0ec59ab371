import { describe, expect, it } from 'vitest';
import { facetGroups } from './facets';
import { parseSelection } from './list-selection';

const value = (facetId: string, label: string, count: number, parentId: string | null = null) => ({
  _id: `${facetId}_${count}`,
  facetId,
  parentId,
  label,
  order: 0,
  count,
  hidden: false,
});

const base = {
  price: { lowest: 100, highest: 9000 },
  facets: [
    {
      filterId: 'Brand',
      type: 'Brand',
      group: null,
      label: 'Varumärke',
      order: 2,
      values: [value('b_1', 'Monark', 5), value('b_2', 'POC', 3)],
    },
    {
      filterId: 'Category',
      type: 'Category',
      group: null,
      label: 'Kategori',
      order: 1,
      values: [value('c_11', 'Elcyklar', 2, 'c_1'), value('c_1', 'Cyklar', 4)],
    },
    {
      filterId: 'Parameter-1',
      type: 'Parameter',
      group: 'Färg',
      label: 'Färg',
      order: 10,
      values: [value('p_1_1', 'Svart', 4)],
    },
  ],
};

describe('facet groups of the filter panel', () => {
  it('lists the base values with the current counts (missing: 0), categories as a tree', () => {
    const current = {
      price: base.price,
      facets: [{ ...base.facets[0]!, values: [value('b_1', 'Monark', 2)] }],
    };
    const groups = facetGroups(
      base,
      current,
      parseSelection(new URLSearchParams('brands=Monark~b_1')),
    );
    expect(groups.map((g) => [g.key, g.label])).toEqual([
      ['categories', 'Kategori'],
      ['brands', 'Varumärke'],
      ['p-Färg', 'Färg'],
    ]);
    expect(groups[0]!.options.map((o) => [o.label, o.depth])).toEqual([
      ['Cyklar', 0],
      ['Elcyklar', 1],
    ]);
    expect(groups[1]!.options.map((o) => [o.label, o.count, o.selected])).toEqual([
      ['Monark', 2, true],
      ['POC', 0, false],
    ]);
  });

  it('keeps a selected value the API no longer returns, and hides types on request', () => {
    const groups = facetGroups(null, base, parseSelection(new URLSearchParams('brands=Trek~b_9')), [
      'Category',
    ]);
    expect(groups.map((g) => g.key)).toEqual(['brands', 'p-Färg']);
    expect(groups[0]!.options.at(-1)).toMatchObject({
      facetId: 'b_9',
      label: 'Trek',
      count: 0,
      selected: true,
    });
  });
});
