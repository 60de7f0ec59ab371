/**
 * Cart operations of the storefront's loaders and actions (GEINS-API §2.2, §4.5; SPEC §4 cart
 * states, §5, §8): the cart id lives in the `ralph-cart` cookie; a completed or unknown cart
 * makes addToCart return null, and then a new cart is started and the add retried (as ralph
 * does). The API's typed errors come back as Swedish messages for the shopper.
 */
import type { AppLoadContext } from 'react-router';
import {
  AddToCartDocument,
  CartDocument,
  ClearCartDocument,
  SetCartGiftCardDocument,
  SetCartPromoCodeDocument,
  UpdateCartItemDocument,
  type CartFieldsFragment,
} from '../../graphql/generated';
import type { ApiGraphQLError } from '../../graphql/client.server';
import { t } from '../../i18n/i18n';
import { apiErrorText } from '../errors/api-error-text';

/** The result of a cart change: the cart, a cookie to set, and the shopper's error message. */
export interface CartChange {
  cart: CartFieldsFragment | null;
  setCookie: string | null;
  error: string | null;
  /** The API's error code (e.g. OUT_OF_STOCK), for tests and tracking. */
  code: string | null;
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** The cart id of the request's signed `ralph-cart` cookie, or null (missing or tampered). */
export function cartIdOf(request: Request, context: AppLoadContext): Promise<string | null> {
  return context.cookies.cart.read(request.headers.get('cookie'));
}

/**
 * The Swedish message for an API error of a cart change (the API's messages are English for API
 * clients; {@link apiErrorText} picks the shopper's text by code).
 * @param culture the culture numbers are written in, e.g. `nb-NO`
 */
export function cartErrorMessage(
  error: ApiGraphQLError | undefined,
  culture?: string,
): string | null {
  return error ? apiErrorText(error, culture) : null;
}

/**
 * The request's cart, or null when there is no cookie. Never creates a cart (pages without a
 * cart cost nothing); a completed or unknown id gives a new, empty cart from the API.
 */
export async function loadCart(
  request: Request,
  context: AppLoadContext,
): Promise<CartFieldsFragment | null> {
  const id = await cartIdOf(request, context);
  if (!id) return null;
  const result = await context.api.attempt(CartDocument, { id });
  return result.data?.getCart ?? null;
}

async function newCartId(context: AppLoadContext): Promise<string> {
  const result = await context.api.attempt(CartDocument, { id: '' });
  const id = result.data?.getCart?.id;
  if (!id) throw Response.json({ message: t('error.generic.text') }, { status: 500 });
  return id;
}

/**
 * addToCart with a new cart when there is none or it is completed.
 * @param pickupStore the alias of the store to reserve the units in and collect them at (click
 *   and collect, issue 40 §6), or null for the web stock
 */
export async function addItem(
  request: Request,
  context: AppLoadContext,
  skuId: number,
  quantity: number,
  pickupStore: string | null = null,
): Promise<CartChange> {
  let id = await cartIdOf(request, context);
  let setCookie: string | null = null;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (!id) {
      id = await newCartId(context);
    }
    // Always (re)written: the cookie's year starts again with each change of the cart.
    setCookie = await context.cookies.cart.serialize(id, isSecure(request));
    const result = await context.api.attempt(AddToCartDocument, {
      id,
      item: { skuId, quantity, ...(pickupStore ? { pickupStore } : {}) },
    });
    if (result.errors.length > 0) {
      return {
        cart: null,
        setCookie,
        error: cartErrorMessage(result.errors[0], context.market.languageId),
        code: result.errors[0]!.code,
      };
    }
    if (result.data?.addToCart) {
      return { cart: result.data.addToCart, setCookie, error: null, code: null };
    }
    id = null; // unknown or completed: start a new cart and retry once
  }
  return { cart: null, setCookie, error: t('error.generic.text'), code: null };
}

/** updateCartItem by line id (0 removes the line). */
export async function updateLine(
  request: Request,
  context: AppLoadContext,
  lineId: string,
  quantity: number,
): Promise<CartChange> {
  const id = await cartIdOf(request, context);
  if (!id) return { cart: null, setCookie: null, error: t('cart.empty'), code: 'NOT_FOUND' };
  const result = await context.api.attempt(UpdateCartItemDocument, {
    id,
    item: { id: lineId, quantity },
  });
  return {
    cart: result.data?.updateCartItem ?? null,
    setCookie: null,
    error: cartErrorMessage(result.errors[0], context.market.languageId),
    code: result.errors[0]?.code ?? null,
  };
}

/** setCartPromoCode ("" clears). */
export async function setPromoCode(
  request: Request,
  context: AppLoadContext,
  promoCode: string,
): Promise<CartChange> {
  const id = await cartIdOf(request, context);
  if (!id) return { cart: null, setCookie: null, error: t('cart.empty'), code: 'NOT_FOUND' };
  const result = await context.api.attempt(SetCartPromoCodeDocument, { id, promoCode });
  return {
    cart: result.data?.setCartPromoCode ?? null,
    setCookie: null,
    error: cartErrorMessage(result.errors[0], context.market.languageId),
    code: result.errors[0]?.code ?? null,
  };
}

/**
 * Items in the request's cart for the header: 0 without a cookie (no API call), null when the
 * API could not answer (the browser then retries, see cart-link.tsx).
 */
export async function cartCountOf(
  request: Request,
  context: AppLoadContext,
): Promise<number | null> {
  if (!(await cartIdOf(request, context))) return 0;
  try {
    const cart = await loadCart(request, context);
    return (cart?.items ?? []).reduce((sum, item) => sum + (item?.quantity ?? 0), 0);
  } catch {
    return null;
  }
}

/** setCartGiftCard ("" removes the card). */
export async function setGiftCard(
  request: Request,
  context: AppLoadContext,
  code: string,
): Promise<CartChange> {
  const id = await cartIdOf(request, context);
  if (!id) return { cart: null, setCookie: null, error: t('cart.empty'), code: 'NOT_FOUND' };
  const result = await context.api.attempt(SetCartGiftCardDocument, { id, giftCardCode: code });
  const error = result.errors[0];
  return {
    cart: result.data?.setCartGiftCard ?? null,
    setCookie: null,
    error: cartErrorMessage(error, context.market.languageId),
    code: error?.code ?? null,
  };
}

/**
 * The shopper's reset (SPEC §4 "Reset clears the cart and its cookie"): clearCart on the API,
 * then the `ralph-cart` cookie removed. A cart the API no longer knows or that is completed is
 * simply forgotten; any other API failure keeps the cookie and reports the generic message.
 */
export async function resetCart(request: Request, context: AppLoadContext): Promise<CartChange> {
  const id = await cartIdOf(request, context);
  if (id) {
    const result = await context.api.attempt(ClearCartDocument, { id });
    const error = result.errors[0];
    if (error && error.code !== 'NOT_FOUND' && error.code !== 'CART_COMPLETED') {
      return { cart: null, setCookie: null, error: t('error.generic.text'), code: error.code };
    }
  }
  return {
    cart: null,
    setCookie: await context.cookies.cart.clear(isSecure(request)),
    error: null,
    code: null,
  };
}
