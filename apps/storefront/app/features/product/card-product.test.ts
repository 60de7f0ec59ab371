import { describe, expect, it } from 'vitest';
import { present, toCardProduct, toShownPrice } from './card-product';

const price = {
  sellingPriceIncVat: 974.25,
  regularPriceIncVat: 1299,
  isDiscounted: true,
  discountPercentage: 25,
  sellingPriceIncVatFormatted: '974,25 kr',
  regularPriceIncVatFormatted: '1 299 kr',
  sellingPriceExVatFormatted: '779,40 kr',
  regularPriceExVatFormatted: '1 039,20 kr',
};

const lowest = {
  isDiscounted: true,
  discountPercentage: 19,
  comparisonPriceIncVatFormatted: '1 199 kr',
  comparisonPriceExVatFormatted: '959,20 kr',
};

describe('toShownPrice', () => {
  it('keeps the formatted prices and states the reduction against the 30-day lowest price', () => {
    expect(toShownPrice(price, lowest)).toEqual({
      selling: '974,25 kr',
      regular: '1 299 kr',
      sellingExVat: '779,40 kr',
      regularExVat: '1 039,20 kr',
      isDiscounted: true,
      discountPercentage: 19,
      lowest: '1 199 kr',
      lowestExVat: '959,20 kr',
      sellingValue: 974.25,
    });
  });

  it('states no percentage without a reduction against the 30-day lowest price', () => {
    const none = { ...lowest, isDiscounted: false, discountPercentage: 0 };
    expect(toShownPrice(price, none)).toMatchObject({ discountPercentage: 0, lowest: '1 199 kr' });
    expect(toShownPrice(price)).toMatchObject({ discountPercentage: 0, lowest: null });
  });

  it('shows no 30-day lowest price beside a price that is not reduced', () => {
    const regular = { ...price, sellingPriceIncVat: 1299, isDiscounted: false };
    expect(toShownPrice(regular, lowest)).toMatchObject({ isDiscounted: false, lowest: null });
  });

  it('is not discounted when the regular price is not higher', () => {
    expect(toShownPrice({ ...price, regularPriceIncVat: 974.25 })?.isDiscounted).toBe(false);
    expect(toShownPrice(null)).toBeNull();
  });
});

describe('toCardProduct', () => {
  it('takes the first image and the canonical url', () => {
    expect(
      toCardProduct({
        productId: 7,
        alias: 'racer',
        name: 'Racer 2000',
        canonicalUrl: '/p/cyklar/racer',
        brand: { name: 'Fart' },
        productImages: [null, { fileName: 'racer-1.svg' }],
        unitPrice: price,
      }),
    ).toMatchObject({
      id: '7',
      url: '/p/cyklar/racer',
      brand: 'Fart',
      imageFileName: 'racer-1.svg',
    });
  });

  it('falls back to /p/{alias} and the alias as name', () => {
    expect(toCardProduct({ alias: 'x y' })).toMatchObject({
      id: 'x y',
      name: 'x y',
      url: '/p/x%20y',
      imageFileName: null,
      price: null,
    });
  });
});

describe('toCardProduct rating', () => {
  it('shows stars only for products with published reviews', () => {
    expect(toCardProduct({ alias: 'a', rating: { score: 4.5, voteCount: 2 } }).rating).toEqual({
      score: 4.5,
      count: 2,
    });
    expect(toCardProduct({ alias: 'a', rating: { score: 0, voteCount: 0 } }).rating).toBeNull();
    expect(toCardProduct({ alias: 'a', rating: null }).rating).toBeNull();
    expect(toCardProduct({ alias: 'a' }).rating).toBeNull();
  });
});

describe('present', () => {
  it('drops nulls', () => {
    expect(present([1, null, 2])).toEqual([1, 2]);
    expect(present(null)).toEqual([]);
  });
});
