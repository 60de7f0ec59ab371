import { describe, expect, it } from 'vitest';
import { productImageUrl } from './image-url';

describe('productImageUrl', () => {
  it('encodes the file name into the size folder', () => {
    expect(productImageUrl('racer 2000 röd.svg', '800x800')).toBe(
      '/img/product/800x800/racer%202000%20r%C3%B6d.svg',
    );
  });
});
