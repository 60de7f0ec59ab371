/**
 * `/varukorg/antal`: the number of items in the shopper's cart as JSON (`{"count": n}`), for the
 * header's client-side retry (SPEC §4); with `?visa=1` also the cart for display
 * (`{"count": n, "cart": CartView | null}`), for the cart panel's load with the same retries.
 * Never cached.
 */
import type { Route } from './+types/cart-count';
import { loadCart } from '../features/cart/cart.server';
import { toCartView } from '../features/cart/cart-view';
import { cartMoneyFormat } from '../market/request-market';

/** The count (0 without a cart), and the cart when asked for. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await loadCart(request, context);
  const count = (cart?.items ?? []).reduce((sum, item) => sum + (item?.quantity ?? 0), 0);
  const headers = { 'cache-control': 'no-store' };
  if (new URL(request.url).searchParams.get('visa') !== '1') {
    return Response.json({ count }, { headers });
  }
  const format = cartMoneyFormat(context.market, context.markets, 'cart');
  const view = cart ? toCartView(cart, context.market.pricesIncludeVat, format) : null;
  return Response.json({ count, cart: view }, { headers });
}
