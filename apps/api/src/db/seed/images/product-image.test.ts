import { describe, expect, it } from 'vitest';
import {
  COLOUR_KEYS,
  PRODUCT_KINDS,
  parseProductImageFileName,
  productImageFileName,
} from './product-kinds.ts';
import { renderProductImageSvg } from './render.ts';

/** A light well-formedness check: one root svg, balanced tags, quoted attributes. */
function looksLikeValidSvg(svg: string): boolean {
  if (!svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"') || !svg.endsWith('</svg>'))
    return false;
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z]+)((?:\s+[a-zA-Z:-]+="[^"<>]*")*)\s*(\/?)>/g;
  let position = 0;
  for (let match = tag.exec(svg); match; match = tag.exec(svg)) {
    if (svg.slice(position, match.index).trim() !== '') return false;
    position = tag.lastIndex;
    const [, closing, name, , selfClosing] = match;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else if (!selfClosing) {
      stack.push(name as string);
    }
  }
  return position === svg.length && stack.length === 0;
}

describe('product image file names', () => {
  it('round-trip through productImageFileName and parseProductImageFileName', () => {
    const name = productImageFileName('elcykel', 'svart', 1042, 1);
    expect(name).toBe('elcykel_svart_1042_1.svg');
    expect(parseProductImageFileName(name)).toEqual({
      kind: 'elcykel',
      colour: 'svart',
      productId: 1042,
      n: 1,
    });
  });

  it.each([
    '',
    'elcykel_svart_1042_1.png',
    'elcykel_svart_1042.svg',
    'elcykel_svart_1042_0.svg',
    'elcykel_svart_01042_1.svg',
    'sparkcykel_svart_1042_1.svg',
    'elcykel_rainbow_1042_1.svg',
    'elcykel_constructor_1042_1.svg',
    'ELCYKEL_SVART_1042_1.svg',
    '../elcykel_svart_1042_1.svg',
    '..%2Felcykel_svart_1042_1.svg',
    'img/elcykel_svart_1042_1.svg',
    '/etc/passwd',
    '..\\..\\windows\\win.ini',
    'elcykel_svart_1042_1.svg\u0000.png',
    'elcykel_svart_1042_1.svg/..',
  ])('does not understand %j', (name) => {
    expect(parseProductImageFileName(name)).toBeNull();
    expect(renderProductImageSvg(name)).toBeNull();
  });
});

describe('renderProductImageSvg', () => {
  it.each(PRODUCT_KINDS)('draws a valid, small SVG of every image of a %s', (kind) => {
    for (const n of [1, 2, 3]) {
      for (const colour of ['svart', 'vit', 'rod'] as const) {
        const svg = renderProductImageSvg(productImageFileName(kind, colour, 1001 + n, n));
        expect(svg).not.toBeNull();
        expect(svg).toContain('viewBox="0 0 800 800"');
        expect(svg).not.toContain('NaN');
        expect(svg).not.toContain('undefined');
        expect(looksLikeValidSvg(svg!)).toBe(true);
        expect(svg!.length).toBeLessThan(8_000);
      }
    }
  });

  it('draws every palette colour', () => {
    for (const colour of COLOUR_KEYS) {
      const svg = renderProductImageSvg(productImageFileName('hjalm', colour, 1234, 1));
      expect(svg && looksLikeValidSvg(svg)).toBe(true);
    }
  });

  it('is deterministic and varies the gallery images', () => {
    const first = renderProductImageSvg('racercykel_bla_2001_1.svg');
    expect(renderProductImageSvg('racercykel_bla_2001_1.svg')).toBe(first);
    expect(renderProductImageSvg('racercykel_bla_2001_2.svg')).not.toBe(first);
    expect(renderProductImageSvg('racercykel_bla_2001_3.svg')).not.toBe(first);
    expect(renderProductImageSvg('racercykel_rod_2001_1.svg')).not.toBe(first);
  });
});
