/** A product card: image in a square box, brand, name and price. */
import { Link } from 'react-router';
import type { CardProduct } from './card-product';
import { productImageUrl } from './image-url';
import { Price } from './price';

/** One product in a grid; images are lazy unless `eager` (first row above the fold). */
export function ProductCard({ product, eager = false }: { product: CardProduct; eager?: boolean }) {
  return (
    <article className="product-card">
      <Link to={product.url} className="product-card__link" prefetch="intent">
        <div className="product-card__image ratio-square">
          {product.imageFileName ? (
            <img
              src={productImageUrl(product.imageFileName, '400x400')}
              alt=""
              width={400}
              height={400}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
        </div>
        {product.brand ? <p className="product-card__brand">{product.brand}</p> : null}
        <h3 className="product-card__name">{product.name}</h3>
      </Link>
      {product.price ? <Price price={product.price} /> : null}
    </article>
  );
}

/** A responsive grid of product cards (2 columns on phones, up to 4 on desktops). */
export function ProductGrid({
  products,
  eagerCount = 0,
  label,
}: {
  products: CardProduct[];
  eagerCount?: number;
  label?: string;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
