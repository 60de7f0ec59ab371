/**
 * Loads the layout's menus (issue 16; GEINS-API §2.1): header, top bar and footer in one request
 * per page load, for the request's market, language and customer type (the API keeps every menu
 * with its reference data, so this costs no SQL most of the time). A failed read shows the
 * page without menus rather than an error page.
 */
import type { AppLoadContext } from 'react-router';
import { LayoutMenusDocument, MenuAtLocationDocument } from '../../graphql/generated';
import { EMPTY_LAYOUT_MENUS, toSiteMenu, type LayoutMenus, type SiteMenu } from './menus';

/** The header, top-bar and footer menus of the request's market and customer type. */
export async function loadLayoutMenus(
  context: Pick<AppLoadContext, 'api' | 'market'>,
): Promise<LayoutMenus> {
  try {
    const data = await context.api.query(LayoutMenusDocument, {
      customerType: context.market.customerType,
    });
    return {
      main: toSiteMenu(data.main),
      topBar: toSiteMenu(data.topBar),
      footerFirst: toSiteMenu(data.footerFirst),
      footerSecond: toSiteMenu(data.footerSecond),
    };
  } catch {
    return EMPTY_LAYOUT_MENUS;
  }
}

/**
 * The menu at one location, e.g. `info-pages` for the content pages' side menu.
 * @throws like `context.api.query` when the API fails
 */
export async function loadMenu(
  context: Pick<AppLoadContext, 'api' | 'market'>,
  menuLocationId: string,
): Promise<SiteMenu> {
  const data = await context.api.query(MenuAtLocationDocument, {
    menuLocationId,
    customerType: context.market.customerType,
  });
  return toSiteMenu(data.getMenuAtLocation);
}
