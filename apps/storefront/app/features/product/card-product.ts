/**
 * The slim product shape that cards render, mapped from the API's product and related-product
 * types in the loaders (keeps the page data small).
 */
import type { CardPriceFragment } from '../../graphql/generated';

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
  isDiscounted: boolean;
  discountPercentage: number;
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
  rating?: { score: number; voteCount: number } | null;
}

/** Maps the API's price to the shown price; null without a price. */
export function toShownPrice(price: CardPriceFragment | null | undefined): ShownPrice | null {
  if (!price) return null;
  return {
    selling: price.sellingPriceIncVatFormatted ?? '',
    regular: price.regularPriceIncVatFormatted ?? '',
    sellingExVat: price.sellingPriceExVatFormatted ?? '',
    regularExVat: price.regularPriceExVatFormatted ?? '',
    isDiscounted: price.isDiscounted && price.regularPriceIncVat > price.sellingPriceIncVat,
    discountPercentage: price.discountPercentage,
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
    price: toShownPrice(product.unitPrice),
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
