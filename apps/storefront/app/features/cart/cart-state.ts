/**
 * The cart as every part of a tab sees it (SPEC §3 "Shared state modules: cart"; issue 14 "Cart
 * everywhere"): one store per tab holding the item count and, once known, the cart for display.
 * The header's badge and the cart panel read it, so they never disagree; the root loader's count
 * (each navigation and revalidation), a cart the panel loads and every cart change set it. A
 * change made in this tab is also posted on `ralph_channel` as a `cart` message with the cart as
 * its payload (market.ts broadcast.ts), and `cart` messages of other tabs replace the cart here
 * (cart-sync.tsx), so every tab's badge and panel follow.
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { postRalphMessage } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import type { CartView } from './cart-view';

/** What the store holds. */
export interface CartState {
  /** Items in the cart; null while unknown (the server could not read it). */
  count: number | null;
  /**
   * The cart for display: undefined while not loaded (or stale: the count changed since), null
   * when there is no cart.
   */
  cart: CartView | null | undefined;
}

let state: CartState = { count: null, cart: undefined };
const listeners = new Set<() => void>();

function set(next: CartState): void {
  if (next.count === state.count && next.cart === state.cart) return;
  state = next;
  for (const listener of listeners) listener();
}

/** The current state (for tests and event handlers). */
export function cartState(): CartState {
  return state;
}

/** The number of items of a cart for display (0 without one). */
export function countOf(cart: CartView | null): number {
  return cart?.count ?? 0;
}

/**
 * The count the server rendered or a revalidation read (null: unknown, kept as it is). A cart
 * held for display with another count is stale: dropped, so the panel loads it again.
 */
export function setServerCount(count: number | null | undefined): void {
  if (count === null || count === undefined) return;
  const cart = state.cart && state.cart.count !== count ? undefined : state.cart;
  set({ count, cart });
}

/** A cart read (the panel's load, another tab's message): shown by the badge and the panel. */
export function setCart(cart: CartView | null): void {
  set({ count: countOf(cart), cart });
}

/** The markets a `cart` message names (SPEC §3). */
export interface CartMarkets {
  currentMarket: string;
  checkoutMarket: string;
}

/** This tab's markets for a `cart` message (undefined when the root loader failed). */
export function useCartMarkets(): CartMarkets | undefined {
  const view = useMarketView();
  const currentMarket = view?.marketAlias;
  const checkoutMarket = view?.checkoutMarketAlias;
  return useMemo(
    () => (currentMarket && checkoutMarket ? { currentMarket, checkoutMarket } : undefined),
    [currentMarket, checkoutMarket],
  );
}

/**
 * A cart this tab changed (an add, a quantity, a removal, a code, a reset): stored, and posted
 * to the other tabs as a `cart` message with the cart (null: emptied) as its payload.
 */
export function publishCart(cart: CartView | null, markets: CartMarkets | undefined): void {
  setCart(cart);
  if (markets) postRalphMessage({ type: 'cart', ...markets, payload: cart });
}

/** What the cart route's action answers a fetcher (routes/cart.tsx). */
interface CartAnswer {
  ok?: boolean;
  cart?: CartView | null;
}

/**
 * Publishes the cart of each successful answer of a cart-changing fetcher (`{ ok, cart }`) once
 * it is idle. `inOwnMarket` false (a code box of the checkout, whose cart is in the checkout
 * market's money): the other tabs are told to load the cart themselves.
 */
export function usePublishCartAnswer(
  fetcher: { state: string; data?: unknown },
  inOwnMarket = true,
): void {
  const markets = useCartMarkets();
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data as CartAnswer | undefined;
    if (fetcher.state !== 'idle' || !answer?.ok || handled.current === answer) return;
    handled.current = answer;
    if (answer.cart === undefined) return;
    if (inOwnMarket) publishCart(answer.cart, markets);
    else if (markets) postRalphMessage({ type: 'cart', ...markets });
  }, [fetcher.state, fetcher.data, inOwnMarket, markets]);
}

/** Subscribes to changes (useSyncExternalStore). */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The item count in a component: the store's, or until the store knows it (the server render,
 * hydration) `serverCount`, the root loader's count.
 */
export function useCartCount(serverCount: number | null | undefined): number | null {
  // The snapshot is the shown count, so the store learning the count the server rendered (the
  // link's effect after hydration) does not make React render the link again (issue 23).
  return useSyncExternalStore(
    subscribe,
    () => state.count ?? serverCount ?? null,
    () => serverCount ?? null,
  );
}

/** The cart for display in a component (undefined while not loaded; null: no cart). */
export function useCartView(): CartView | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => state.cart,
    () => undefined,
  );
}

/**
 * True when a `cart` message's payload looks like a cart for display (or null: no cart); a
 * malformed one is not trusted (the receiver loads the cart instead).
 */
export function isCartPayload(payload: unknown): payload is CartView | null {
  if (payload === null) return true;
  if (typeof payload !== 'object') return false;
  const cart = payload as Partial<CartView>;
  return typeof cart.count === 'number' && Array.isArray(cart.lines);
}
