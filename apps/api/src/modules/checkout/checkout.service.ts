/**
 * Checkout and placing orders (GEINS-API §3.2 createOrUpdateCheckout, placeOrder, §3.1
 * checkout; §4.6 CheckoutType, CheckoutInputType, PlaceOrderResponseType; SPEC §5 validation
 * with the exact Swedish messages).
 *
 * Placing an order is ONE database transaction: lock the cart row, re-read and re-price it, lock
 * the stock rows in ascending SKU order and decrement them, count the promo code, draw the gift
 * card, write order, lines, addresses, payment and shipping, and mark the cart completed. The
 * unique `cart_id` / `idempotency_key` of orders make a repeated submission return the same
 * order instead of a second one.
 */
import { randomUUID } from 'node:crypto';
import Organisationsnummer from 'organisationsnummer';
import Personnummer from 'personnummer';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { ShopError } from '../../errors.ts';
import { ADDRESS_FIELDS, emptyAddress, type AddressData } from '../../graphql/address.ts';
import {
  findCart,
  loadCartView,
  markCartCompleted,
  requireOpenCart,
  saveCartCheckout,
  saveExternalShippingFee,
  type CartView,
} from '../cart/cart.service.ts';
import { acknowledgeGiftCardBalance, drawCartGiftCard } from '../cart/cart-giftcard.service.ts';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { takeStock } from '../inventory/inventory.service.ts';
import { decimalToMinor, minorToDecimal } from '../pricing/money.ts';
import { exVat } from '../pricing/price.ts';
import {
  findOrderByKeyOrCart,
  getOrderView,
  insertOrder,
  type OrderRecord,
  type OrderView,
} from '../orders/orders.service.ts';
import {
  advancePayment,
  decidePaymentSession,
  getPaymentSession,
  linkSessionToOrder,
  PAYMENT_OPTIONS,
  paymentOptionById,
  providerFor,
  recordNotification,
  sandboxProvider,
  type PaymentOption,
  type PaymentSessionRecord,
} from '../payments/payments.service.ts';
import { consumePromoCode } from '../promotions/promotions.service.ts';
import {
  methodsForZip,
  normalizeZip,
  storeStockForSkus,
  type ShippingMethodRecord,
  type StoreStockView,
} from '../shipping/shipping.service.ts';

/** SPEC §5 messages. */
export const MESSAGES = {
  required: 'Detta fält är obligatoriskt',
  email: 'Du måste ange en giltig email',
  personalId: 'Ange ett giltigt personnummer',
  organizationId: 'Ange ett giltigt organisationsnummer',
  foreignId: 'Ange ett giltigt ID-nummer (siffror och bokstäver)',
  zip: 'Ange ett giltigt postnummer',
  noShipping: 'Det finns inga leveranssätt för det här postnumret',
  pickupPoint: 'Välj en butik att hämta i',
  terms: 'Du måste godkänna köpvillkoren innan du slutför ditt köp',
  emptyCart: 'Varukorgen är tom',
  chooseShipping: 'Välj ett leveranssätt',
} as const;

const text = (max: number) => z.string().trim().max(max).optional().nullable();

const addressSchema = z
  .object(Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(200)])))
  .partial()
  .optional()
  .nullable();

/** The accepted CheckoutInputType (GEINS-API §4.6), validated with zod; unknown fields dropped. */
export const checkoutInputSchema = z.object({
  paymentId: z.number().int().optional().nullable(),
  shippingId: z.number().int().optional().nullable(),
  pickupPoint: text(100),
  message: text(1000),
  acceptedConsents: z.array(z.string().max(100)).max(20).optional().nullable(),
  shippingAddress: addressSchema,
  billingAddress: addressSchema,
  identityNumber: text(20),
  email: text(254),
  customerType: z.enum(['PERSON', 'ORGANIZATION']).optional().nullable(),
  customerOrderNumber: text(100),
  goodsLabel: text(100),
});

/** A parsed checkout input. */
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/**
 * Parses a client's CheckoutInputType.
 * @throws ShopError BAD_USER_INPUT naming the first bad field
 */
export function parseCheckoutInput(input: unknown): CheckoutInput {
  const parsed = checkoutInputSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ShopError('BAD_USER_INPUT', `Ogiltigt värde: ${issue.path.join('.')}`, {
      argument: 'checkout',
      field: issue.path.join('.'),
    });
  }
  return parsed.data;
}

/** An address with every field a string ('' when missing). */
export function toAddress(input: Record<string, string | null | undefined> | null | undefined) {
  const address = emptyAddress();
  for (const field of ADDRESS_FIELDS) address[field] = (input?.[field] ?? '').trim();
  return address;
}

/** Field errors of a checkout: path -> Swedish message (SPEC §5). */
export type FieldErrors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** True for a valid personnummer (with or without century and dash). */
export function isValidPersonalId(value: string): boolean {
  return Personnummer.valid(value.trim());
}

/** True for a valid organisationsnummer. */
export function isValidOrganizationId(value: string): boolean {
  return Organisationsnummer.valid(value.trim());
}

/**
 * Checks a checkout for placing an order: required fields, e-mail, zip (a postcode of the
 * checkout market's country) with a shipping method offered in the market, pickup store;
 * identity numbers are checked separately ({@link checkIdentityNumber}).
 * @param methods the methods offered in the checkout market (listShippingMethods)
 * @param countryCode the checkout market's country (ISO alpha-2), default SE
 */
export function checkoutFieldErrors(
  input: CheckoutInput,
  methods: readonly ShippingMethodRecord[],
  countryCode: string = 'SE',
): FieldErrors {
  const errors: FieldErrors = {};
  const organization = input.customerType === 'ORGANIZATION';
  const billing = toAddress(input.billingAddress);
  if (!input.email) errors.email = MESSAGES.required;
  else if (!EMAIL.test(input.email)) errors.email = MESSAGES.email;
  const required: Array<keyof AddressData> = [
    'firstName',
    'lastName',
    'addressLine1',
    'zip',
    'city',
    ...(organization ? (['company'] as const) : []),
  ];
  for (const field of required) {
    if (!billing[field]) errors[`billingAddress.${field}`] = MESSAGES.required;
  }
  if (!billing.mobile && !billing.phone) errors['billingAddress.mobile'] = MESSAGES.required;
  // Swedish personnummer / organisationsnummer are required in Sweden only (SPEC §5); elsewhere
  // the shopper's national id or VAT number is optional (see checkIdentityNumber).
  if (!input.identityNumber && countryCode === 'SE') errors.identityNumber = MESSAGES.required;
  const zip = input.shippingAddress?.zip || billing.zip;
  if (billing.zip && !normalizeZip(billing.zip, countryCode)) {
    errors['billingAddress.zip'] = MESSAGES.zip;
  }
  const validZip = normalizeZip(zip, countryCode) !== null;
  const available = methodsForZip(methods, zip, countryCode);
  if (validZip && available.length === 0) errors.shippingId = MESSAGES.noShipping;
  const method = available.find((m) => m.id === input.shippingId);
  if (validZip && available.length > 0 && !method) {
    errors.shippingId = MESSAGES.required;
  }
  if (method?.kind === 'pickup' && !input.pickupPoint) errors.pickupPoint = MESSAGES.pickupPoint;
  return errors;
}

/** A national id or VAT number of a country other than Sweden: 4-20 letters, digits, + - . space. */
const FOREIGN_ID = /^[0-9A-Za-z][0-9A-Za-z+\-. ]{2,18}[0-9A-Za-z]$/;

/**
 * Checks the identity number of a checkout placed in a market of `countryCode` (ISO alpha-2).
 * In Sweden: a personnummer (PERSON) or organisationsnummer (ORGANIZATION; a sole trader's
 * personnummer also passes), checked with the `personnummer` / `organisationsnummer` rules
 * (SPEC §5). Elsewhere the Swedish rules do not apply: an optional national id or VAT number,
 * only its form is checked.
 * @throws ShopError INVALID_IDENTITY_NUMBER (GEINS-API §1) when the number fails those checks
 */
export function checkIdentityNumber(input: CheckoutInput, countryCode: string = 'SE'): void {
  const value = input.identityNumber ?? '';
  if (!value) return;
  if (countryCode !== 'SE') {
    if (!FOREIGN_ID.test(value)) {
      throw new ShopError('INVALID_IDENTITY_NUMBER', MESSAGES.foreignId, {
        argument: 'checkout',
        field: 'identityNumber',
      });
    }
    return;
  }
  const organization = input.customerType === 'ORGANIZATION';
  const valid = organization
    ? isValidOrganizationId(value) || isValidPersonalId(value)
    : isValidPersonalId(value);
  if (!valid) {
    throw new ShopError(
      'INVALID_IDENTITY_NUMBER',
      organization ? MESSAGES.organizationId : MESSAGES.personalId,
      { argument: 'checkout', field: 'identityNumber' },
    );
  }
}

/** A shipping option for a checkout: the method, its fee for the cart, and pickup stores. */
export interface CheckoutShippingOption {
  method: ShippingMethodRecord;
  feeIncVat: number;
  isSelected: boolean;
  /** For pickup: the stores with stock per size of the cart's SKUs. */
  stores: StoreStockView[];
}

/** What `CheckoutType` shows. */
export interface CheckoutView {
  cart: CartView;
  input: CheckoutInput;
  /** Options for the zip entered; empty before a zip, or when none serves it. */
  shippingOptions: CheckoutShippingOption[];
  paymentOptions: Array<PaymentOption & { isSelected: boolean }>;
  /** True when a zip was entered but no method serves it ("no shipping options"). */
  noShippingForZip: boolean;
}

async function checkoutView(
  db: Database,
  cart: CartView,
  input: CheckoutInput,
): Promise<CheckoutView> {
  const zip = input.shippingAddress?.zip || input.billingAddress?.zip || null;
  const country = cart.shop.market.country.code;
  const available = methodsForZip(cart.shippingMethods, zip, country);
  const wanted = new Map(cart.lines.map((l) => [l.skuId, l.quantity]));
  const needStores = available.some((m) => m.kind === 'pickup');
  const stores = needStores ? await storeStockForSkus(db, wanted) : [];
  const free = cart.totals.freeShipping;
  const payment = paymentOptionById(input.paymentId);
  // The chosen method, else the one the cart is priced with (the default) when it serves the zip.
  const selectedId = available.some((m) => m.id === input.shippingId)
    ? input.shippingId
    : available.some((m) => m.id === cart.shipping?.id)
      ? cart.shipping?.id
      : null;
  return {
    cart,
    input,
    shippingOptions: available.map((method) => ({
      method,
      // The external fee (setCartShippingFee) replaces the fee of the method the cart is priced with.
      feeIncVat:
        cart.externalShippingFee && method.id === cart.shipping?.id
          ? cart.totals.shippingFeeIncVat
          : free && method.freeShippingEligible
            ? 0
            : method.feeIncVat,
      isSelected: method.id === selectedId,
      stores: method.kind === 'pickup' ? stores : [],
    })),
    paymentOptions: PAYMENT_OPTIONS.map((o) => ({ ...o, isSelected: o.id === payment.id })),
    noShippingForZip: normalizeZip(zip, country) !== null && available.length === 0,
  };
}

/**
 * `createOrUpdateCheckout`: stores what the shopper entered so far on the cart (validated
 * types, no completeness check) and returns the cart priced with the chosen shipping, with the
 * shipping options for the zip and the payment options.
 * @throws ShopError NOT_FOUND, CART_COMPLETED, BAD_USER_INPUT
 */
export async function createOrUpdateCheckout(
  db: Database,
  cartId: string,
  rawInput: unknown,
  shop: PricedShopContext,
  now: Date,
): Promise<CheckoutView> {
  const record = await requireOpenCart(db, cartId);
  const stored = (record.checkout ?? {}) as CheckoutInput;
  const input = rawInput == null ? stored : { ...stored, ...parseCheckoutInput(rawInput) };
  if (rawInput != null) await saveCartCheckout(db, record.id, input);
  const cart = await loadCartView(db, { ...record, checkout: input }, shop, now, {
    allowExternalShippingFee: true,
  });
  return checkoutView(db, cart, input);
}

/** Most an external shipping fee may be, in major units of the market's currency (a sanity bound). */
export const MAX_EXTERNAL_SHIPPING_FEE = 10_000;

/**
 * `setCartShippingFee` (GEINS-API §3.2, §2.2: an external shipping widget such as nShift reports
 * the fee): stores the fee on the open cart in the checkout market's currency and returns the
 * checkout priced with it. The fee is honoured where the cart is read with
 * allowExternalShippingFee (getCart on checkout pages, createOrUpdateCheckout, placeOrder) and
 * only in the currency it was set in; it replaces the fee of the method the cart is priced with,
 * and eligible methods still ship free over the market's threshold.
 * @param shippingFee Decimal major units incl. VAT (kronor, euros), 0 to
 *   {@link MAX_EXTERNAL_SHIPPING_FEE}, at most the currency's minor digits (5.9, not 5.999)
 * @throws ShopError BAD_USER_INPUT (argument shippingFee: negative, too large, too many
 *   decimals), NOT_FOUND, CART_COMPLETED
 */
export async function setCartShippingFee(
  db: Database,
  cartId: string,
  shippingFee: number,
  shop: PricedShopContext,
  now: Date,
): Promise<CheckoutView> {
  const currency = shop.currency.code;
  const minor = Number.isFinite(shippingFee) ? decimalToMinor(shippingFee, currency) : NaN;
  if (
    !Number.isSafeInteger(minor) ||
    shippingFee < 0 ||
    shippingFee > MAX_EXTERNAL_SHIPPING_FEE ||
    minorToDecimal(minor, currency) !== shippingFee
  ) {
    throw new ShopError(
      'BAD_USER_INPUT',
      `Fraktavgiften måste vara ett belopp mellan 0 och ${MAX_EXTERNAL_SHIPPING_FEE} ${currency}`,
      { argument: 'shippingFee', min: 0, max: MAX_EXTERNAL_SHIPPING_FEE, currency },
    );
  }
  const record = await requireOpenCart(db, cartId);
  const updated = await saveExternalShippingFee(db, record.id, minor, currency);
  const input = (updated.checkout ?? {}) as CheckoutInput;
  const cart = await loadCartView(db, updated, shop, now, { allowExternalShippingFee: true });
  return checkoutView(db, cart, input);
}

/** `ValidateOrderConditionsResponseType`: whether an order can be placed, and why not. */
export interface OrderConditions {
  isValid: boolean;
  /** The first problem, in Swedish for shoppers; null when valid. */
  message: string | null;
}

/**
 * `validateOrderConditions` (GEINS-API §3.1): can the cart become an order in the checkout market
 * now? Checks, in this order: the cart is open and not empty; customer eligibility (the market
 * can be used in checkout, the e-mail, given or entered before, is valid); stock of every line;
 * the gift-card balance still covers its part; a shipping method offered in the market for the
 * zip (and a store for pickup); a known payment option. Changes nothing. The checkout fields
 * themselves are validated by placeOrder.
 * @param email the e-mail to check instead of the one entered in the checkout
 * @returns isValid false with the first problem's Swedish message
 * @throws ShopError NOT_FOUND for an unknown or malformed cart id
 */
export async function validateOrderConditions(
  db: Database,
  cartId: string,
  email: string | null | undefined,
  shop: PricedShopContext,
  now: Date,
): Promise<OrderConditions> {
  const invalid = (message: string): OrderConditions => ({ isValid: false, message });
  const record = await findCart(db, cartId);
  if (!record) throw new ShopError('NOT_FOUND', 'Varukorgen finns inte', { argument: 'cartId' });
  if (record.status !== 'open') return invalid('Varukorgen är redan avslutad');
  if (shop.market.virtual) return invalid('Det går inte att handla i den här marknaden');
  const input = (record.checkout ?? {}) as CheckoutInput;
  const address = (email ?? input.email ?? '').trim();
  if (address && (address.length > 254 || !EMAIL.test(address))) return invalid(MESSAGES.email);
  const view = await loadCartView(db, record, shop, now, {
    shippingId: input.shippingId ?? null,
    allowExternalShippingFee: true,
  });
  if (view.lines.length === 0) return invalid(MESSAGES.emptyCart);
  for (const line of view.lines) {
    if (!line.available) return invalid(`${line.productName} finns inte längre`);
    if (line.quantity > line.sellable) {
      return invalid(
        line.sellable <= 0
          ? `Tyvärr är ${line.productName} (${line.skuName}) slut i lager`
          : `Det finns bara ${new Intl.NumberFormat(shop.language.id).format(line.sellable)} kvar i lager av ${line.productName} (${line.skuName})`,
      );
    }
  }
  if (record.giftCardCode && view.giftCardBalance <= 0) {
    return invalid('Presentkortet har inget saldo kvar');
  }
  const fields = checkoutFieldErrors(input, view.shippingMethods, shop.market.country.code);
  if (fields['billingAddress.zip']) return invalid(MESSAGES.zip);
  if (fields.shippingId) {
    return invalid(
      fields.shippingId === MESSAGES.required ? MESSAGES.chooseShipping : fields.shippingId,
    );
  }
  if (fields.pickupPoint) return invalid(fields.pickupPoint);
  if (input.paymentId != null && !PAYMENT_OPTIONS.some((o) => o.id === input.paymentId)) {
    return invalid('Välj ett betalsätt');
  }
  return { isValid: true, message: null };
}

/** The `PlaceOrderResponseType`. */
export interface PlaceOrderResult {
  orderId: string;
  publicId: string;
  /** "completed" when the order is placed (STANDARD); "pending" while a hosted payment waits. */
  status: 'completed' | 'pending';
  /** Where to send the shopper for a hosted payment; null for invoice. */
  redirectUrl: string | null;
}

/** What {@link placeOrder} needs besides the cart. */
export interface PlaceOrderOptions {
  cartId: string;
  checkout: unknown;
  /** `x-idempotency-key`; the cart id when absent. */
  idempotencyKey?: string | null;
  /** The logged-in customer (issue 7), null for guests. */
  customerId?: number | null;
  /** Public base URL for the sandbox redirect, e.g. `http://localhost:3000`. */
  publicUrl?: string;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return true;
  }
  return false;
}

function orderResult(order: OrderRecord): PlaceOrderResult {
  return {
    orderId: String(order.id),
    publicId: order.publicId,
    status: 'completed',
    redirectUrl: null,
  };
}

/**
 * Validates a checkout for an order: the cart is open and not empty, fields complete, identity
 * number valid.
 * @throws ShopError INVALID_CHECKOUT (extensions.fields: path -> Swedish message),
 *   INVALID_IDENTITY_NUMBER, CART_COMPLETED, NOT_FOUND
 */
async function validatedCheckout(
  db: Database,
  cartId: string,
  rawInput: unknown,
  shop: PricedShopContext,
  now: Date,
): Promise<{ input: CheckoutInput; view: CartView }> {
  const record = await requireOpenCart(db, cartId);
  const input = parseCheckoutInput(rawInput);
  const view = await loadCartView(db, record, shop, now, {
    shippingId: input.shippingId ?? null,
    allowExternalShippingFee: true,
  });
  if (view.lines.length === 0) {
    throw new ShopError('INVALID_CHECKOUT', MESSAGES.emptyCart, { fields: {} });
  }
  const fields = checkoutFieldErrors(input, view.shippingMethods, shop.market.country.code);
  if (Object.keys(fields).length > 0) {
    throw new ShopError('INVALID_CHECKOUT', Object.values(fields)[0]!, { fields });
  }
  checkIdentityNumber(input, shop.market.country.code);
  return { input, view };
}

/**
 * The order transaction (see the module comment). Re-reads everything inside it.
 * @throws ShopError OUT_OF_STOCK (extensions.skuIds), CART_COMPLETED, INVALID_CHECKOUT
 */
async function writeOrderFromCart(
  db: Database,
  options: {
    cartId: string;
    input: CheckoutInput;
    idempotencyKey: string;
    customerId: number | null;
    payment: PaymentOption;
    paymentReference: string | null;
    sessionId: string | null;
  },
  shop: PricedShopContext,
  now: Date,
): Promise<OrderRecord> {
  const { input, payment } = options;
  return db.transaction(async (tx) => {
    const record = await findCart(tx, options.cartId, true);
    if (!record) throw new ShopError('NOT_FOUND', 'Varukorgen finns inte');
    if (record.status !== 'open') {
      const existing = await findOrderByKeyOrCart(tx, options.idempotencyKey, record.id);
      if (existing) return existing;
      throw new ShopError('CART_COMPLETED', 'Varukorgen är redan avslutad');
    }
    const view = await loadCartView(tx, record, shop, now, {
      shippingId: input.shippingId ?? null,
      sequential: true,
      allowExternalShippingFee: true,
    });
    if (view.lines.length === 0) {
      throw new ShopError('INVALID_CHECKOUT', MESSAGES.emptyCart, { fields: {} });
    }
    const unavailable = view.lines.filter((l) => !l.available);
    if (unavailable.length > 0) {
      throw new ShopError('OUT_OF_STOCK', `${unavailable[0]!.productName} finns inte längre`, {
        skuIds: unavailable.map((l) => l.skuId),
      });
    }
    const shortages = await takeStock(
      tx,
      view.lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
    );
    if (shortages.length > 0) {
      const first = view.lines.find((l) => l.skuId === shortages[0]!.skuId)!;
      throw new ShopError(
        'OUT_OF_STOCK',
        `Tyvärr räcker inte lagret: ${first.productName} (${first.skuName}) finns bara i ${new Intl.NumberFormat(shop.language.id).format(shortages[0]!.available)} ex.`,
        { skuIds: shortages.map((s) => s.skuId), shortages },
      );
    }
    const totals = view.totals;
    if (totals.promoCode && !(await consumePromoCode(tx, totals.promoCode))) {
      throw new ShopError('INVALID_PROMO_CODE', 'Koden är ej giltig', { argument: 'promoCode' });
    }
    const billing = toAddress(input.billingAddress);
    const shippingAddress = input.shippingAddress?.addressLine1
      ? toAddress(input.shippingAddress)
      : billing;
    const method = view.shipping;
    if (!method) {
      throw new ShopError('INVALID_CHECKOUT', MESSAGES.noShipping, {
        fields: { shippingId: MESSAGES.noShipping },
      });
    }
    const campaignNames = view.appliedCampaigns.map((c) => c.name);
    const order = await insertOrder(
      tx,
      {
        publicId: randomUUID(),
        cartId: record.id,
        idempotencyKey: options.idempotencyKey,
        customerId: options.customerId,
        marketId: shop.market.id,
        currencyCode: shop.currency.code,
        languageId: shop.language.id,
        customerType: input.customerType ?? 'PERSON',
        email: input.email ?? '',
        phone: billing.mobile || billing.phone,
        identityNumber: input.identityNumber ?? '',
        billingAddress: { ...billing },
        shippingAddress: { ...shippingAddress },
        message: input.message ?? '',
        promoCode: totals.promoCode,
        campaignNames,
        shippingId: method.id,
        shippingName: method.name,
        pickupPoint: method.kind === 'pickup' ? (input.pickupPoint ?? null) : null,
        paymentId: payment.id,
        paymentName: payment.displayName,
        paymentType: payment.paymentType,
        itemValueIncVat: totals.itemsIncVat,
        itemValueExVat: totals.itemsExVat,
        discountIncVat: totals.subTotal.regularPriceIncVat - totals.itemsIncVat,
        discountExVat: totals.subTotal.regularPriceExVat - totals.itemsExVat,
        shippingFeeIncVat: totals.shippingFeeIncVat,
        shippingFeeExVat: totals.shippingFeeExVat,
        paymentFeeIncVat: totals.paymentFeeIncVat,
        paymentFeeExVat: totals.paymentFeeExVat,
        orderValueIncVat: totals.total.sellingPriceIncVat,
        orderValueExVat: totals.total.sellingPriceExVat,
        fromBalance: totals.balancePending,
        vats: totals.vats,
      },
      view.lines.map((line) => ({
        skuId: line.skuId,
        productId: line.productId,
        articleNumber: line.articleNumber,
        skuArticleNumber: line.skuArticleNumber,
        name: line.product?.name ?? line.productName,
        skuName: line.skuName,
        quantity: line.quantity,
        regularUnitPriceIncVat: line.regularUnitPriceIncVat,
        unitPriceIncVat: line.unitPriceIncVat,
        vatRateBasisPoints: line.vatRateBasisPoints,
        totalIncVat: line.totals.finalIncVat,
        totalExVat: line.totals.finalExVat,
        discountIncVat: line.unitPriceIncVat * line.quantity - line.totals.finalIncVat,
        discountExVat:
          exVat(line.unitPriceIncVat * line.quantity, line.vatRateBasisPoints) -
          line.totals.finalExVat,
        campaignNames: line.cartCampaigns.map((c) => c.name),
      })),
    );
    // Exactly the gift-card part the cart showed, or GIFT_CARD_BALANCE_CHANGED (issue 13 §5).
    await drawCartGiftCard(tx, record, totals, order.id);
    const toPay = totals.totalExBalanceIncVat;
    await providerFor(payment).recordPayment(
      tx,
      order.id,
      toPay,
      options.paymentReference ?? `FAKTURA-${order.id}`,
    );
    if (options.sessionId) await linkSessionToOrder(tx, options.sessionId, order.id);
    await markCartCompleted(tx, record.id);
    return order;
  });
}

/**
 * `placeOrder` (GEINS-API §3.2): validates the checkout, then for invoice ("Faktura", STANDARD)
 * places the order in one transaction and answers status "completed"; for the hosted sandbox
 * it creates a payment session and answers status "pending" with the sandbox page as
 * `redirectUrl` (the order is placed when the payment is approved). A repeated submission with
 * the same idempotency key (or for the same cart) returns the same order.
 * @throws ShopError INVALID_CHECKOUT, INVALID_IDENTITY_NUMBER, OUT_OF_STOCK, CART_COMPLETED,
 *   NOT_FOUND, BAD_USER_INPUT, GIFT_CARD_BALANCE_CHANGED (the gift card would pay another amount
 *   than the cart showed; issue 13 §5)
 */
export async function placeOrder(
  db: Database,
  options: PlaceOrderOptions,
  shop: PricedShopContext,
  now: Date,
): Promise<PlaceOrderResult> {
  const cartId = options.cartId.trim().toLowerCase();
  const idempotencyKey = (options.idempotencyKey ?? '').trim().slice(0, 200) || cartId;
  const earlier = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
  if (earlier) return orderResult(earlier);
  let validated;
  try {
    validated = await validatedCheckout(db, cartId, options.checkout, shop, now);
  } catch (error) {
    // A concurrent submission may have completed the cart in the meantime.
    const done = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
    if (done) return orderResult(done);
    throw error;
  }
  const { input, view } = validated;
  const payment = paymentOptionById(input.paymentId);
  if (payment.checkoutType === 'EXTERNAL') {
    const sessionId = await sandboxProvider.createSession(db, {
      cartId,
      amount: view.totals.totalExBalanceIncVat,
      currencyCode: shop.currency.code,
      marketId: shop.market.id,
      checkout: { ...input, customerId: options.customerId ?? null },
    });
    return {
      orderId: '',
      publicId: '',
      status: 'pending',
      redirectUrl: `${options.publicUrl ?? ''}/payments/sandbox/${sessionId}`,
    };
  }
  try {
    const order = await writeOrderFromCart(
      db,
      {
        cartId,
        input,
        idempotencyKey,
        customerId: options.customerId ?? null,
        payment,
        paymentReference: null,
        sessionId: null,
      },
      shop,
      now,
    );
    return orderResult(order);
  } catch (error) {
    if (isUniqueViolation(error)) {
      const existing = await findOrderByKeyOrCart(db, idempotencyKey, cartId);
      if (existing) return orderResult(existing);
    }
    // The shopper is told the card's balance changed: the cart now shows the new amount.
    if (error instanceof ShopError && error.code === 'GIFT_CARD_BALANCE_CHANGED') {
      await acknowledgeGiftCardBalance(db, cartId, shop, now);
    }
    throw error;
  }
}

/** The outcome of a hosted payment session for the confirm page. */
export interface HostedPaymentOutcome {
  session: PaymentSessionRecord;
  order: OrderView | null;
  /** Why there is no order: the decline reason, or out-of-stock when the stock ran out. */
  failure: 'general' | 'out-of-stock' | 'blocked' | null;
}

/**
 * Places the order of an approved hosted payment session, once: the session id is the
 * idempotency key, so the confirm page and the provider's notification (in any order, any
 * number of times) create one order.
 */
export async function completeHostedPayment(
  db: Database,
  sessionId: string,
  shop: PricedShopContext,
  now: Date,
): Promise<HostedPaymentOutcome | null> {
  const session = await sandboxProvider.confirm(db, sessionId);
  if (!session) return null;
  if (session.status === 'declined') {
    const reason = (session.declineReason ?? 'general') as HostedPaymentOutcome['failure'];
    return { session, order: null, failure: reason };
  }
  if (session.status !== 'approved') return { session, order: null, failure: null };
  const existing = await findOrderByKeyOrCart(db, `payment:${session.id}`, session.cartId);
  if (existing) return { session, order: await getOrderView(db, existing.id), failure: null };
  const checkout = session.checkout as CheckoutInput & { customerId?: number | null };
  try {
    const order = await writeOrderFromCart(
      db,
      {
        cartId: session.cartId,
        input: parseCheckoutInput(checkout),
        idempotencyKey: `payment:${session.id}`,
        customerId: checkout.customerId ?? null,
        payment: paymentOptionById(checkout.paymentId),
        paymentReference: session.id,
        sessionId: session.id,
      },
      shop,
      now,
    );
    return { session, order: await getOrderView(db, order.id), failure: null };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await findOrderByKeyOrCart(db, `payment:${session.id}`, session.cartId);
      if (again) return { session, order: await getOrderView(db, again.id), failure: null };
    }
    if (error instanceof ShopError && error.extensions.code === 'OUT_OF_STOCK') {
      return { session, order: null, failure: 'out-of-stock' };
    }
    throw error;
  }
}

/** A provider notification (server to server). */
export interface PaymentNotification {
  eventId: string;
  sessionId: string;
  /** `authorized` (the shopper approved) or `captured` (money taken). */
  type: 'authorized' | 'captured';
}

/**
 * Applies a provider notification exactly once: a repeated event id is ignored; an approved
 * session gets its order (created if the confirm page has not yet), and the payment moves
 * forward only (a late "authorized" after "captured" changes nothing).
 * @returns the order id, or null when the session is unknown or has no order (declined)
 */
export async function applyPaymentNotification(
  db: Database,
  notification: PaymentNotification,
  shop: PricedShopContext,
  now: Date,
): Promise<number | null> {
  let session = await getPaymentSession(db, notification.sessionId);
  if (!session) return null;
  // The provider's word: an authorized or captured payment means the shopper approved.
  if (session.status === 'created') {
    session = (await decidePaymentSession(db, session.id, { approved: true })) ?? session;
  }
  const outcome = await completeHostedPayment(db, session.id, shop, now);
  const orderId = outcome?.order?.order.id ?? null;
  if (orderId === null) return null;
  const provider = session.provider;
  const sessionId = session.id;
  // Recording the event and moving the payment happen together: exactly once.
  await db.transaction(async (tx) => {
    const first = await recordNotification(
      tx,
      provider,
      notification.eventId,
      sessionId,
      notification.type,
    );
    if (first) {
      await advancePayment(
        tx,
        orderId,
        provider,
        notification.type === 'captured' ? 'paid' : 'authorized',
      );
    }
  });
  return orderId;
}
