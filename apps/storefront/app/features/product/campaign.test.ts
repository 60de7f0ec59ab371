import { describe, expect, it } from 'vitest';
import { isCampaignProduct } from './campaign';

describe('isCampaignProduct', () => {
  it('needs PRICE_CAMPAIGN and a discounted price', () => {
    expect(
      isCampaignProduct({ discountType: 'PRICE_CAMPAIGN', unitPrice: { isDiscounted: true } }),
    ).toBe(true);
    expect(
      isCampaignProduct({ discountType: 'PRICE_CAMPAIGN', unitPrice: { isDiscounted: false } }),
    ).toBe(false);
    expect(isCampaignProduct({ discountType: 'NONE', unitPrice: { isDiscounted: true } })).toBe(
      false,
    );
    expect(isCampaignProduct({ discountType: null, unitPrice: null })).toBe(false);
  });
});
