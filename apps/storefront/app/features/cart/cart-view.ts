/**
 * What the cart page, panel and checkout show, made from the API's cart (GEINS-API §4.5): the
 * amounts computed by the API, formatted in Swedish, incl. VAT for private persons and excl. VAT
 * for companies (SPEC §6). Pure: no fetching, no React.
 */
import { decimalToMinor, formatDeduction, formatMoney } from '@trampa/api/money';
import type { CartFieldsFragment } from '../../graphql/generated';
import type { CartMoneyFormat } from '../../market/request-market';
import { productImageUrl } from '../product/image-url';

/** One cart line for display. */
export interface CartLineView {
  id: string;
  skuId: number;
  productId: number;
  name: string;
  brand: string;
  /** The size (SKU name); '' for one-size products. */
  size: string;
  url: string;
  image: string | null;
  articleNumber: string;
  quantity: number;
  /**
   * Most units that can be ordered (stock; for a line reserved in a store that store's shelf),
   * null when unlimited.
   */
  maxQuantity: number | null;
  /**
   * The store the line is reserved in and collected at (click and collect, issue 40 §6), or
   * null for a line of the web stock.
   */
  pickupStore: { name: string; address: string; city: string } | null;
  unitPrice: string;
  /** Regular unit price when discounted, else null. */
  unitRegularPrice: string | null;
  /** The 30-day lowest unit price beside a reduced one (prisinformationslagen 7 a §), else null. */
  unitLowestPrice: string | null;
  total: string;
  /** Line total before cart campaigns and promo codes, when they lowered it. */
  totalBefore: string | null;
  campaigns: string[];
  /** Kronor incl. VAT (tracking). */
  unitPriceIncVat: number;
}

/** A cart for display. */
export interface CartView {
  id: string;
  isCompleted: boolean;
  count: number;
  lines: CartLineView[];
  promoCode: string | null;
  /**
   * Why the promo code gave less than its face value (issue 40 §3): it does not apply to items
   * already discounted by a campaign price and left out some (`all` false) or every line; null
   * when it applies to every line or there is no code.
   */
  promoLimit: { code: string; all: boolean; lineIds: string[] } | null;
  campaigns: string[];
  /** Items before cart discounts. */
  itemsRegular: string;
  /** Items after campaigns and percentage codes. */
  subTotal: string;
  /** Everything taken off (price campaigns, cart campaigns, codes), or null. */
  discount: string | null;
  /** The same as a deduction with the shop's minus sign ("−20 kr", `formatDeduction`), or null. */
  discountOff: string | null;
  fixedDiscount: string | null;
  shippingName: string | null;
  shippingFee: string;
  /** The items reached the free-shipping threshold (SPEC §9), whatever delivery is chosen. */
  freeShipping: boolean;
  /**
   * The items reached the threshold but the chosen delivery is not part of free shipping (paid
   * home delivery, issue 40 §6): its name, so the summary says so instead; else null.
   */
  freeShippingNotChosen: string | null;
  /**
   * What is left to free shipping, in the cart's VAT mode (excl. VAT for companies at the
   * items' VAT ratio; the threshold itself is incl. VAT, issue 40 §6), or null.
   */
  amountLeftToFreeShipping: string | null;
  total: string;
  vat: string;
  giftCard: string | null;
  /** The gift card's part as a deduction ("−500 kr"), or null. */
  giftCardOff: string | null;
  toPay: string;
  /**
   * What is charged, always incl. VAT (after the gift card), also for companies who see the
   * cart excl. VAT (issue 14: the button shows what is charged).
   */
  chargedIncVat: string;
  /** The VAT in the order total. */
  chargedVat: string;
  /** True: amounts incl. VAT (PERSON); false: excl. VAT (ORGANIZATION). */
  includesVat: boolean;
  /** Kronor incl. VAT (tracking). */
  totalIncVat: number;
}

/**
 * Formats an amount in major units (kronor, euros) as money, by default Swedish: 1299 -> "1 299 kr";
 * `kronor(1299, 'EUR', 'fi-FI')` -> "1 299 €".
 */
export function kronor(amount: number, currency = 'SEK', culture = 'sv-SE'): string {
  return formatMoney(decimalToMinor(amount, currency), currency, culture);
}

/** An amount in major units as a deduction with U+2212: 20 -> "−20 kr" (`formatDeduction`). */
export function kronorOff(amount: number, currency = 'SEK', culture = 'sv-SE'): string {
  return formatDeduction(decimalToMinor(amount, currency), currency, culture);
}

/** The Swedish market's money: SEK in sv-SE. */
export const SWEDISH_MONEY: CartMoneyFormat = { currency: 'SEK', culture: 'sv-SE' };

/** The product image (card size) of a file name. */
function imagePath(fileName: string | null | undefined): string | null {
  return fileName ? productImageUrl(fileName, '400x400') : null;
}

/**
 * The display cart.
 * @param includesVat true for private persons (incl. VAT), false for companies
 * @param format the currency and culture of the cart's market (see `cartMoneyFormat`)
 */
export function toCartView(
  cart: CartFieldsFragment,
  includesVat: boolean,
  format: CartMoneyFormat = SWEDISH_MONEY,
): CartView {
  const money = (amount: number) => kronor(amount, format.currency, format.culture);
  const off = (amount: number) => kronorOff(amount, format.currency, format.culture);
  const pick = (p: { sellingPriceIncVat: number; sellingPriceExVat: number } | null | undefined) =>
    p ? (includesVat ? p.sellingPriceIncVat : p.sellingPriceExVat) : 0;
  const regular = (
    p: { regularPriceIncVat: number; regularPriceExVat: number } | null | undefined,
  ) => (p ? (includesVat ? p.regularPriceIncVat : p.regularPriceExVat) : 0);
  const lines: CartLineView[] = (cart.items ?? []).flatMap((item) => {
    if (!item) return [];
    const product = item.product;
    const sku = product?.skus?.find((s) => s?.skuId === item.skuId) ?? null;
    const stock = sku?.stock;
    const unit = item.unitPrice;
    const total = item.totalPrice;
    const unitTotal = pick(unit) * item.quantity;
    return [
      {
        id: item.id,
        skuId: item.skuId,
        productId: product?.productId ?? 0,
        name: product?.name ?? '',
        brand: product?.brand?.name ?? '',
        size: sku?.name && (product?.skus?.length ?? 0) > 1 ? sku.name : (sku?.name ?? ''),
        url: product?.canonicalUrl ?? '#',
        image: imagePath(product?.productImages?.[0]?.fileName),
        articleNumber: product?.articleNumber ?? '',
        quantity: item.quantity,
        maxQuantity: item.pickupStore
          ? (item.pickupStoreQuantity ?? 0)
          : stock && stock.static === 0
            ? stock.inStock + stock.oversellable
            : null,
        pickupStore: item.pickupStore
          ? {
              name: item.pickupStore.name,
              address: item.pickupStore.address,
              city: item.pickupStore.city,
            }
          : null,
        unitPrice: money(pick(unit)),
        unitRegularPrice: unit?.isDiscounted ? money(regular(unit)) : null,
        unitLowestPrice:
          unit?.isDiscounted && product?.lowestPrice
            ? money(
                includesVat
                  ? product.lowestPrice.comparisonPriceIncVat
                  : product.lowestPrice.comparisonPriceExVat,
              )
            : null,
        total: money(pick(total)),
        totalBefore: Math.abs(unitTotal - pick(total)) > 0.001 ? money(unitTotal) : null,
        campaigns: (item.campaign?.appliedCampaigns ?? []).flatMap((c) =>
          c?.name ? [c.name] : [],
        ),
        unitPriceIncVat: unit?.sellingPriceIncVat ?? 0,
      },
    ];
  });
  const summary = cart.summary;
  const subTotal = summary?.subTotal;
  const fixed = includesVat
    ? (summary?.fixedAmountDiscountIncVat ?? 0)
    : (summary?.fixedAmountDiscountExVat ?? 0);
  const discount = regular(subTotal) - pick(subTotal) + fixed;
  const shipping = summary?.shipping;
  const fee = shipping ? (includesVat ? shipping.feeIncVat : shipping.feeExVat) : 0;
  const left = shipping
    ? includesVat
      ? shipping.amountLeftToFreeShipping
      : shipping.amountLeftToFreeShippingExVat
    : 0;
  // Reached, but the chosen method is not part of free shipping: it still costs its fee.
  const paidDespiteFree = cart.freeShipping && (shipping?.feeIncVat ?? 0) > 0;
  const balance = summary?.balance;
  return {
    id: cart.id ?? '',
    isCompleted: cart.isCompleted,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines,
    promoCode: cart.promoCode ?? null,
    promoLimit: cart.promoCodeLimit
      ? {
          code: cart.promoCodeLimit.code,
          all: cart.promoCodeLimit.appliesToNoItems,
          lineIds: [...cart.promoCodeLimit.excludedItemIds],
        }
      : null,
    campaigns: (cart.appliedCampaigns ?? []).flatMap((c) => (c?.name ? [c.name] : [])),
    itemsRegular: money(regular(subTotal)),
    subTotal: money(pick(subTotal)),
    discount: discount > 0.001 ? money(discount) : null,
    discountOff: discount > 0.001 ? off(discount) : null,
    fixedDiscount: fixed > 0 ? money(fixed) : null,
    shippingName: shipping?.displayName ?? null,
    shippingFee: money(fee),
    freeShipping: cart.freeShipping,
    freeShippingNotChosen: paidDespiteFree ? (shipping?.displayName ?? '') : null,
    amountLeftToFreeShipping: lines.length > 0 && left > 0 ? money(left) : null,
    total: money(pick(summary?.total)),
    vat: money(summary?.total?.vat ?? 0),
    giftCard: balance && balance.pending > 0 ? money(balance.pending) : null,
    giftCardOff: balance && balance.pending > 0 ? off(balance.pending) : null,
    toPay: money(
      balance
        ? includesVat
          ? balance.totalSellingPriceExBalanceIncVat
          : balance.totalSellingPriceExBalanceExVat
        : pick(summary?.total),
    ),
    chargedIncVat: money(
      balance
        ? balance.totalSellingPriceExBalanceIncVat
        : (summary?.total?.sellingPriceIncVat ?? 0),
    ),
    chargedVat: money(summary?.total?.vat ?? 0),
    includesVat,
    totalIncVat: summary?.total?.sellingPriceIncVat ?? 0,
  };
}
