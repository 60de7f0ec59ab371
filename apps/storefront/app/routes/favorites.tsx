/**
 * Favourites: `/favoriter` (SPEC §2, §4; GEINS-API §2.4). The loader renders the products of the
 * `ralph-favorites` cookie on the server, newest first (products(filter: {productIds}) keeps the
 * input order); the action toggles one product id (a POST that works without JavaScript, then
 * redirects back; with JavaScript a fetcher posts it).
 */
import { data as respond, redirect } from 'react-router';
import type { Route } from './+types/favorites';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import {
  favoritesCookie,
  favoritesOf,
  safeReturnPath,
  toggleFavorite,
  toggleSchema,
} from '../features/favorites/favorites';
import type { ListProduct } from '../features/list/list-page.server';
import { present, toCardProduct } from '../features/product/card-product';
import { ProductGrid } from '../features/product/product-card';
import { stockStatus } from '@trampa/api/stock-status';
import { ListPageDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { useCulture } from '../market/market-view';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Favoriter", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('favorites.title'), noindex: true });

/** The favourite products, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = favoritesOf(request);
  if (ids.length === 0) return { products: [] as ListProduct[] };
  const data = await context.api.query(ListPageDocument, {
    withInfo: false,
    withBase: false,
    take: ids.length,
    filter: { productIds: ids, sort: 'FACET_ORDER' },
  });
  const products: ListProduct[] = present(data.products?.products).map((product) => ({
    ...toCardProduct(product),
    stockStatus: product.totalStock ? stockStatus(product.totalStock) : null,
  }));
  return { products };
}

/** Adds or removes one product id; 400 for anything else. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = toggleSchema.safeParse({
    productId: form.get('productId'),
    intent: form.get('intent'),
  });
  if (!parsed.success) {
    return respond({ ok: false, message: t('favorites.invalid') }, { status: 400 });
  }
  const ids = toggleFavorite(favoritesOf(request), parsed.data.productId, parsed.data.intent);
  const secure = new URL(request.url).protocol === 'https:';
  const headers = { 'Set-Cookie': favoritesCookie(ids, secure) };
  // A plain form post (no JavaScript) goes back to the page it came from.
  if (form.get('js') !== '1') {
    throw redirect(safeReturnPath(form.get('returnTo')), { status: 303, headers });
  }
  return respond({ ok: true, favorites: ids }, { headers });
}

/** The favourites page. */
export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const culture = useCulture();
  return (
    <div className="page container">
      <Breadcrumbs items={[{ name: t('favorites.title'), url: '/favoriter' }]} />
      <header className="list-header">
        <h1 className="list-header__title">{t('favorites.title')}</h1>
        <p className="list-header__description" aria-live="polite">
          {t('favorites.count', { count: products.length }, culture)}
        </p>
      </header>
      {products.length > 0 ? (
        <ProductGrid products={products} eagerCount={4} />
      ) : (
        <p className="list-empty">{t('favorites.empty')}</p>
      )}
    </div>
  );
}
