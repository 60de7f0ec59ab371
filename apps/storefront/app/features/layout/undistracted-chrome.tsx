/**
 * The undistracted layout's frame (SPEC §2 "Layouts", checkout-like pages): skip link, a header
 * with the logo only, the main landmark. A module of its own, apart from default-chrome.tsx, so
 * the checkout's client code does not import the default header, footer and cart panel (issue 23).
 */
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import type { RootData } from '../../root';
import { Logo } from './logo';

/** The undistracted frame (checkout-like pages): logo only, no menu or footer links. */
export function UndistractedChrome({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const shopName = root?.shop.name ?? '';
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipLink')}
      </a>
      <header className="site-header site-header--undistracted">
        <div className="site-header__bar container">
          <Logo shopName={shopName} />
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
