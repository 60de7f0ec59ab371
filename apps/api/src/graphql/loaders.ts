/**
 * Per-request DataLoaders (no N+1): every list of products costs a fixed number of SQL statements
 * whatever its length, because fields of all items ask the same loader in the same tick and the
 * loader sends one batched statement. Each loader wraps one service batch function.
 */
import DataLoader from 'dataloader';
import type { Database } from '../db/client.ts';
import { leasingStatusesByOrderIds } from '../modules/leasing/leasing-order.service.ts';
import {
  brandsByIds,
  categoryIdsByProductIds,
  imagesByProductIds,
  parameterGroupsByProductIds,
  skusByProductIds,
  type BrandRecord,
  type ProductImageRecord,
  type ProductParameterGroup,
  type SkuRecord,
} from '../modules/catalog/catalog.service.ts';
import {
  variantGroupsByProductIds,
  type VariantGroupView,
} from '../modules/catalog/variants.service.ts';
import {
  stockByProductIds,
  stockBySkuIds,
  storeStockBySkuIds,
  type SkuStoreStockRecord,
  type StockLevelsRecord,
  type StockView,
} from '../modules/inventory/inventory.service.ts';
import {
  paymentsByOrderIds,
  type OrderPaymentRecord,
} from '../modules/payments/payments.service.ts';
import {
  cancellationsByOrderIds,
  refundRowsByOrderIds,
  type OrderCancellation,
  type OrderRefundRecord,
} from '../modules/orders/order-refunds.ts';
import { pricesByProductIds, type ProductPriceRecord } from '../modules/pricing/pricing.service.ts';
import { priceLogsByProductIds } from '../modules/pricing/price-log.ts';
import {
  translationsByProductIds,
  type ProductTranslation,
} from '../modules/catalog/product-translations.ts';
import type { PriceLogEntry } from '../modules/pricing/lowest-price.ts';

/** The loaders of one request. */
export interface Loaders {
  brand: DataLoader<number, BrandRecord | null>;
  categoryIds: DataLoader<number, number[]>;
  images: DataLoader<number, ProductImageRecord[]>;
  skus: DataLoader<number, SkuRecord[]>;
  parameterGroups: DataLoader<number, ProductParameterGroup[]>;
  /** Variant group of products (by product id) with its active products (GEINS-API §4.3). */
  variantGroup: DataLoader<number, VariantGroupView | null>;
  stock: DataLoader<number, StockLevelsRecord | null>;
  /** Stores with units of a SKU (by SKU id), for `SkuType.storeStock`. */
  storeStock: DataLoader<number, SkuStoreStockRecord[]>;
  /** Stock of products summed over their SKUs (by product id; null: nothing in stock). */
  productStock: DataLoader<number, StockView | null>;
  /** Payments of orders (by order id), for `OrderType.paymentDetails` in order lists. */
  orderPayments: DataLoader<number, OrderPaymentRecord[]>;
  /** When and why orders were cancelled (by order id), for `OrderType.refunds`. */
  orderCancellation: DataLoader<number, OrderCancellation | null>;
  /** Refund rows of orders (by order id), for `OrderType.refunds` (issue 27). */
  orderRefundRows: DataLoader<number, OrderRefundRecord[]>;
  /** The employer's decision state of förmånscykel orders (by order id; null: not one). */
  leasingStatus: DataLoader<number, string | null>;
  /** Prices of products in one market (by market id). */
  prices(marketId: string): DataLoader<number, ProductPriceRecord | null>;
  /** Price log rows of products in one market (by market id), for `priceLog`, `lowestPrice`. */
  priceLogs(marketId: string): DataLoader<number, PriceLogEntry[]>;
  /** Products' names and texts in one language other than the default (by language id). */
  translations(languageId: string): DataLoader<number, ProductTranslation | null>;
}

function loader<V>(
  batch: (ids: readonly number[]) => Promise<Map<number, V>>,
  missing: () => V,
): DataLoader<number, V> {
  return new DataLoader<number, V>(async (ids) => {
    const found = await batch(ids);
    return ids.map((id) => (found.has(id) ? found.get(id)! : missing()));
  });
}

/** Creates the loaders of one request; `now` decides which campaigns apply. */
export function createLoaders(db: Database, now: Date): Loaders {
  const priceLoaders = new Map<string, DataLoader<number, ProductPriceRecord | null>>();
  const priceLogLoaders = new Map<string, DataLoader<number, PriceLogEntry[]>>();
  const translationLoaders = new Map<string, DataLoader<number, ProductTranslation | null>>();
  return {
    brand: loader<BrandRecord | null>(
      (ids) => brandsByIds(db, ids),
      () => null,
    ),
    categoryIds: loader(
      (ids) => categoryIdsByProductIds(db, ids),
      () => [],
    ),
    images: loader(
      (ids) => imagesByProductIds(db, ids),
      () => [],
    ),
    skus: loader(
      (ids) => skusByProductIds(db, ids),
      () => [],
    ),
    parameterGroups: loader(
      (ids) => parameterGroupsByProductIds(db, ids),
      () => [],
    ),
    variantGroup: loader<VariantGroupView | null>(
      (ids) => variantGroupsByProductIds(db, ids),
      () => null,
    ),
    stock: loader<StockLevelsRecord | null>(
      (ids) => stockBySkuIds(db, ids),
      () => null,
    ),
    storeStock: loader(
      (ids) => storeStockBySkuIds(db, ids),
      () => [],
    ),
    productStock: loader<StockView | null>(
      (ids) => stockByProductIds(db, ids),
      () => null,
    ),
    orderPayments: loader(
      (ids) => paymentsByOrderIds(db, ids),
      () => [],
    ),
    orderCancellation: loader<OrderCancellation | null>(
      (ids) => cancellationsByOrderIds(db, ids),
      () => null,
    ),
    orderRefundRows: loader(
      (ids) => refundRowsByOrderIds(db, ids),
      () => [],
    ),
    leasingStatus: loader<string | null>(
      (ids) => leasingStatusesByOrderIds(db, ids),
      () => null,
    ),
    prices(marketId) {
      let prices = priceLoaders.get(marketId);
      if (!prices) {
        prices = loader<ProductPriceRecord | null>(
          (ids) => pricesByProductIds(db, marketId, ids, now),
          () => null,
        );
        priceLoaders.set(marketId, prices);
      }
      return prices;
    },
    priceLogs(marketId) {
      let logs = priceLogLoaders.get(marketId);
      if (!logs) {
        logs = loader(
          (ids) => priceLogsByProductIds(db, marketId, ids, now),
          () => [],
        );
        priceLogLoaders.set(marketId, logs);
      }
      return logs;
    },
    translations(languageId) {
      let translations = translationLoaders.get(languageId);
      if (!translations) {
        translations = loader<ProductTranslation | null>(
          (ids) => translationsByProductIds(db, languageId, ids),
          () => null,
        );
        translationLoaders.set(languageId, translations);
      }
      return translations;
    },
  };
}
