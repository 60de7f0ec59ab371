/**
 * Opening the cart panel from anywhere (SPEC §3 "Shared state modules: cart, modal"; §4 "Modal:
 * open (has a name) or closed"): the header's cart button and the product page's buy form
 * dispatch one window event that the panel (cart-panel.tsx) listens to. No React context is
 * needed, so the panel can live in the header and the buy form deep in a product page.
 */
import type { CartView } from './cart-view';

/** The window event's name. */
export const CART_PANEL_OPEN = 'trampa:cart-panel-open';

/** What opening the panel may pass along. */
export interface CartPanelOpen {
  /** The cart as the last change returned it (saves a request); loaded when missing. */
  cart?: CartView | null;
  /** The SKU just added: the panel names it and marks its line. */
  addedSkuId?: number | null;
  /** The element focus returns to when the panel closes (default: the focused element). */
  opener?: HTMLElement | null;
}

/** Opens the cart panel (browser only). */
export function openCartPanel(detail: CartPanelOpen = {}): void {
  window.dispatchEvent(new CustomEvent<CartPanelOpen>(CART_PANEL_OPEN, { detail }));
}

/**
 * True for a path of the cart page itself (`/varukorg`, with or without a market or locale
 * prefix): there the header's cart button simply leads to the page.
 */
export function isCartPagePath(pathname: string): boolean {
  return /(^|\/)varukorg\/?$/.test(pathname);
}

/**
 * True when a click should follow the link instead of opening the panel: another button than
 * the main one, or a modifier key (new tab, new window, download).
 */
export function isModifiedClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
