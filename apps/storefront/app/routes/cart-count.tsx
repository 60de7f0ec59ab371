/**
 * `/varukorg/antal`: the number of items in the shopper's cart as JSON (`{"count": n}`), for the
 * header's client-side retry (SPEC §4). Never cached.
 */
import type { Route } from './+types/cart-count';
import { loadCart } from '../features/cart/cart.server';

/** The count; 0 without a cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await loadCart(request, context);
  const count = (cart?.items ?? []).reduce((sum, item) => sum + (item?.quantity ?? 0), 0);
  return Response.json({ count }, { headers: { 'cache-control': 'no-store' } });
}
