/**
 * Expected failures of the shop's services (ARCHITECTURE convention 6). A {@link ShopError} is a
 * `GraphQLError` whose `extensions.code` is stable (e.g. BAD_USER_INPUT, CURRENCY_NOT_FOUND), so
 * it reaches clients as it is, located at the field that failed; anything else a resolver throws
 * is a bug and is masked (src/graphql/errors.ts).
 *
 * `graphql/index.js` (the CommonJS build) is imported on purpose: it is the instance Pothos and
 * Yoga load, so `instanceof GraphQLError` holds under Vite/Vitest too.
 */
import { GraphQLError } from 'graphql/index.js';

/** The codes clients may see in `errors[].extensions.code`. */
export type ShopErrorCode =
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CURRENCY_NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  /** Cart and checkout (issue 6): a SKU lacks the stock asked for. */
  | 'OUT_OF_STOCK'
  /**
   * addToCart / updateCartItem with a pickup store (click and collect, issue 40 §6): the cart
   * already holds lines reserved in another store (`extensions.reason` `otherStore`, with
   * `storeAlias`, `storeName` of that store), or the SKU's line is of another stock (`sameSku`:
   * reserved in a store while added for delivery, or the other way round). One pickup store
   * per order.
   */
  | 'PICKUP_STORE_CONFLICT'
  /** setCartPromoCode: the code is unknown, expired or used up (storefront: "Koden är ej giltig"). */
  | 'INVALID_PROMO_CODE'
  /** setCartPromoCode: the code exists but the cart does not meet its requirements (GEINS-API §1). */
  | 'RequirementsNotMet'
  /** placeOrder: personnummer or organisationsnummer invalid (GEINS-API §1). */
  | 'INVALID_IDENTITY_NUMBER'
  /** The cart is completed (an order was placed) and cannot change. */
  | 'CART_COMPLETED'
  /** placeOrder: the checkout is incomplete or invalid; `extensions.fields` names the fields. */
  | 'INVALID_CHECKOUT'
  /** The payment provider declined; `extensions.reason` general, out-of-stock or blocked. */
  | 'PAYMENT_DECLINED'
  /** Too many attempts (e.g. wrong gift-card codes); try again later. */
  | 'RATE_LIMITED'
  /**
   * placeOrder: the gift card would pay a different amount than the cart showed (another order
   * used it meanwhile, issue 13 §5). Nothing is placed; the next attempt draws the new amount.
   */
  | 'GIFT_CARD_BALANCE_CHANGED'
  /** An order status change the transitions table does not allow (`extensions.from`, `to`). */
  | 'ORDER_TRANSITION_NOT_ALLOWED'
  /** A refund larger than what is left of what was paid (issue 27); nothing is refunded. */
  | 'REFUND_EXCEEDS_PAID'
  /**
   * Back-office login (issue 26): the password is right and the staff user has two-factor login
   * on; send `login` again with the authenticator app's `code`.
   */
  | 'TWO_FACTOR_REQUIRED';

/** An expected, client-facing failure with a stable code and a safe message. */
export class ShopError extends GraphQLError {
  override name = 'ShopError';

  constructor(
    /** Stable machine-readable code, sent as `extensions.code`. */
    readonly code: ShopErrorCode,
    message: string,
    /** Extra, safe details sent in `extensions` (e.g. `{ argument: 'take' }`). */
    details: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { ...details, code } });
  }
}

/** Invalid argument value: `extensions.code` BAD_USER_INPUT, `extensions.argument` its name. */
export function badUserInput(message: string, argument?: string): ShopError {
  return new ShopError('BAD_USER_INPUT', message, argument ? { argument } : {});
}

/**
 * BAD_USER_INPUT whose message is Swedish, for staff (the back office shows it as it is;
 * `extensions.locale` `sv`), `extensions.argument` the bad field when known.
 */
export function swedishInputError(message: string, argument?: string): ShopError {
  return new ShopError('BAD_USER_INPUT', message, {
    locale: 'sv',
    ...(argument ? { argument } : {}),
  });
}

/** NOT_FOUND whose message is Swedish, for staff (`extensions.locale` `sv`). */
export function swedishNotFound(message: string): ShopError {
  return new ShopError('NOT_FOUND', message, { locale: 'sv' });
}

/**
 * FORBIDDEN for what a support session (staff logged in as the customer, issue 41) may not do:
 * erase the account, change its password or e-mail. `extensions.reason` SUPPORT_SESSION.
 */
export function supportSessionForbidden(): ShopError {
  return new ShopError(
    'FORBIDDEN',
    'Not allowed in a support session: only the account holder may delete the account or ' +
      'change its password or e-mail.',
    { reason: 'SUPPORT_SESSION' },
  );
}
