/**
 * A product card: image in a square box, favourite heart, brand, name, review stars (when it has
 * published reviews), price and stock.
 */
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { formatScore, Stars } from '../../components/ui/stars';
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import { FavoriteButton } from '../favorites/favorite-button';
import { trackProductClick, type TrackedProduct } from '../tracking/data-layer';
import { useImpression } from '../tracking/page-tracking';
import type { CardProduct } from './card-product';
import { productImageUrl } from './image-url';
import { Price } from './price';
import type { StockStatusName } from './product-view';
import { stockText } from './stock-text';

/** A card product, optionally with its stock status (lists show a compact stock line). */
type CardWithStock = CardProduct & { stockStatus?: StockStatusName | null };

/** The card's product in tracking events (issue 19). */
function trackedCard(product: CardProduct, index: number, listName: string): TrackedProduct {
  return {
    productId: product.id,
    name: product.name,
    brand: product.brand || undefined,
    price: product.price?.sellingValue,
    discountPercentage: product.price?.discountPercentage ?? 0,
    index,
    listName,
  };
}

/**
 * One product in a grid; images are lazy unless `eager` (first row above the fold), and the
 * `priority` card's image (the grid's first, the page's LCP image) is fetched with
 * `fetchpriority="high"` (issue 23). Seen cards
 * queue a `product:impression`, a followed link pushes `product:click` (position `index` in the
 * list `listName`).
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
  index = 0,
  listName,
}: {
  product: CardWithStock;
  eager?: boolean;
  priority?: boolean;
  index?: number;
  listName?: string;
}) {
  const productId = Number(product.id);
  const culture = useCulture();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  const tracked = trackedCard(product, index, listName ?? location.pathname);
  useImpression(ref, tracked);
  return (
    <article className="product-card" ref={ref}>
      {Number.isInteger(productId) && productId > 0 ? (
        <FavoriteButton
          productId={productId}
          name={product.name}
          className="product-card__favorite"
        />
      ) : null}
      <Link
        to={product.url}
        className="product-card__link"
        prefetch="intent"
        onClick={() => trackProductClick(tracked)}
      >
        <div className="product-card__image ratio-square">
          {product.imageFileName ? (
            <img
              src={productImageUrl(product.imageFileName, '400x400')}
              alt=""
              width={400}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
            />
          ) : null}
        </div>
        {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      {product.rating ? (
        <p className="product-card__rating">
          <Stars
            rating={product.rating.score}
            label={t(
              'reviews.average',
              { score: formatScore(product.rating.score, culture) },
              culture,
            )}
          />{' '}
          <span aria-hidden="true">({product.rating.count})</span>
          <span className="sr-only">
            {t('reviews.count', { count: product.rating.count }, culture)}
          </span>
        </p>
      ) : null}
      {product.price ? <Price price={product.price} /> : null}
      {product.stockStatus ? (
        <p className="product-card__stock">
          <span className={`stock stock--${product.stockStatus}`}>
            <span className="stock__dot" aria-hidden="true" />
            {stockText(product.stockStatus)}
          </span>
        </p>
      ) : null}
    </article>
  );
}

/** A responsive grid of product cards (2 columns on phones, up to 4 on desktops). */
export function ProductGrid({
  products,
  eagerCount = 0,
  label,
}: {
  products: CardWithStock[];
  eagerCount?: number;
  label?: string;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            priority={index === 0 && eagerCount > 0}
            index={index}
            listName={label}
          />
        </li>
      ))}
    </ul>
  );
}
