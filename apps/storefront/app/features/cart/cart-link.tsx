/**
 * The header's cart link with the number of items: the tab's cart state (cart-state.ts), which
 * the root loader's count (revalidated after every cart change), the cart panel's cart and
 * other tabs' `cart` messages set, so the badge and the panel show the same cart. When the server could not read the cart, the browser asks again up
 * to 5 times, 1 s apart (SPEC §4 "On load failure it retries after 1 second, up to 5 attempts").
 * It leads to the cart page; with JavaScript a plain click opens the cart panel instead (a
 * modal dialog, cart-panel.tsx), except on the cart page itself or with a modifier key.
 */
import { useEffect, useRef } from 'react';
import { Link, useLocation, useRouteLoaderData } from 'react-router';
import { BagIcon } from '../../components/ui/icons';
import { t } from '../../i18n/i18n';
import { CartPanel } from './cart-panel';
import { isCartPagePath, isModifiedClick, openCartPanel } from './cart-panel-events';
import { CART_RETRY, fetchJsonWithRetry } from './cart-retry';
import { setServerCount, useCartCount } from './cart-state';

export { CART_RETRY };

/**
 * Loads the cart count from `/varukorg/antal` with retries; resolves null after the last failure.
 * @param fetchImpl injectable for tests
 */
export async function loadCartCount(
  fetchImpl: typeof fetch = fetch,
  sleep?: (ms: number) => Promise<void>,
): Promise<number | null> {
  const body = await fetchJsonWithRetry<{ count: number }>('/varukorg/antal', fetchImpl, sleep);
  return body ? body.count : null;
}

/** Cart icon with the item count, and the cart panel it opens. */
export function CartLink() {
  const root = useRouteLoaderData('root') as { cartCount?: number | null } | undefined;
  const serverCount = root?.cartCount;
  const count = useCartCount(serverCount);
  const location = useLocation();
  const onCartPage = isCartPagePath(location.pathname);
  // "Opens a dialog" once the script can open it: written to the element, so that hydration
  // is not followed by a second render of the link and the panel (issue 23).
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (onCartPage) link.current?.removeAttribute('aria-haspopup');
    else link.current?.setAttribute('aria-haspopup', 'dialog');
  }, [onCartPage]);
  useEffect(() => {
    // Every root load (navigation, revalidation after a change) brings the server's count.
    if (serverCount !== null && serverCount !== undefined) {
      setServerCount(serverCount);
      return;
    }
    let live = true;
    void loadCartCount().then((loaded) => {
      if (live && loaded !== null) setServerCount(loaded);
    });
    return () => {
      live = false;
    };
  }, [root, serverCount]);
  const shown = count ?? 0;
  return (
    <>
      <Link
        to="/varukorg"
        className="header-action"
        aria-label={t('header.cartCount', { count: shown })}
        ref={link}
        onClick={(event) => {
          if (event.defaultPrevented || onCartPage || isModifiedClick(event)) return;
          event.preventDefault();
          openCartPanel({ opener: event.currentTarget });
        }}
      >
        <BagIcon />
        <span className="header-action__label">{t('header.cart')}</span>
        {shown > 0 ? (
          <span className="header-action__badge" aria-hidden="true">
            {shown}
          </span>
        ) : null}
      </Link>
      <CartPanel />
    </>
  );
}
