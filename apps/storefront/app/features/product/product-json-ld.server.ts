/**
 * The product page's structured data (issue 20): one Product (offers per size with stock,
 * shipping and returns, reviews) and the BreadcrumbList of its trail, from what the loader
 * already has. Server-only: built once in the loader, printed by the page.
 */
import type { AppLoadContext } from 'react-router';
import type { ProductPageQuery } from '../../graphql/generated';
import {
  breadcrumbJsonLd,
  productJsonLd,
  type JsonLdDocument,
  type ShopRules,
  type UrlBase,
} from '../../seo/json-ld';
import { t } from '../../i18n/i18n';
import type { ReviewsView } from '../reviews/reviews.server';
import { productImageUrl } from './image-url';
import type { ProductView } from './product-view';

/** Days a product may be returned (SPEC §5, the top bar's "Fri retur i 30 dagar"). */
export const RETURN_DAYS = 30;

/** Delivery to an agent in business days (SPEC §4 delivery-time bucket "1-3"). */
const DELIVERY_DAYS: [number, number] = [1, 3];

/** The start page as the first crumb of every trail (the visible trail's "Start"). */
export const homeCrumb = () => ({ name: t('breadcrumbs.home'), url: '/' });

/** Where the request's absolute URLs start (PUBLIC_URL plus its market prefix). */
export function urlBaseOf(context: Pick<AppLoadContext, 'shop' | 'market'>): UrlBase {
  return { publicUrl: context.shop.publicUrl, basename: context.market.basename };
}

/**
 * The shop's rules for the browsing market: its country, its standard delivery fee
 * (`MarketType.standardShippingFeeIncVat`, e.g. 49 kr) below the market's free-shipping
 * threshold and nothing at or above it, and the 30-day free returns.
 */
export function shopRulesOf(
  context: Pick<AppLoadContext, 'market' | 'markets'>,
  channel: ProductPageQuery['channel'],
): ShopRules {
  const alias = context.market.marketId;
  const market = context.markets?.markets.find((m) => m.alias === alias || m.id === alias);
  const shipping = channel?.markets?.find((m) => m?.alias === market?.alias);
  return {
    country: (market?.countryCode || 'SE').toUpperCase(),
    shippingFee: shipping?.standardShippingFeeIncVat ?? null,
    freeShippingThreshold: shipping?.freeShippingThresholdIncVat ?? null,
    returnDays: RETURN_DAYS,
    deliveryDays: DELIVERY_DAYS,
  };
}

/** The Product and BreadcrumbList JSON-LD of a product page. */
export function productPageJsonLd(
  data: ProductPageQuery,
  view: ProductView,
  reviews: ReviewsView,
  context: Pick<AppLoadContext, 'shop' | 'market' | 'markets'>,
): JsonLdDocument {
  const product = data.product!;
  const base = urlBaseOf(context);
  const gtins = new Map((product.skus ?? []).map((sku) => [sku?.skuId, sku?.gtin ?? null]));
  const price = product.unitPrice?.sellingPriceIncVat;
  return [
    productJsonLd(
      {
        name: view.name,
        path: view.canonicalUrl,
        description: (view.description || view.shortText).trim(),
        images: view.images.map(
          (file) => new URL(productImageUrl(file, '800x800'), context.shop.publicUrl).href,
        ),
        articleNumber: view.articleNumber,
        brand: view.brand,
        price: typeof price === 'number' ? price : null,
        currency: context.market.currency,
        sizes: view.skus.map((sku) => ({
          name: sku.name,
          articleNumber: sku.articleNumber,
          gtin: gtins.get(sku.id) ?? null,
          status: sku.status,
        })),
        rating: { average: reviews.average, count: reviews.count },
        reviews: reviews.reviews,
      },
      base,
      shopRulesOf(context, data.channel),
    ),
    breadcrumbJsonLd([homeCrumb(), ...view.trail], base),
  ];
}
