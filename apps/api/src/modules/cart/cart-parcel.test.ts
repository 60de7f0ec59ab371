import { describe, expect, it } from 'vitest';
import {
  largestLineDimensions,
  parcelEstimate,
  totalWeightGrams,
  type ParcelLine,
} from './cart-parcel.ts';

const bike: ParcelLine = {
  weightGrams: 14_000,
  lengthMm: 1500,
  widthMm: 200,
  heightMm: 800,
  quantity: 1,
};
const helmet: ParcelLine = {
  weightGrams: 350,
  lengthMm: 300,
  widthMm: 250,
  heightMm: 200,
  quantity: 2,
};
const tube: ParcelLine = {
  weightGrams: 120,
  lengthMm: 150,
  widthMm: 100,
  heightMm: 50,
  quantity: 3,
};
const unknown: ParcelLine = { weightGrams: 0, lengthMm: 0, widthMm: 0, heightMm: 0, quantity: 1 };

describe('a cart’s parcel (issue 43): grams and millimetres', () => {
  it('weighs every unit of every line, unknown weights adding nothing', () => {
    expect(totalWeightGrams([bike, helmet, tube])).toBe(14_000 + 700 + 360);
    expect(totalWeightGrams([tube, unknown])).toBe(360);
    expect(totalWeightGrams([])).toBe(0);
  });

  it('is as big as the largest unit by volume, longest side first', () => {
    expect(largestLineDimensions([tube, bike, helmet])).toEqual({
      lengthMm: 1500,
      widthMm: 800,
      heightMm: 200,
    });
    expect(largestLineDimensions([tube, helmet])).toEqual({
      lengthMm: 300,
      widthMm: 250,
      heightMm: 200,
    });
  });

  it('skips lines of unknown size and says what was unknown', () => {
    expect(largestLineDimensions([unknown, { ...tube, heightMm: 0 }])).toBeNull();
    expect(parcelEstimate([tube, unknown])).toEqual({
      weightGrams: 360,
      unknownWeight: true,
      dimensions: { lengthMm: 150, widthMm: 100, heightMm: 50 },
      unknownSize: true,
    });
    expect(parcelEstimate([bike])).toMatchObject({ unknownWeight: false, unknownSize: false });
  });
});
