/**
 * Content pages (issue 16; SPEC §2): `/content/{alias}` and the catch-all `/{alias}` (e.g.
 * `/kopvillkor`, `/om-oss`) show the widget collection with that alias; an unknown alias, or any
 * other path no route matches, answers the shop's 404 page. Canonical `/{alias}`.
 */
import type { Route } from './+types/content';
import { ContentPage } from '../features/content/content-page';
import { loadWidgetArea } from '../features/content/widget-area.server';
import { InfoPagesMenu } from '../features/layout/info-pages-menu';
import { loadMenu } from '../features/layout/menus.server';
import { appUrl } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** A content alias: lower-case letters, digits and dashes. */
const ALIAS = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** "<title> | <shop>", the page's description, canonical `/{alias}`. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta(shopFromMatches(matches), {
        title: loaderData.area.meta.title ?? loaderData.area.title ?? loaderData.alias,
        description: loaderData.area.meta.description ?? undefined,
        canonicalPath: `/${loaderData.alias}`,
      })
    : [];

/** The page by alias. @throws Response 404 for an unknown alias or a path that is none. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { pathname } = appUrl(request, context.market.basename);
  const alias = params.alias ?? params['*'] ?? '';
  const area = ALIAS.test(alias) ? await loadWidgetArea(context, { alias }) : null;
  if (!area) {
    throw Response.json(
      { message: `Page not found: ${pathname}` },
      { status: 404, statusText: 'Page not found' },
    );
  }
  // Pages tagged `menu` show the info pages' side menu; the page stands without it.
  const menu = area.tags.includes('menu')
    ? await loadMenu(context, 'info-pages').catch(() => null)
    : null;
  return { alias, area, menu };
}

/** The content page, with the info pages' side menu when it is tagged `menu`. */
export default function Content({ loaderData }: Route.ComponentProps) {
  const { area, menu } = loaderData;
  return <ContentPage area={area} sideMenu={menu ? <InfoPagesMenu menu={menu} /> : undefined} />;
}
