/** Price campaigns (SPEC §3: discountType PRICE_CAMPAIGN). */

/** The fields that decide whether a product is on a price campaign. */
export interface CampaignFields {
  discountType?: string | null;
  unitPrice?: { isDiscounted: boolean } | null;
}

/** True for a product on a price campaign with a lowered price. */
export function isCampaignProduct(product: CampaignFields): boolean {
  return product.discountType === 'PRICE_CAMPAIGN' && Boolean(product.unitPrice?.isDiscounted);
}
