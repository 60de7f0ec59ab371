/**
 * The document: `<html lang="sv">`, head (theme colour, viewport, meta, styles), the shop's
 * category tree for every page, and the last-resort error boundary.
 */
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { ReactNode } from 'react';
import type { SellerIdentity } from '@trampa/api/seller';
import type { Route } from './+types/root';
import { ErrorPage, ErrorPageGuard, errorTitle } from './features/errors/error-page';
import { AppShell } from './features/feedback/app-shell';
import { OutdatedBrowser } from './features/feedback/outdated-browser';
import { MANIFEST_PATH } from './features/pwa/manifest';
import { favoritesOf } from './features/favorites/favorites';
import { accountSummary } from './features/account/account-summary.server';
import type { AccountSummary } from './features/account/account-summary';
import { AccountSync } from './features/account/account-sync';
import { SupportSessionBanner } from './features/account/support-session-banner';
import { cartCountOf } from './features/cart/cart.server';
import { CartSync } from './features/cart/cart-sync';
import { CrossTabSync } from './features/market/cross-tab-sync';
import { buildCategoryTree, type CategoryNode } from './features/layout/category-tree';
import type { LayoutMenus } from './features/layout/menus';
import { loadLayoutMenus } from './features/layout/menus.server';
import { CategoriesDocument } from './graphql/generated';
import { toMarketView, type MarketView } from './market/market-view';
import { alternatesFor, type LocaleLinks } from './routing/alternates';
import { pageMeta } from './routing/meta';
import { RouteFocus } from './routing/route-focus';
import { useNonce } from './security/nonce';
import { consentView } from './features/consent/consent.server';
import { ConsentBanner } from './features/consent/consent-banner';
import {
  ConsentBootstrap,
  ConsentTags,
  TagManagerNoscript,
  type ConsentView,
} from './features/consent/consent-tags';
import { PageTracking } from './features/tracking/page-tracking';
import shellStyles from './styles/shell.css?url';

/** Data every page shares. */
export interface RootData {
  /** Favourite product ids from the `ralph-favorites` cookie, newest first (issue 5). */
  favorites: number[];
  /**
   * Trade name, public URL, the seller (footer contact and JSON-LD; issue 40 §2), and the path
   * prefix and hreflang alternates of this request.
   */
  shop: { name: string; publicUrl: string; seller: SellerIdentity; locale?: LocaleLinks };
  categories: CategoryNode[];
  /** Header, top-bar and footer menus of the market and customer type (issue 16). */
  menus: LayoutMenus;
  year: number;
  /** Login state for the header, the refresh timer and other tabs (issue 7). */
  account: AccountSummary;
  /** Customer type, current and checkout market, markets for the pickers (issue 4). */
  market: MarketView;
  /** Items in the `ralph-cart` cart for the header; null when it could not be read (issue 6). */
  cartCount: number | null;
  /** The `ralph-consent` choice (null: the banner shows) and the configured tags (issue 19). */
  consent: ConsentView;
}

/**
 * Styles of every page (tokens, base, page chrome, product cards, discovery, market picker) as
 * one bundled stylesheet: styles/shell.css.
 */
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
  { rel: 'manifest', href: MANIFEST_PATH },
  { rel: 'stylesheet', href: shellStyles },
];

/** Loads the category tree, the layout's menus and the shop's name for the header, footer and titles. */
export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const [data, menus] = await Promise.all([
    context.api.query(CategoriesDocument),
    loadLayoutMenus(context),
  ]);
  const categories = (data.categories ?? []).filter((category) => category !== null);
  return {
    shop: {
      ...context.shop,
      locale: {
        basename: context.market.basename,
        alternates: alternatesFor(context.routing, context.markets),
      },
    },
    categories: buildCategoryTree(categories),
    menus,
    year: new Date().getFullYear(),
    account: accountSummary(context),
    market: toMarketView(context),
    favorites: favoritesOf(request),
    cartCount: await cartCountOf(request, context),
    consent: await consentView(request, context),
  };
}

/** The HTML document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce() || undefined;
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#510c76" />
        <ConsentBootstrap nonce={nonce} />
        <Meta />
        <Links />
      </head>
      <body>
        <TagManagerNoscript />
        <OutdatedBrowser nonce={nonce} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Renders the support-session banner (issue 41), the matched layout and page, follows other tabs' market, login and cart changes, tracks
 * page views and loads the consented tags under the consent banner (issue 19), and moves focus to a new page's heading after a client-side navigation (routing/route-focus.tsx).
 */
export default function App() {
  return (
    <>
      <SupportSessionBanner />
      <CrossTabSync />
      <AccountSync />
      <CartSync />
      <PageTracking />
      <ConsentTags />
      <ConsentBanner />
      <Outlet />
      <RouteFocus />
      <AppShell />
    </>
  );
}

/** Title of the last-resort error page (the root loader itself failed). */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  return pageMeta(undefined, {
    title: errorTitle(error),
    noindex: true,
  });
};

/** Last-resort error page: used when the root loader fails (no category menu available). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPageGuard>
      <main id="main" className="page page--narrow">
        <ErrorPage error={error} />
      </main>
    </ErrorPageGuard>
  );
}
