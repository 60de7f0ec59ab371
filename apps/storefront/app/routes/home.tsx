/**
 * `/` start page, built from the "Frontpage" area's widgets (issue 16; GEINS-API §2.4 family
 * "Frontpage", area "The front page area"): hero, category entries, campaign banners, product
 * lists with their "Visa alla" links, store and trust information. With no area (an empty
 * database), the page shows the category entries only.
 */
import type { Route } from './+types/home';
import { loadWidgetArea } from '../features/content/widget-area.server';
import { WidgetArea } from '../features/content/widgets';
import { HomeJsonLd } from '../features/home/home-json-ld';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** The start page's widget area (GEINS-API §2.4). */
export const FRONTPAGE = { family: 'Frontpage', areaName: 'The front page area' } as const;

/** Title "<shop> – cyklar och tillbehör", description and canonical `/`. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta(shop, {
    title: t('meta.home.title', { shop: shop?.name ?? '' }),
    fullTitle: true,
    description: t('meta.home.description'),
    canonicalPath: '/',
  });
};

/** The "Frontpage" area with its product lists. */
export async function loader({ context }: Route.LoaderArgs) {
  const area = await loadWidgetArea(context, FRONTPAGE);
  return {
    area: area ?? {
      id: 0,
      title: null,
      tags: [],
      meta: { title: null, description: null },
      containers: [
        {
          id: 0,
          layout: 'full',
          design: 'contained',
          widgets: [{ kind: 'category-entries' as const, id: 'categories', title: '' }],
        },
      ],
    },
  };
}

/** The start page. */
export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeJsonLd />
      <WidgetArea area={loaderData.area} />
    </>
  );
}
