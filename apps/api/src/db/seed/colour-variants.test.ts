import { describe, expect, it } from 'vitest';
import { modelRound, repeatSuffix, variantColour } from './colour-variants.ts';

describe('colour variants of the seed', () => {
  it('makes the second and third round of a model its other colours, then a model year', () => {
    // 10 model lines and trims, 8 colours, 45 products of the kind.
    expect(modelRound(3, 10, 8, 45)).toEqual({
      colourIndex: 0,
      edition: 0,
      firstCursor: 3,
      hasOtherColours: true,
    });
    expect(modelRound(13, 10, 8, 45)).toMatchObject({ colourIndex: 1, edition: 0, firstCursor: 3 });
    expect(modelRound(23, 10, 8, 45)).toMatchObject({ colourIndex: 2, edition: 0, firstCursor: 3 });
    expect(modelRound(33, 10, 8, 45)).toMatchObject({
      colourIndex: 0,
      edition: 1,
      firstCursor: 33,
    });
    // The 36th product (cursor 35) has no later colour among 45 products.
    expect(modelRound(35, 10, 8, 45).hasOtherColours).toBe(false);
    // A model nobody repeats is on its own.
    expect(modelRound(7, 10, 8, 10).hasOtherColours).toBe(false);
  });

  it('keeps a kind with one colour to model years', () => {
    expect(modelRound(13, 10, 1, 45)).toEqual({
      colourIndex: 0,
      edition: 1,
      firstCursor: 13,
      hasOtherColours: false,
    });
    expect(repeatSuffix('slang', 1)).toBe(' 2-pack');
    expect(repeatSuffix('elcykel', 0)).toBe('');
  });

  it("gives a model's colours different colours of the kind", () => {
    const colours = ['svart', 'vit', 'gra', 'rod'] as const;
    for (const mainId of [1001, 1002, 1003, 1004]) {
      const chosen = [0, 1, 2].map((index) => variantColour(colours, 'vit', mainId, index));
      expect(chosen[0]).toBe('vit');
      expect(new Set(chosen).size).toBe(3);
      chosen.forEach((colour) => expect(colours).toContain(colour));
    }
  });
});
