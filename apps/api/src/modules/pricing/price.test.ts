import { describe, expect, it } from 'vitest';
import {
  computePrice,
  discountPercent,
  divideRounded,
  exVat,
  exVatAtRatio,
  linePrice,
  storedPrice,
  sumPrices,
} from './price.ts';
import { applicableCampaign, isCampaignActive } from './campaign-price.ts';

describe('divideRounded (half away from zero)', () => {
  it('rounds halves away from zero', () => {
    expect(divideRounded(5, 2)).toBe(3);
    expect(divideRounded(-5, 2)).toBe(-3);
    expect(divideRounded(4, 3)).toBe(1);
    expect(divideRounded(5, 3)).toBe(2);
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
  });
});

describe('exVat', () => {
  it('removes 25 % VAT to whole öre', () => {
    expect(exVat(12500, 2500)).toBe(10000);
    expect(exVat(129900, 2500)).toBe(103920);
    // 99.90 kr / 1.25 = 79.92 kr
    expect(exVat(9990, 2500)).toBe(7992);
    // 1 öre / 1.25 = 0.8 -> 1
    expect(exVat(1, 2500)).toBe(1);
    // 2 öre / 1.25 = 1.6 -> 2; 3 / 1.25 = 2.4 -> 2
    expect(exVat(3, 2500)).toBe(2);
  });

  it('handles 12 % and 0 % VAT', () => {
    expect(exVat(11200, 1200)).toBe(10000);
    expect(exVat(5000, 0)).toBe(5000);
  });
});

describe('computePrice', () => {
  it('without a campaign: selling = regular, no discount', () => {
    const price = computePrice({ regularPriceIncVat: 129900, vatRateBasisPoints: 2500 });
    expect(price).toEqual({
      sellingPriceIncVat: 129900,
      sellingPriceExVat: 103920,
      regularPriceIncVat: 129900,
      regularPriceExVat: 103920,
      discountIncVat: 0,
      discountExVat: 0,
      vat: 25980,
      discountPercentage: 0,
      isDiscounted: false,
    });
  });

  it('with a lower campaign price: discount, percentage and VAT of the selling price', () => {
    const price = computePrice({
      regularPriceIncVat: 1299900,
      sellingPriceIncVat: 999900,
      vatRateBasisPoints: 2500,
    });
    expect(price.sellingPriceIncVat).toBe(999900);
    expect(price.sellingPriceExVat).toBe(799920);
    expect(price.regularPriceExVat).toBe(1039920);
    expect(price.discountIncVat).toBe(300000);
    expect(price.discountExVat).toBe(240000);
    expect(price.vat).toBe(199980);
    expect(price.discountPercentage).toBe(23); // 23.08 %
    expect(price.isDiscounted).toBe(true);
  });

  it('rounds the percentage half away from zero', () => {
    // 12.5 % -> 13
    expect(
      computePrice({
        regularPriceIncVat: 80000,
        sellingPriceIncVat: 70000,
        vatRateBasisPoints: 2500,
      }).discountPercentage,
    ).toBe(13);
  });

  it('ignores a selling price at or above the regular price', () => {
    const same = computePrice({
      regularPriceIncVat: 50000,
      sellingPriceIncVat: 50000,
      vatRateBasisPoints: 2500,
    });
    expect(same.isDiscounted).toBe(false);
    const higher = computePrice({
      regularPriceIncVat: 50000,
      sellingPriceIncVat: 60000,
      vatRateBasisPoints: 2500,
    });
    expect(higher.sellingPriceIncVat).toBe(50000);
    expect(higher.discountIncVat).toBe(0);
  });

  it('gives 0 % for a free product', () => {
    const price = computePrice({ regularPriceIncVat: 0, vatRateBasisPoints: 2500 });
    expect(price.discountPercentage).toBe(0);
    expect(price.vat).toBe(0);
  });

  it('keeps inc = ex + vat for every amount', () => {
    for (let inc = 0; inc < 3000; inc += 7) {
      const price = computePrice({ regularPriceIncVat: inc, vatRateBasisPoints: 2500 });
      expect(price.sellingPriceExVat + price.vat).toBe(price.sellingPriceIncVat);
    }
  });
});

describe('linePrice and sumPrices (cart totals)', () => {
  it('multiplies incl.-VAT amounts and rounds ex VAT once per line', () => {
    const line = linePrice(
      { regularPriceIncVat: 999, sellingPriceIncVat: 799, vatRateBasisPoints: 2500 },
      3,
    );
    expect(line.regularPriceIncVat).toBe(2997);
    expect(line.sellingPriceIncVat).toBe(2397);
    expect(line.sellingPriceExVat).toBe(1918); // 23.97 / 1.25 = 19.176
    expect(line.discountIncVat).toBe(600);
  });

  it('adds lines and recomputes the percentage', () => {
    const a = computePrice({ regularPriceIncVat: 10000, vatRateBasisPoints: 2500 });
    const b = computePrice({
      regularPriceIncVat: 10000,
      sellingPriceIncVat: 5000,
      vatRateBasisPoints: 2500,
    });
    const total = sumPrices([a, b]);
    expect(total.regularPriceIncVat).toBe(20000);
    expect(total.sellingPriceIncVat).toBe(15000);
    expect(total.vat).toBe(a.vat + b.vat);
    expect(total.discountPercentage).toBe(25);
    expect(total.isDiscounted).toBe(true);
    expect(sumPrices([]).isDiscounted).toBe(false);
  });
});

describe('campaign selection', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  const campaign = (price: number, startsAt: string, endsAt: string | null) => ({
    sellingPriceIncVat: price,
    startsAt: new Date(startsAt),
    endsAt: endsAt ? new Date(endsAt) : null,
  });

  it('is active from its start (inclusive) to its end (exclusive)', () => {
    expect(isCampaignActive(campaign(1, '2026-03-15T12:00:00Z', null), now)).toBe(true);
    expect(isCampaignActive(campaign(1, '2026-03-01', '2026-03-15T12:00:00Z'), now)).toBe(false);
    expect(isCampaignActive(campaign(1, '2026-04-01', null), now)).toBe(false);
  });

  it('picks the lowest active campaign below the regular price', () => {
    const chosen = applicableCampaign(
      10000,
      [
        campaign(8000, '2026-03-01', '2026-04-01'),
        campaign(7000, '2026-03-01', null),
        campaign(5000, '2026-01-01', '2026-02-01'), // ended
        campaign(4000, '2026-05-01', null), // not started
        campaign(12000, '2026-03-01', null), // above regular
      ],
      now,
    );
    expect(chosen?.sellingPriceIncVat).toBe(7000);
  });

  it('returns null when none applies', () => {
    expect(applicableCampaign(10000, [campaign(10000, '2026-03-01', null)], now)).toBeNull();
    expect(applicableCampaign(10000, [], now)).toBeNull();
  });
});

describe('exVatAtRatio (the one rule for excl. VAT of stored amounts)', () => {
  it('takes the VAT ratio of the pair, rounding half away from zero', () => {
    expect(exVatAtRatio(500, 800, 1000)).toBe(400);
    // 12 500 öre at 25 %: 10 000; one öre of it is 0.8 öre, rounded to 1.
    expect(exVatAtRatio(1, 10000, 12500)).toBe(1);
    // Mixed rates (25 % and 12 %): 100 kr of 224 kr with 190 kr excl. VAT.
    expect(exVatAtRatio(10000, 19000, 22400)).toBe(8482);
    expect(exVatAtRatio(250, 1, 2)).toBe(125);
    expect(exVatAtRatio(1, 1, 2)).toBe(1);
  });

  it('gives 0 for a zero pair', () => {
    expect(exVatAtRatio(500, 0, 0)).toBe(0);
  });

  it('agrees with exVat when the pair is one rate', () => {
    for (const inc of [1, 99, 12345, 99900]) {
      expect(exVatAtRatio(inc, exVat(1_000_000, 2500), 1_000_000)).toBe(exVat(inc, 2500));
    }
  });
});

describe('discountPercent', () => {
  it('is the discount in percent with two decimals', () => {
    expect(discountPercent(1000, 3000)).toBe(33.33);
    expect(discountPercent(2000, 3000)).toBe(66.67);
    expect(discountPercent(500, 1000)).toBe(50);
    expect(discountPercent(0, 1000)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
  });
});

describe('storedPrice', () => {
  it('takes stored amounts as they are and derives discount and VAT', () => {
    expect(storedPrice(12500, 10000, 10000, 8000)).toEqual({
      sellingPriceIncVat: 10000,
      sellingPriceExVat: 8000,
      regularPriceIncVat: 12500,
      regularPriceExVat: 10000,
      discountIncVat: 2500,
      discountExVat: 2000,
      vat: 2000,
      discountPercentage: 20,
      isDiscounted: true,
    });
  });

  it('never shows a negative discount', () => {
    const price = storedPrice(1000, 800, 1200, 960);
    expect(price.discountIncVat).toBe(0);
    expect(price.discountExVat).toBe(0);
    expect(price.isDiscounted).toBe(false);
  });
});
