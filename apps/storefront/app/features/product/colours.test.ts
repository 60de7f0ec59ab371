import { describe, expect, it } from 'vitest';
import { colourHref, toColourOptions } from './colours';

const node = (productId: number, value: string, sizes: string[], totalStock = 3) => ({
  level: 1,
  productId,
  value,
  label: value,
  alias: `cykel-${productId}`,
  canonicalUrl: `/p/cyklar/elcyklar/cykel-${productId}`,
  attributes: [{ key: 'hex', value: '#26282b' }],
  stock: { totalStock },
  variants: sizes.map((size) => ({ value: size })),
});

describe('the colours of a model', () => {
  it('lists every colour with its page, swatch, sizes and whether it is the one shown', () => {
    const options = toColourOptions(
      { variants: [node(1, 'Svart', ['S', 'M']), node(2, 'Marinblå', ['M', 'L'], 0)] },
      2,
    );
    expect(options).toEqual([
      {
        productId: 1,
        name: 'Svart',
        url: '/p/cyklar/elcyklar/cykel-1',
        hex: '#26282b',
        current: false,
        soldOut: false,
        sizes: ['S', 'M'],
      },
      {
        productId: 2,
        name: 'Marinblå',
        url: '/p/cyklar/elcyklar/cykel-2',
        hex: '#26282b',
        current: true,
        soldOut: true,
        sizes: ['M', 'L'],
      },
    ]);
  });

  it('offers nothing to choose for a product on its own', () => {
    expect(toColourOptions({ variants: [node(1, 'Svart', ['S'])] }, 1)).toEqual([]);
    expect(toColourOptions(null, 1)).toEqual([]);
  });

  it('carries the chosen size to a colour that has it, and only then', () => {
    const [black, navy] = toColourOptions(
      { variants: [node(1, 'Svart', ['S', '52 cm']), node(2, 'Marinblå', ['52 cm', 'L'])] },
      1,
    );
    expect(colourHref(navy!, '52 cm')).toBe('/p/cyklar/elcyklar/cykel-2?storlek=52+cm');
    expect(colourHref(navy!, 'S')).toBe('/p/cyklar/elcyklar/cykel-2');
    expect(colourHref(navy!, null)).toBe('/p/cyklar/elcyklar/cykel-2');
    expect(colourHref(black!, 'S')).toBe('/p/cyklar/elcyklar/cykel-1?storlek=S');
  });
});
