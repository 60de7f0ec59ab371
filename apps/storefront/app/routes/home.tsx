/**
 * `/` start page: hero, category entries, campaign products (PRICE_CAMPAIGN) and the newest
 * products (the news list `/l/nyheter`); each product section links to its whole list.
 */
import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import { CategoryEntries } from '../features/home/category-entries';
import { Hero } from '../features/home/hero';
import { HomeJsonLd } from '../features/home/home-json-ld';
import { productImageUrl } from '../features/product/image-url';
import { SectionHeader } from '../features/home/section-header';
import { ProductGrid } from '../features/product/product-card';
import { present, toCardProduct, type CardProduct } from '../features/product/card-product';
import { isCampaignProduct } from '../features/product/campaign';
import { StartPageDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import type { RootData } from '../root';
import { pageMeta, shopFromMatches } from '../routing/meta';
import homeStyles from '../styles/home.css?url';

/** Products per start-page section (two rows of four on desktop). */
const SECTION_SIZE = 8;

/** Start page styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeStyles }];

/** Title "<shop> – cyklar och tillbehör", description and canonical `/`. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const shop = shopFromMatches(matches);
  const first = loaderData?.latest[0] ?? loaderData?.campaign[0];
  return pageMeta(shop, {
    title: t('meta.home.title', { shop: shop?.name ?? '' }),
    fullTitle: true,
    description: t('meta.home.description'),
    canonicalPath: '/',
    image: first?.imageFileName ? productImageUrl(first.imageFileName, '800x800') : null,
  });
};

/**
 * Campaign and newest products. The API has no campaign filter for `products` yet, so a page of
 * products is fetched and the campaign ones kept.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await context.api.query(StartPageDocument, {
    campaignTake: 120,
    latestTake: SECTION_SIZE,
  });
  const campaign: CardProduct[] = present(data.campaign?.products)
    .filter(isCampaignProduct)
    .slice(0, SECTION_SIZE)
    .map(toCardProduct);
  const latest: CardProduct[] = present(data.latest?.products).map(toCardProduct);
  return { campaign, latest };
}

/** The start page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<RootData>('root');
  const categories = root?.categories ?? [];
  const bikes = categories.find((category) => /cykl/i.test(category.url)) ?? categories[0];
  const accessories = categories.find((category) => category !== bikes);
  return (
    <>
      <HomeJsonLd />
      <Hero links={{ primary: bikes?.url ?? '/', secondary: accessories?.url }} />
      <CategoryEntries categories={categories} />
      {loaderData.campaign.length > 0 ? (
        <section className="section container" aria-labelledby="home-campaign">
          <SectionHeader
            id="home-campaign"
            title={t('home.campaign')}
            to="/l/rea"
            what={t('home.showAll.campaign')}
          />
          <ProductGrid products={loaderData.campaign} />
        </section>
      ) : null}
      {loaderData.latest.length > 0 ? (
        <section className="section container" aria-labelledby="home-latest">
          <SectionHeader
            id="home-latest"
            title={t('home.latest')}
            to="/nyheter"
            what={t('home.showAll.latest')}
          />
          <ProductGrid products={loaderData.latest} />
        </section>
      ) : null}
    </>
  );
}
