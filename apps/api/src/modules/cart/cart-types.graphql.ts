/**
 * GraphQL types of carts (GEINS-API §4.5 CartType, CartItemType, CartSummaryType, CartFeesType,
 * BalanceType, VatGroupType, CampaignType, CampaignPriceType, CartItemInputType). Amounts are
 * Decimal kronor computed on the server (cart-view.ts). The root fields are in cart.graphql.ts.
 */
import { builder } from '../../graphql/builder.ts';
import { ProductRef } from '../catalog/catalog.graphql.ts';
import { StoreRef } from '../inventory/inventory.graphql.ts';
import { discountPercent } from '../pricing/price.ts';
import { CampaignRuleRef, PriceRef } from '../pricing/pricing.graphql.ts';
import type { AppliedCampaign } from '../pricing/pricing.service.ts';
import { formatted, money, priceView } from './cart-money.graphql.ts';
import type { CartLineView, CartView } from './cart-view.ts';
import { PromoCodeLimitRef, cartPromoCodeLimit } from './promo-limit.graphql.ts';
import { ShippingOptionRef, cartShippingOption } from './shipping-option.graphql.ts';
import type { TotalsCartCampaign } from './totals.ts';

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
        resolve: (p) =>
          discountPercent(
            p.line.totals.campaignDiscountIncVat,
            p.line.unitPriceIncVat * p.line.quantity,
          ),
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

/**
 * `ProductPackageCartItemType` (GEINS-API §4.5): which package, group and option a cart line
 * belongs to. The shop sells no product packages (addPackageToCart is not offered), so no line
 * has one: `CartItemType.productPackage` is null on every line.
 */
export interface ProductPackageCartItem {
  packageId: number;
  packageName: string;
  groupId: number;
  optionId: number;
}

const ProductPackageCartItemRef = builder
  .objectRef<ProductPackageCartItem>('ProductPackageCartItemType')
  .implement({
    description:
      'The product package a cart line belongs to (GEINS-API §4.5). The shop sells no packages: no line has one.',
    fields: (t) => ({
      packageId: t.exposeInt('packageId', { nullable: false, description: 'Package product id.' }),
      packageName: t.exposeString('packageName', { description: 'Package name.' }),
      groupId: t.exposeInt('groupId', { nullable: false, description: 'Group of the package.' }),
      optionId: t.exposeInt('optionId', { nullable: false, description: 'Option chosen.' }),
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
      productPackage: t.field({
        type: ProductPackageCartItemRef,
        description:
          'The package the line belongs to; null for a line bought on its own, which is every line (the shop sells no packages).',
        resolve: () => null,
      }),
      message: t.string({ description: 'Line message (not used: null).', resolve: () => null }),
      isCampaignFreeGift: t.boolean({
        nullable: false,
        description: 'A free gift added by a campaign (never).',
        resolve: () => false,
      }),
      pickupStore: t.field({
        type: StoreRef,
        description:
          'Shop extension (not in the Geins contract; issue 40 §6 click and collect): the store the line is reserved in and collected at; null for a line of the web stock.',
        resolve: (p) => p.line.pickupStore,
      }),
      pickupStoreQuantity: t.int({
        description:
          "Shop extension (not in the Geins contract; issue 40 §6): units of the line's SKU on its pickup store's shelf now, the most the line may hold; null for a line of the web stock.",
        resolve: (p) => (p.line.pickupStore ? p.line.sellable : null),
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
    promoCodeLimit: t.field({
      type: PromoCodeLimitRef,
      nullable: true,
      description:
        'Shop extension (not in the Geins contract; issue 40 §3): the lines the promo code left out and why (a code that does not apply to items already discounted by a campaign price); null when the code applies to every line or there is none.',
      resolve: (c) => cartPromoCodeLimit(c),
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
    merchantData: t.string({
      description: "The merchant's own text set with setCartMerchantData; null when none.",
      resolve: (c) => c.record.merchantData,
    }),
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
    pickupStore: t.string({
      description:
        'Shop extension (not in the Geins contract; issue 40 §6 click and collect): the alias of one of the shop\'s stores (StoreType.alias, e.g. "malmo") to reserve the units in and collect them at. The line is then limited by that store\'s shelf (SkuType.storeStock), not the web stock, and the checkout offers only store pickup there. addToCart (and updateCartItem adding a new line) only; an existing line keeps its store. Errors: BAD_USER_INPUT (argument pickupStore: unknown store, or no store pickup in the market), OUT_OF_STOCK (reason storeStock: the store has fewer units; storeAlias, storeName, stock, quantityInCart), PICKUP_STORE_CONFLICT (reason otherStore: the cart holds lines reserved in another store; sameSku: the SKU is in the cart from the other stock).',
    }),
  }),
});
