/**
 * The slim product shape that cards render, mapped from the API's product and related-product
 * types in the loaders (keeps the page data small).
 */
import type { CardLowestPriceFragment, CardPriceFragment } from '../../graphql/generated';

/**
 * Prices as a card or the product page shows them (formatted by the API in the market's
 * currency and culture, e.g. "1 299 kr"), incl. VAT and excl. VAT: the `Price` component picks
 * one by the request's customer type.
 */
export interface ShownPrice {
  /** Selling price incl. VAT, formatted. */
  selling: string;
  /** Regular price incl. VAT, formatted. */
  regular: string;
  /** Selling price excl. VAT, formatted (shown to ORGANIZATION). */
  sellingExVat: string;
  /** Regular price excl. VAT, formatted. */
  regularExVat: string;
  /** True when the selling price is below the regular price (a campaign). */
  isDiscounted: boolean;
  /**
   * The reduction in whole percent against the 30-day comparison price (prisinformationslagen
   * 7 a §: never against the regular price); 0 when there is none to state.
   */
  discountPercentage: number;
  /**
   * The lowest price of the 30 days before the reduction ("Lägsta pris senaste 30 dagarna"),
   * formatted, incl. VAT; null when not discounted or unknown.
   */
  lowest: string | null;
  /** The same excl. VAT (shown to ORGANIZATION). */
  lowestExVat: string | null;
  /** The selling price incl. VAT as a number, major units (for tracking events, issue 19). */
  sellingValue: number;
}

/** A product card. */
export interface CardProduct {
  id: string;
  name: string;
  url: string;
  brand: string;
  imageFileName: string | null;
  price: ShownPrice | null;
  /** Average stars (1–5, one decimal) and count of published reviews; null without reviews. */
  rating: { score: number; count: number } | null;
}

/** What the API returns for a product in a list (ProductType or RelatedProductType). */
export interface ApiCardProduct {
  productId?: number;
  alias: string;
  name?: string | null;
  canonicalUrl?: string | null;
  brand?: { name?: string | null } | null;
  productImages?: ReadonlyArray<{ fileName: string } | null> | null;
  unitPrice?: CardPriceFragment | null;
  lowestPrice?: CardLowestPriceFragment | null;
  rating?: { score: number; voteCount: number } | null;
}

/**
 * Maps the API's price and its 30-day comparison (`lowestPrice`) to the shown price; null
 * without a price. A reduced price always carries its 30-day lowest price, and its percentage is
 * the API's against that price (issue 25).
 */
export function toShownPrice(
  price: CardPriceFragment | null | undefined,
  lowestPrice?: CardLowestPriceFragment | null,
): ShownPrice | null {
  if (!price) return null;
  const isDiscounted = price.isDiscounted && price.regularPriceIncVat > price.sellingPriceIncVat;
  return {
    selling: price.sellingPriceIncVatFormatted ?? '',
    regular: price.regularPriceIncVatFormatted ?? '',
    sellingExVat: price.sellingPriceExVatFormatted ?? '',
    regularExVat: price.regularPriceExVatFormatted ?? '',
    isDiscounted,
    discountPercentage:
      isDiscounted && lowestPrice?.isDiscounted ? lowestPrice.discountPercentage : 0,
    lowest: (isDiscounted && lowestPrice?.comparisonPriceIncVatFormatted) || null,
    lowestExVat: (isDiscounted && lowestPrice?.comparisonPriceExVatFormatted) || null,
    sellingValue: Number(price.sellingPriceIncVat),
  };
}

/** Maps an API product to a card. Products link to their canonical URL (fallback /p/{alias}). */
export function toCardProduct(product: ApiCardProduct): CardProduct {
  return {
    id: String(product.productId ?? product.alias),
    name: product.name ?? product.alias,
    url: product.canonicalUrl || `/p/${encodeURIComponent(product.alias)}`,
    brand: product.brand?.name ?? '',
    imageFileName: product.productImages?.find((image) => image !== null)?.fileName ?? null,
    price: toShownPrice(product.unitPrice, product.lowestPrice),
    rating:
      product.rating && product.rating.voteCount > 0
        ? { score: product.rating.score, count: product.rating.voteCount }
        : null,
  };
}

/** Drops nulls from an API list. */
export function present<T>(items: ReadonlyArray<T | null> | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => item !== null);
}
