/**
 * `/butiker`: the shop's physical stores with address and opening hours (issue 20), and one
 * schema.org Store entry per store (JSON-LD) for search engines' local results.
 */
import type { Route } from './+types/stores';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { StoresDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { JsonLd } from '../seo/json-ld-script';
import { serializeJsonLd, storeJsonLd } from '../seo/json-ld';
import { urlBaseOf } from '../features/product/product-json-ld.server';

/** Title "Våra butiker | <shop>", description and canonical `/butiker`. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta(shop, {
    title: t('stores.title'),
    description: t('stores.description', { shop: shop?.name ?? '' }),
    canonicalPath: '/butiker',
  });
};

/** The stores, and their Store JSON-LD (serialised here: loader data stays plain). */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await context.api.query(StoresDocument);
  const stores = data.stores;
  const base = urlBaseOf(context);
  return {
    stores,
    jsonLd: serializeJsonLd(stores.map((store) => storeJsonLd(store, context.shop.name, base))),
  };
}

/** The stores page. */
export default function Stores({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page container page--narrow">
      <JsonLd json={loaderData.jsonLd} />
      <Breadcrumbs items={[{ name: t('stores.title'), url: '/butiker' }]} />
      <h1>{t('stores.title')}</h1>
      <ul className="stores">
        {loaderData.stores.map((store) => (
          <li key={store.alias} className="stores__store">
            <h2>{store.name}</h2>
            <address>
              {store.address}
              <br />
              {store.zip} {store.city}
            </address>
            {store.openingHours ? (
              <p>
                <strong>{t('stores.hours')}:</strong> {store.openingHours}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
