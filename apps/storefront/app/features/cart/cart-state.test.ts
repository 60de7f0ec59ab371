/** The tab's cart state shared by the badge and the panel (cart-state.ts, cart-sync.tsx; issue 14). */
import { describe, expect, it } from 'vitest';
import { cartState, isCartPayload, setCart, setServerCount } from './cart-state';
import { showsCart } from './cart-sync';
import type { CartView } from './cart-view';

const cart = (count: number) => ({ id: 'c1', count, lines: [] }) as unknown as CartView;

describe('cart state', () => {
  it('the badge count follows the cart read last, and a server count drops a stale cart', () => {
    setServerCount(0);
    expect(cartState()).toEqual({ count: 0, cart: undefined });
    const two = cart(2);
    setCart(two);
    expect(cartState()).toEqual({ count: 2, cart: two });
    // The same count from the server keeps the cart; another count makes it stale.
    setServerCount(2);
    expect(cartState().cart).toBe(two);
    setServerCount(3);
    expect(cartState()).toEqual({ count: 3, cart: undefined });
    // An unknown server count changes nothing.
    setServerCount(null);
    expect(cartState().count).toBe(3);
    setCart(null);
    expect(cartState()).toEqual({ count: 0, cart: null });
  });

  it('trusts only payloads that look like a cart (or null)', () => {
    expect(isCartPayload(null)).toBe(true);
    expect(isCartPayload(cart(1))).toBe(true);
    for (const bad of [undefined, 1, 'cart', {}, { count: '1', lines: [] }, { count: 1 }]) {
      expect(isCartPayload(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('revalidates the pages that show the cart', () => {
    for (const path of ['/varukorg', '/kassan', '/no/nb/kassan/'])
      expect(showsCart(path)).toBe(true);
    for (const path of ['/', '/varukorg/antal', '/p/kassan-x']) expect(showsCart(path)).toBe(false);
  });
});
