/**
 * Root fields of carts (GEINS-API §3.1 getCart, §3.2 addToCart, updateCartItem,
 * setCartPromoCode, setCartMerchantData, completeCart, clearCart, cloneCart, setCartGiftCard). The types are in
 * cart-types.graphql.ts and shipping-option.graphql.ts; resolvers call one service function each.
 */
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { applyGiftCard } from './cart-giftcard.service.ts';
import { addToCart, updateCartItem } from './cart-lines.service.ts';
import { setCartPromoCode } from './cart-promo.service.ts';
import {
  claimCartById,
  clearCart,
  cloneCart,
  completeCart,
  getOrCreateCart,
  MAX_MERCHANT_DATA_LENGTH,
  setCartMerchantData,
} from './cart.service.ts';
import { CartItemInput, CartRef } from './cart-types.graphql.ts';

const allowExternalShippingFee = {
  description:
    "True (checkout pages): price shipping with the external fee set by setCartShippingFee, when it was set in this market's currency. Otherwise the method's fee in the market.",
};

builder.queryField('getCart', (t) =>
  t.field({
    type: CartRef,
    description:
      'The cart with that id; an empty, unknown or (without includeCompleted) completed id creates a new cart (GEINS-API §0.5), at most one per request (else QUERY_LIMIT_EXCEEDED).',
    args: {
      ...contextArgs,
      id: t.arg.string({ description: 'Cart id; "" or omitted creates a cart.' }),
      includeCompleted: t.arg.boolean({ description: 'Return a completed cart as it is.' }),
      allowExternalShippingFee: t.arg.boolean(allowExternalShippingFee),
      forceRefresh: t.arg.boolean({
        description: 'Accepted for compatibility: carts are always re-priced on read.',
      }),
    },
    resolve: async (_root, args, ctx) =>
      getOrCreateCart(ctx.db, args.id, await ctx.pricedShop(args), ctx.now, {
        includeCompleted: args.includeCompleted ?? false,
        allowExternalShippingFee: args.allowExternalShippingFee ?? false,
        beforeCreate: () => ctx.claimCartCreation(),
        customerId: (await ctx.viewer())?.customerId ?? null,
      }),
  }),
);

builder.mutationFields((t) => ({
  addToCart: t.field({
    type: CartRef,
    description:
      'Adds quantity units of the SKU (GEINS-API §4.5). Null when the cart is unknown or completed. Errors: BAD_USER_INPUT, NOT_FOUND, OUT_OF_STOCK (extensions.stock, quantityInCart).',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
      item: t.arg({ type: CartItemInput, required: true, description: 'SKU and units to add.' }),
      allowExternalShippingFee: t.arg.boolean(allowExternalShippingFee),
    },
    resolve: async (_root, args, ctx) => {
      await claimCartById(ctx.db, args.id, (await ctx.viewer())?.customerId ?? null);
      return addToCart(ctx.db, args.id, args.item, await ctx.pricedShop(args), ctx.now, {
        allowExternalShippingFee: args.allowExternalShippingFee ?? false,
      });
    },
  }),
  updateCartItem: t.field({
    type: CartRef,
    description:
      'Sets the quantity of the line for the SKU or line id; 0 removes it (GEINS-API §4.5). Null when the cart is unknown or completed.',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
      item: t.arg({
        type: CartItemInput,
        required: true,
        description: 'SKU or line and quantity.',
      }),
      allowExternalShippingFee: t.arg.boolean(allowExternalShippingFee),
    },
    resolve: async (_root, args, ctx) => {
      await claimCartById(ctx.db, args.id, (await ctx.viewer())?.customerId ?? null);
      return updateCartItem(ctx.db, args.id, args.item, await ctx.pricedShop(args), ctx.now, {
        allowExternalShippingFee: args.allowExternalShippingFee ?? false,
      });
    },
  }),
  setCartPromoCode: t.field({
    type: CartRef,
    description:
      'Sets the promo code ("" clears it). Errors: INVALID_PROMO_CODE (the storefront shows "Koden är ej giltig"), RequirementsNotMet (e.g. the minimum order value).',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
      promoCode: t.arg.string({ required: true, description: 'The code; "" clears it.' }),
    },
    resolve: async (_root, args, ctx) =>
      setCartPromoCode(ctx.db, args.id, args.promoCode, await ctx.pricedShop(args), ctx.now),
  }),
  setCartMerchantData: t.field({
    type: CartRef,
    description: `Stores the merchant's own text (often JSON) on the open cart as merchantData, replacing what was there; "" clears it (GEINS-API §3.2). The shop never reads it. Errors: BAD_USER_INPUT (over ${MAX_MERCHANT_DATA_LENGTH} characters), NOT_FOUND, CART_COMPLETED.`,
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
      merchantData: t.arg.string({ required: true, description: 'The text; "" clears it.' }),
    },
    resolve: async (_root, args, ctx) =>
      setCartMerchantData(ctx.db, args.id, args.merchantData, await ctx.pricedShop(args), ctx.now),
  }),
  completeCart: t.field({
    type: CartRef,
    description: 'Makes the cart read-only (idempotent). Error: NOT_FOUND.',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
    },
    resolve: async (_root, args, ctx) =>
      completeCart(ctx.db, args.id, await ctx.pricedShop(args), ctx.now),
  }),
  setCartGiftCard: t.field({
    type: CartRef,
    description:
      'Shop extension (not in the Geins contract): applies a gift card to the cart ("" removes it). Its balance pays part or all of the order; summary.balance shows the part used. Placing the order draws exactly the part the cart showed, else placeOrder answers GIFT_CARD_BALANCE_CHANGED. Errors: BAD_USER_INPUT (unknown, expired or empty card), RATE_LIMITED with extensions.retryAfterSeconds (wrong codes: 5 per cart in 15 minutes, 10 per logged-in customer and 20 per client address an hour, 200 for the whole shop in 15 minutes; then right codes are refused too), NOT_FOUND, CART_COMPLETED.',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
      giftCardCode: t.arg.string({ required: true, description: 'The card code; "" removes it.' }),
    },
    resolve: async (_root, args, ctx) =>
      applyGiftCard(
        ctx.db,
        args.id,
        args.giftCardCode,
        { customerId: (await ctx.viewer())?.customerId ?? null, ip: ctx.clientIp },
        await ctx.pricedShop(args),
        ctx.now,
      ),
  }),
  clearCart: t.field({
    type: CartRef,
    description: 'Removes every line and the promo code. Errors: NOT_FOUND, CART_COMPLETED.',
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Cart id.' }),
    },
    resolve: async (_root, args, ctx) =>
      clearCart(ctx.db, args.id, await ctx.pricedShop(args), ctx.now),
  }),
  cloneCart: t.field({
    type: CartRef,
    description:
      "A new open cart with the items of the cart id (open or completed) at current prices (GEINS-API §3.2). Stock-checked: a quantity above the units that can be sold now is capped, a sold-out or discontinued item is left out. The promo code is copied (while still valid) unless resetPromotions; the gift card and checkout details are not. Error: NOT_FOUND for an unknown id or another customer's cart.",
    args: {
      ...contextArgs,
      id: t.arg.string({ required: true, description: 'Id of the cart to copy.' }),
      resetPromotions: t.arg.boolean({
        description: 'True: the new cart gets no promo code. Default false.',
      }),
    },
    resolve: async (_root, args, ctx) =>
      cloneCart(
        ctx.db,
        args.id,
        args.resetPromotions ?? false,
        (await ctx.viewer())?.customerId ?? null,
        await ctx.pricedShop(args),
        ctx.now,
      ),
  }),
}));
