/**
 * `/butiker`: the shop's physical stores with address and opening hours (issue 20), and one
 * schema.org Store entry per store (JSON-LD) for search engines' local results. The content
 * page with alias `butiker` (issue 16), whose canonical path this route is, shows here too: its
 * heading, widgets (e.g. an introduction) and the info pages' side menu go above the store list,
 * and its meta title and description are the page's. Without that page the route stands alone.
 */
import type { Route } from './+types/stores';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { ContentPage } from '../features/content/content-page';
import { loadWidgetArea } from '../features/content/widget-area.server';
import { InfoPagesMenu } from '../features/layout/info-pages-menu';
import { loadMenu } from '../features/layout/menus.server';
import { StoresDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { JsonLd } from '../seo/json-ld-script';
import { serializeJsonLd, storeJsonLd } from '../seo/json-ld';
import { urlBaseOf } from '../features/product/product-json-ld.server';

/** The content page shown on this route (seeded as "Butiker"). */
const STORES_CONTENT_ALIAS = 'butiker';

/**
 * Title and description from the content page's meta fields when it has them, else "Våra
 * butiker | <shop>" and the stores' description; canonical `/butiker`.
 */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  const area = loaderData?.area;
  return pageMeta(shop, {
    title: area?.meta.title ?? area?.title ?? t('stores.title'),
    description: area?.meta.description ?? t('stores.description', { shop: shop?.name ?? '' }),
    canonicalPath: '/butiker',
  });
};

/** The stores, their Store JSON-LD (serialised here: loader data stays plain) and the content page. */
export async function loader({ context }: Route.LoaderArgs) {
  const [data, area] = await Promise.all([
    context.api.query(StoresDocument),
    loadWidgetArea(context, { alias: STORES_CONTENT_ALIAS }),
  ]);
  const menu = area?.tags.includes('menu')
    ? await loadMenu(context, 'info-pages').catch(() => null)
    : null;
  const stores = data.stores;
  const base = urlBaseOf(context);
  return {
    stores,
    area,
    menu,
    jsonLd: serializeJsonLd(stores.map((store) => storeJsonLd(store, context.shop.name, base))),
  };
}

/** The list of stores with address and opening hours. */
function StoreList({ stores }: { stores: Route.ComponentProps['loaderData']['stores'] }) {
  return (
    <ul className="stores">
      {stores.map((store) => (
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
  );
}

/** The stores page: the content page's part first when there is one. */
export default function Stores({ loaderData }: Route.ComponentProps) {
  const { area, menu, stores } = loaderData;
  const crumbs = (
    <Breadcrumbs items={[{ name: area?.title ?? t('stores.title'), url: '/butiker' }]} />
  );
  if (area) {
    return (
      <>
        <JsonLd json={loaderData.jsonLd} />
        <div className="container">{crumbs}</div>
        <ContentPage area={area} sideMenu={menu ? <InfoPagesMenu menu={menu} /> : undefined}>
          <div className="container content-article__after">
            <StoreList stores={stores} />
          </div>
        </ContentPage>
      </>
    );
  }
  return (
    <div className="page container page--narrow">
      <JsonLd json={loaderData.jsonLd} />
      {crumbs}
      <h1>{t('stores.title')}</h1>
      <StoreList stores={stores} />
    </div>
  );
}
