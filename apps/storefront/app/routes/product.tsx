/**
 * Product page: `/p/{alias}`, `/p/(.*)/{alias}` (1-3 segments before the alias) and
 * `/product/{alias}` (SPEC §2). product(alias) null means 404; a path other than canonicalUrl
 * redirects with 301. Related accessories are deferred (the page is useful without them). The
 * brand links to `/b/{brand}` and a price campaign to its `/dc/…` page (issue 14). A model in
 * several colours has a colour picker (issue 25) whose links carry the chosen size
 * (`?storlek=M`), which the page then chooses when the product has it.
 */
import { Suspense, useEffect, useState } from 'react';
import { Await, Link, redirect } from 'react-router';
import type { Route } from './+types/product';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { FavoriteButton } from '../features/favorites/favorite-button';
import { LeasingCalculator } from '../features/leasing/leasing-calculator';
import { loadLeasing } from '../features/leasing/leasing.server';
import { AddToCart } from '../features/cart/add-to-cart';
import { TruckIcon } from '../components/ui/icons';
import { present, toCardProduct, type CardProduct } from '../features/product/card-product';
import { ColourPicker } from '../features/product/colour-picker';
import { SIZE_PARAM } from '../features/product/colours';
import { Gallery } from '../features/product/gallery';
import { productImageUrl } from '../features/product/image-url';
import { Price } from '../features/product/price';
import { ProductGrid } from '../features/product/product-card';
import type { ProductView } from '../features/product/product-view';
import { toProductView } from '../features/product/product-view.server';
import { Specification } from '../features/product/specification';
import { ProductReviews, RatingSummary } from '../features/reviews/product-reviews';
import { loadReviews } from '../features/reviews/reviews.server';
import { productPageJsonLd } from '../features/product/product-json-ld.server';
import { JsonLd } from '../seo/json-ld-script';
import { serializeJsonLd } from '../seo/json-ld';
import { ProductPageDocument, RelatedProductsDocument } from '../graphql/generated';
import { trackProductDetail } from '../features/tracking/data-layer';
import { t } from '../i18n/i18n';
import { useFreeShippingText } from '../market/market-view';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { needsCanonicalRedirect, normalizePath, productAliasFromPath } from '../routing/paths';
import { loadProductArea } from '../features/content/page-areas.server';
import { WidgetArea } from '../features/content/widgets';
import { appUrl } from '../routing/local-path';

/** Title "<product> | <shop>", description and canonical link. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  return pageMeta(shopFromMatches(matches), loaderData.product.seo);
};

/** The product (awaited) and its related accessories (streamed later). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const alias = productAliasFromPath(url.pathname);
  const notFound = () =>
    Response.json(
      { message: `Page not found: ${url.pathname}` },
      { status: 404, statusText: 'Page not found' },
    );
  if (!alias) throw notFound();
  const data = await context.api.query(ProductPageDocument, { alias });
  const product = data.product;
  if (!product) throw notFound();
  const canonicalUrl = product.canonicalUrl || normalizePath(url.pathname);
  if (needsCanonicalRedirect(url.pathname, canonicalUrl)) {
    throw redirect(canonicalUrl + url.search, 301);
  }
  const related: Promise<CardProduct[]> = context.api
    .query(RelatedProductsDocument, { alias: product.alias })
    .then((result) => present(result.relatedProducts).map(toCardProduct))
    .catch(() => []);
  const [reviews, area] = await Promise.all([
    loadReviews(context, product.alias, url),
    // The "Product" widget area (issue 16; GEINS-API §2.4): service information and the like.
    loadProductArea(context, {
      alias: product.alias,
      categoryAlias: product.primaryCategory?.alias ?? null,
      brandAlias: product.brand?.alias ?? null,
    }),
  ]);
  // Förmånscykel calculator of a leasable bike (issue 21); null for other products.
  const leasing = await loadLeasing(
    context,
    { leasable: product.leasable, priceIncVat: product.unitPrice?.sellingPriceIncVat },
    url,
  );
  const view = toProductView(product, canonicalUrl, context.shop.name);
  const selling = product.unitPrice?.sellingPriceIncVat;
  view.seo = {
    ...view.seo,
    ogType: 'product',
    image: view.images[0] ? productImageUrl(view.images[0], '800x800') : null,
    price:
      typeof selling === 'number' ? { amount: selling, currency: context.market.currency } : null,
  };
  return {
    area,
    leasing,
    product: view,
    jsonLd: serializeJsonLd(productPageJsonLd(data, view, reviews, context)),
    related,
    reviews,
    size: url.searchParams.get(SIZE_PARAM),
  };
}

/**
 * The colour picker and the buy form of one product (keyed by it, so another colour starts
 * afresh): the size chosen in the buy form goes along in the colour links; `size` (from
 * `?storlek=`) is chosen when the product has a size of that name.
 */
function ProductChoices({ product, size }: { product: ProductView; size: string | null }) {
  const initial = product.skus.find((option) => option.name === size) ?? null;
  const [chosenSize, setChosenSize] = useState<string | null>(initial?.name ?? null);
  return (
    <>
      <ColourPicker options={product.colours} size={chosenSize} />
      <AddToCart
        options={product.skus}
        productId={product.id}
        productName={product.name}
        initial={initial}
        onChoose={(option) => setChosenSize(option.name || null)}
      />
    </>
  );
}

/** The product page. */
export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews, size, leasing, jsonLd, area } = loaderData;
  const freeShipping = useFreeShippingText();
  useEffect(() => {
    trackProductDetail({
      productId: product.id,
      name: product.name,
      brand: product.brand || undefined,
      category: product.trail.at(-1)?.name,
      price: product.price?.sellingValue,
      discountPercentage: product.price?.discountPercentage ?? 0,
    });
    // Once per product shown (a size or colour choice is the same product).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.id]);
  const paragraphs = product.description.split(/\n\s*\n/).filter((text) => text.trim());
  return (
    <div className="page container">
      <JsonLd json={jsonLd} />
      <Breadcrumbs items={product.trail} />
      <div className="product">
        <div className="product__media">
          <Gallery name={product.name} images={product.images} />
        </div>
        <div className="product__summary">
          {product.brand ? (
            <p className="product__brand">
              {product.brandUrl ? (
                <Link to={product.brandUrl} prefetch="intent">
                  {product.brand}
                </Link>
              ) : (
                product.brand
              )}
            </p>
          ) : null}
          <div className="product__title-row">
            <h1 className="product__name">{product.name}</h1>
            <FavoriteButton productId={product.id} name={product.name} />
          </div>
          <RatingSummary reviews={reviews} />
          {product.articleNumber ? (
            <p className="product__article">
              {t('product.articleNumber')} <span>{product.articleNumber}</span>
            </p>
          ) : null}
          {product.price ? <Price price={product.price} size="large" /> : null}
          {product.campaigns.length > 0 ? (
            <p className="product__campaigns">
              {t('product.campaign')}{' '}
              {product.campaigns.map((campaign, index) => (
                <span key={campaign.url}>
                  {index > 0 ? ', ' : null}
                  <Link to={campaign.url}>{campaign.name}</Link>
                </span>
              ))}
            </p>
          ) : null}
          {product.shortText ? <p className="product__short">{product.shortText}</p> : null}
          <ProductChoices key={product.id} product={product} size={size} />
          <ul className="product__promises">
            {freeShipping ? (
              <li>
                <TruckIcon width="20" height="20" />
                {freeShipping}
              </li>
            ) : null}
            <li>{t('topBar.returns')}</li>
          </ul>
          {leasing ? (
            <LeasingCalculator
              key={`leasing-${product.id}`}
              leasing={leasing}
              skus={product.skus.filter((sku) => sku.status !== 'out-of-stock')}
            />
          ) : null}
        </div>
      </div>
      <div className="product-details">
        {paragraphs.length > 0 ? (
          <section className="product-details__section" aria-labelledby="product-description">
            <h2 id="product-description">{t('product.description')}</h2>
            {paragraphs.map((text, index) => (
              <p key={index}>{text}</p>
            ))}
          </section>
        ) : null}
        {product.specs.length > 0 ? (
          <section className="product-details__section" aria-labelledby="product-specification">
            <h2 id="product-specification">{t('product.specification')}</h2>
            <Specification groups={product.specs} />
          </section>
        ) : null}
        <ProductReviews alias={product.alias} reviews={reviews} />
      </div>
      {area ? (
        <div className="product-area">
          <WidgetArea area={area} eager={false} />
        </div>
      ) : null}
      <Suspense fallback={null}>
        <Await resolve={related}>
          {(items) =>
            items.length > 0 ? (
              <section className="section" aria-labelledby="product-related">
                <h2 id="product-related" className="section__title">
                  {t('product.related')}
                </h2>
                <ProductGrid products={items} />
              </section>
            ) : null
          }
        </Await>
      </Suspense>
    </div>
  );
}
