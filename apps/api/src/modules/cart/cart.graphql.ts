/**
 * GraphQL types and root fields of carts (GEINS-API §3.1 getCart, §3.2 addToCart,
 * updateCartItem, setCartPromoCode, completeCart, clearCart, cloneCart; §4.5 CartType,
 * CartItemType, CartSummaryType, CartFeesType, BalanceType, VatGroupType, CampaignType,
 * CampaignPriceType, CartItemInputType). Amounts are Decimal kronor computed on the server (cart.service.ts).
 */
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { ProductRef } from '../catalog/catalog.graphql.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import type { PriceAmounts } from '../pricing/price.ts';
import { CampaignRuleRef, PriceRef } from '../pricing/pricing.graphql.ts';
import type { AppliedCampaign, PriceView } from '../pricing/pricing.service.ts';
import type { ShippingMethodRecord } from '../shipping/shipping.service.ts';
import { applyGiftCard } from './cart-giftcard.service.ts';
import {
  addToCart,
  claimCartById,
  clearCart,
  cloneCart,
  completeCart,
  getOrCreateCart,
  setCartPromoCode,
  updateCartItem,
  type CartLineView,
  type CartView,
} from './cart.service.ts';
import type { TotalsCartCampaign } from './totals.ts';

/** Money of a cart as Decimal kronor. */
function money(view: CartView, minor: number): number {
  return minorToDecimal(minor, view.shop.currency.code);
}

/** Money of a cart formatted in the market culture, e.g. "1 299 kr". */
function formatted(view: CartView, minor: number): string {
  return formatMoney(minor, view.shop.currency.code, view.shop.market.defaultLanguageId);
}

function priceView(view: CartView, amounts: PriceAmounts): PriceView {
  return { amounts, currency: view.shop.currency, culture: view.shop.market.defaultLanguageId };
}

/** A cart campaign as a `CampaignRuleType` (ruleType CART_CAMPAIGN, no list page). */
export function cartCampaignRule(campaign: TotalsCartCampaign): AppliedCampaign {
  return {
    campaignId: campaign.id,
    alias: '',
    name: campaign.name,
    sellingPriceIncVat: 0,
    startsAt: new Date(0),
    endsAt: null,
    ruleType: 'CART_CAMPAIGN',
  };
}

/** A shipping option of a cart or checkout (`ShippingOptionType`). */
export interface ShippingOptionNode {
  cart: CartView;
  method: ShippingMethodRecord;
  /** The fee charged for this cart (0 with free shipping), öre incl. VAT. */
  feeIncVat: number;
  isSelected: boolean;
  /** Extra data, e.g. JSON with store stock for pickup. */
  shippingData: string | null;
  subOptions: ShippingOptionNode[];
  /** Name override for sub-options (a store). */
  displayName?: string;
  /** Id override for sub-options. */
  id?: number;
  externalId?: string | null;
}

/** The option a cart's summary shows: the selected or default method. */
export function cartShippingOption(cart: CartView): ShippingOptionNode | null {
  if (!cart.shipping) return null;
  return {
    cart,
    method: cart.shipping,
    feeIncVat: cart.totals.shippingFeeIncVat,
    isSelected: true,
    shippingData: null,
    subOptions: [],
  };
}

/** `ShippingOptionType`. */
export const ShippingOptionRef = builder.objectRef<ShippingOptionNode>('ShippingOptionType');

ShippingOptionRef.implement({
  description:
    "A shipping option with its fee for the cart in the request's (checkout) market (GEINS-API §4.6): Decimal major units of the market's currency (kronor, euros), formatted variants in its culture. Eligible methods are free from the market's threshold incl. VAT (SPEC §9: 499 kr in Sweden; 599 NOK, 449 DKK, 49 €).",
  fields: (t) => ({
    id: t.int({
      nullable: false,
      description: 'Shipping method id (pass as shippingId).',
      resolve: (o) => o.id ?? o.method.id,
    }),
    name: t.string({ description: 'Internal name (alias).', resolve: (o) => o.method.alias }),
    displayName: t.string({
      description: 'Name shown to shoppers.',
      resolve: (o) => o.displayName ?? o.method.name,
    }),
    feeIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'Fee for this cart incl. VAT, major units of the market currency (0 with free shipping).',
      resolve: (o) => money(o.cart, o.feeIncVat),
    }),
    feeExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: "Fee for this cart excl. the market's VAT, major units of its currency.",
      resolve: (o) =>
        money(o.cart, Math.round((o.feeIncVat * 10000) / (10000 + o.method.vatRateBasisPoints))),
    }),
    feeIncVatFormatted: t.string({
      description: 'Fee incl. VAT, formatted.',
      resolve: (o) => formatted(o.cart, o.feeIncVat),
    }),
    feeExVatFormatted: t.string({
      description: 'Fee excl. VAT, formatted.',
      resolve: (o) =>
        formatted(
          o.cart,
          Math.round((o.feeIncVat * 10000) / (10000 + o.method.vatRateBasisPoints)),
        ),
    }),
    isDefault: t.boolean({
      nullable: false,
      description: 'The default method.',
      resolve: (o) => o.method.isDefault,
    }),
    isSelected: t.boolean({
      nullable: false,
      description: 'The method chosen for the cart.',
      resolve: (o) => o.isSelected,
    }),
    externalId: t.string({
      description: 'Kind of method: home, service_point or pickup (or a store alias).',
      resolve: (o) => o.externalId ?? o.method.kind,
    }),
    shippingData: t.string({
      description: 'Extra data as JSON text: for pickup the stores with stock per size.',
      resolve: (o) => o.shippingData,
    }),
    amountLeftToFreeShipping: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'Items incl. VAT still needed for free shipping in the market, major units of its currency (0 when reached or when the market has no free shipping).',
      resolve: (o) => money(o.cart, o.cart.totals.amountLeftToFreeShipping),
    }),
    amountLeftToFreeShippingFormatted: t.string({
      description: 'amountLeftToFreeShipping, formatted.',
      resolve: (o) => formatted(o.cart, o.cart.totals.amountLeftToFreeShipping),
    }),
    logo: t.string({ description: 'Logo file name (none: null).', resolve: () => null }),
    subOptions: t.field({
      type: [ShippingOptionRef],
      description: 'Choices within the method, e.g. the stores for pickup.',
      resolve: (o) => o.subOptions,
    }),
  }),
});

/** `VatGroupType`. */
const VatGroupRef = builder.objectRef<{ rate: number; amount: number }>('VatGroupType').implement({
  description: 'VAT of one rate in the cart (GEINS-API §4.5).',
  fields: (t) => ({
    rate: t.int({
      nullable: false,
      description: 'VAT rate in whole percent, e.g. 25.',
      resolve: (g) => Math.round(g.rate / 100),
    }),
    amount: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'VAT amount, kronor.',
      resolve: (g) => g.amount,
    }),
  }),
});

/** `CartFeesType`. */
const CartFeesRef = builder.objectRef<CartView>('CartFeesType').implement({
  description: 'Fees of the cart, kronor (GEINS-API §4.5).',
  fields: (t) => ({
    paymentFeeIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Payment fee incl. VAT.',
      resolve: (c) => money(c, c.totals.paymentFeeIncVat),
    }),
    paymentFeeExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Payment fee excl. VAT.',
      resolve: (c) => money(c, c.totals.paymentFeeExVat),
    }),
    shippingFeeIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Shipping fee incl. VAT (0 with free shipping).',
      resolve: (c) => money(c, c.totals.shippingFeeIncVat),
    }),
    shippingFeeExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Shipping fee excl. VAT.',
      resolve: (c) => money(c, c.totals.shippingFeeExVat),
    }),
  }),
});

/** `BalanceType`. */
const BalanceRef = builder.objectRef<CartView>('BalanceType').implement({
  description: 'Gift-card balance used by the cart (GEINS-API §4.5; SPEC §3 Cart summary).',
  fields: (t) => {
    const amounts: Array<[string, string, (c: CartView) => number]> = [
      [
        'remaining',
        'Balance left on the card after this order',
        (c) => c.giftCardBalance - c.totals.balancePending,
      ],
      ['pending', 'The part of the balance used for this order', (c) => c.totals.balancePending],
      [
        'totalSellingPriceExBalanceIncVat',
        'Total incl. VAT minus the balance used',
        (c) => c.totals.totalExBalanceIncVat,
      ],
      [
        'totalSellingPriceExBalanceExVat',
        'Total excl. VAT minus the balance used',
        (c) => c.totals.totalExBalanceExVat,
      ],
    ];
    return Object.fromEntries(
      amounts.flatMap(([name, text, pick]) => [
        [
          name,
          t.field({
            type: 'Decimal',
            nullable: false,
            description: `${text}, kronor.`,
            resolve: (c: CartView) => money(c, pick(c)),
          }),
        ],
        [
          `${name}Formatted`,
          t.string({
            description: `${text}, formatted.`,
            resolve: (c: CartView) => formatted(c, pick(c)),
          }),
        ],
      ]),
    );
  },
});

/** `CartSummaryType`. */
const CartSummaryRef = builder.objectRef<CartView>('CartSummaryType').implement({
  description:
    'Totals of the cart computed on the server (GEINS-API §4.5; SPEC §3 Cart summary): items, discounts, VAT per rate, fees, shipping with amountLeftToFreeShipping, gift-card balance.',
  fields: (t) => ({
    total: t.field({
      type: PriceRef,
      description:
        'Everything to pay: items after discounts + shipping + payment fee (regular = without discounts).',
      resolve: (c) => priceView(c, c.totals.total),
    }),
    subTotal: t.field({
      type: PriceRef,
      description: 'Items after campaigns and percentage promo codes, before fixed discounts.',
      resolve: (c) => priceView(c, c.totals.subTotal),
    }),
    vats: t.field({
      type: [VatGroupRef],
      description: 'VAT per rate (items after discounts, shipping and fees).',
      resolve: (c) =>
        c.totals.vats.map((v) => ({ rate: v.rateBasisPoints, amount: money(c, v.amount) })),
    }),
    fees: t.field({ type: CartFeesRef, description: 'Fees.', resolve: (c) => c }),
    balance: t.field({ type: BalanceRef, description: 'Gift-card balance.', resolve: (c) => c }),
    fixedAmountDiscountIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Fixed-amount promo discount incl. VAT, kronor.',
      resolve: (c) => money(c, c.totals.fixedAmountDiscountIncVat),
    }),
    fixedAmountDiscountExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'Fixed-amount promo discount excl. VAT, kronor (spread over the lines in proportion, VAT per rate).',
      resolve: (c) => money(c, c.totals.fixedAmountDiscountExVat),
    }),
    shipping: t.field({
      type: ShippingOptionRef,
      description: 'The selected or default shipping option, with amountLeftToFreeShipping.',
      resolve: (c) => cartShippingOption(c),
    }),
  }),
});

/** `CampaignPriceType`. */
const CampaignPriceRef = builder
  .objectRef<{ line: CartLineView; cart: CartView }>('CampaignPriceType')
  .implement({
    description: 'The price of a line after cart campaigns (GEINS-API §4.2).',
    fields: (t) => ({
      quantity: t.int({
        nullable: false,
        description: 'Units at this price.',
        resolve: (p) => p.line.quantity,
      }),
      discount: t.field({
        type: 'Decimal',
        nullable: false,
        description: 'Campaign discount on the line incl. VAT, kronor.',
        resolve: (p) => money(p.cart, p.line.totals.campaignDiscountIncVat),
      }),
      discountPercentage: t.field({
        type: 'Decimal',
        nullable: false,
        description: 'Campaign discount in percent of the line before the campaign.',
        resolve: (p) => {
          const before = p.line.unitPriceIncVat * p.line.quantity;
          return before > 0
            ? Math.round((10000 * p.line.totals.campaignDiscountIncVat) / before) / 100
            : 0;
        },
      }),
      price: t.field({
        type: PriceRef,
        description: 'The line price after the campaigns.',
        resolve: (p) => priceView(p.cart, p.line.totals.totalPrice),
      }),
    }),
  });

/** `CampaignType`. */
const CampaignRef = builder
  .objectRef<{ line: CartLineView; cart: CartView }>('CampaignType')
  .implement({
    description: 'Campaigns applied to a cart line (GEINS-API §4.2).',
    fields: (t) => ({
      appliedCampaigns: t.field({
        type: [CampaignRuleRef],
        description: 'The price campaign and the cart campaigns that lowered the line.',
        resolve: (p) => [
          ...(p.line.priceCampaign ? [p.line.priceCampaign] : []),
          ...p.line.cartCampaigns.map(cartCampaignRule),
        ],
      }),
      prices: t.field({
        type: [CampaignPriceRef],
        description:
          'The line price after cart campaigns (one entry when a cart campaign applies).',
        resolve: (p) => (p.line.cartCampaigns.length ? [p] : []),
      }),
    }),
  });

/** `CartItemType`. */
const CartItemRef = builder
  .objectRef<{ line: CartLineView; cart: CartView }>('CartItemType')
  .implement({
    description:
      'A cart line (GEINS-API §4.5; SPEC §3 Cart item): one SKU, re-priced from the catalogue on every read.',
    fields: (t) => ({
      id: t.id({
        nullable: false,
        description: 'Line id (updateCartItem with this id and quantity 0 removes the line).',
        resolve: (p) => String(p.line.id),
      }),
      skuId: t.int({ nullable: false, description: 'The SKU.', resolve: (p) => p.line.skuId }),
      quantity: t.int({ nullable: false, description: 'Units.', resolve: (p) => p.line.quantity }),
      product: t.field({
        type: ProductRef,
        description: 'The product as it is now (null when it left the catalogue).',
        resolve: (p) => (p.line.product ? { ...p.line.product, shop: p.cart.shop } : null),
      }),
      unitPrice: t.field({
        type: PriceRef,
        description: 'One unit: regular vs. selling after price campaigns.',
        resolve: (p) => priceView(p.cart, p.line.totals.unitPrice),
      }),
      totalPrice: t.field({
        type: PriceRef,
        description:
          'The line: regular vs. selling after price campaigns, cart campaigns and percentage promo codes.',
        resolve: (p) => priceView(p.cart, p.line.totals.totalPrice),
      }),
      campaign: t.field({
        type: CampaignRef,
        description: 'Campaigns applied to the line.',
        resolve: (p) => p,
      }),
      groupKey: t.id({ description: 'Package group (not used: null).', resolve: () => null }),
      message: t.string({ description: 'Line message (not used: null).', resolve: () => null }),
      isCampaignFreeGift: t.boolean({
        nullable: false,
        description: 'A free gift added by a campaign (never).',
        resolve: () => false,
      }),
    }),
  });

/** `CartType`. */
export const CartRef = builder.objectRef<CartView>('CartType').implement({
  description:
    'A cart (GEINS-API §4.5; SPEC §3 Cart). Every amount is computed on the server from the database.',
  fields: (t) => ({
    id: t.string({ description: 'Cart id (a UUID).', resolve: (c) => c.record.id }),
    items: t.field({
      type: [CartItemRef],
      description: 'The lines, in the order they were added.',
      resolve: (c) => c.lines.map((line) => ({ line, cart: c })),
    }),
    isCompleted: t.boolean({
      nullable: false,
      description: 'True once an order was placed or completeCart was called (read-only).',
      resolve: (c) => c.record.status === 'completed',
    }),
    promoCode: t.string({
      description: 'The promo code set on the cart, or null.',
      resolve: (c) => c.record.promoCode,
    }),
    freeShipping: t.boolean({
      nullable: false,
      description:
        "True when the items reach the market's free-shipping threshold incl. VAT (SPEC §9: 499 kr in Sweden).",
      resolve: (c) => c.totals.freeShipping,
    }),
    fixedDiscount: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Fixed-amount discount incl. VAT, kronor.',
      resolve: (c) => money(c, c.totals.fixedAmountDiscountIncVat),
    }),
    merchantData: t.string({ description: 'Merchant data (not used: null).', resolve: () => null }),
    appliedCampaigns: t.field({
      type: [CampaignRuleRef],
      description: 'Cart campaigns that gave a discount.',
      resolve: (c) => c.appliedCampaigns.map(cartCampaignRule),
    }),
    summary: t.field({ type: CartSummaryRef, description: 'Totals.', resolve: (c) => c }),
  }),
});

/** `CartItemInputType`. */
export const CartItemInput = builder.inputType('CartItemInputType', {
  description: 'A SKU (or existing line id) and a quantity (GEINS-API §4.5).',
  fields: (t) => ({
    skuId: t.int({ description: 'The SKU.' }),
    id: t.id({ description: 'An existing line id (updateCartItem).' }),
    quantity: t.int({
      required: true,
      description: 'addToCart: units to add (1–999); updateCartItem: new quantity (0 removes).',
    }),
    groupKey: t.id({ description: 'Package group (ignored).' }),
    message: t.string({ description: 'Line message (ignored).' }),
  }),
});

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
