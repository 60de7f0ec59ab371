/**
 * Follows other tabs' carts (SPEC §3 "cart replaces the cart"; issue 14 "Cart everywhere"): a
 * `cart` message on `ralph_channel` replaces this tab's cart state (cart-state.ts), so the
 * header's badge and an open cart panel show it at once. A message from a tab in another
 * market (market in the path), or with a payload that is not a cart, makes this tab load the
 * cart itself (`/varukorg/antal?visa=1`, in its own market's money). On the cart page and the
 * checkout the page's data is revalidated too. Mounted once in the root; renders nothing.
 */
import { useLocation, useRevalidator } from 'react-router';
import { useRalphChannel } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import { fetchJsonWithRetry } from './cart-retry';
import { isCartPayload, setCart } from './cart-state';
import type { CartView } from './cart-view';

/** True for the paths whose page shows the cart (`/varukorg`, `/kassan`, with any prefix). */
export function showsCart(pathname: string): boolean {
  return /(^|\/)(varukorg|kassan)\/?$/.test(pathname);
}

/** Renders nothing; listens for `cart` messages. */
export function CartSync() {
  const view = useMarketView();
  const revalidator = useRevalidator();
  const location = useLocation();
  useRalphChannel((message) => {
    if (message.type !== 'cart') return;
    if (message.currentMarket === view?.marketAlias && isCartPayload(message.payload)) {
      setCart(message.payload);
    } else {
      void fetchJsonWithRetry<{ cart: CartView | null }>('/varukorg/antal?visa=1').then((body) => {
        if (body) setCart(body.cart);
      });
    }
    if (showsCart(location.pathname)) void revalidator.revalidate();
  });
  return null;
}
