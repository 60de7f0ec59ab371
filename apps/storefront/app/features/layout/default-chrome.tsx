/**
 * The default layout's frame (SPEC §2 "Layouts"): skip link, top bar, header, main landmark and
 * footer, their links from the API's menus (issue 16, root loader data `menus`). Used by the layout route and by its error boundary, so error pages keep the menu.
 */
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import type { RootData } from '../../root';
import { EMPTY_LAYOUT_MENUS } from './menus';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { TopBar } from './top-bar';

/** Wraps page content in the shop's header and footer. */
export function DefaultChrome({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const shopName = root?.shop.name ?? '';
  const menus = root?.menus ?? EMPTY_LAYOUT_MENUS;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipLink')}
      </a>
      <TopBar items={menus.topBar.items} />
      <SiteHeader shopName={shopName} menu={menus.main.items} />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter
        shopName={shopName}
        seller={root?.shop.seller ?? null}
        menus={menus}
        year={root?.year ?? 2026}
      />
    </>
  );
}
