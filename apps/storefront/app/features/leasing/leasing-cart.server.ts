/**
 * The förmånscykel cart (issue 21): a second cart of the same shopper, its id in the signed
 * `ralph-leasing-cart` cookie, changed with the ordinary cart operations (addToCart,
 * updateCartItem) and read with each product's leasable flag. The rules (at least one bike,
 * only leasable items, price limits) are the API's (`@trampa/api/leasing-cart-rules`); the API
 * checks them again when the application is placed.
 */
import { decimalToMinor } from '@trampa/api/money';
import {
  leasingCartProblems,
  LEASING_RULE_TEXTS,
  type LeasingCartProblem,
} from '@trampa/api/leasing-cart-rules';
import { LEASING_SETTINGS } from '@trampa/api/leasing-settings';
import type { AppLoadContext } from 'react-router';
import {
  AddToCartDocument,
  CartDocument,
  LeasingCartDocument,
  UpdateCartItemDocument,
} from '../../graphql/generated';
import { apiErrorText } from '../errors/api-error-text';
import { formatKronor } from './leasing-view';

/** A line of the leasing cart page (money in öre incl. VAT: the scheme is Swedish). */
export interface LeasingCartLineView {
  lineId: string;
  skuId: number;
  productId: number;
  name: string;
  sizeName: string;
  url: string;
  quantity: number;
  leasable: boolean;
  unitPriceIncVat: number;
  totalText: string;
}

/** The leasing cart page's cart. */
export interface LeasingCartView {
  id: string;
  lines: LeasingCartLineView[];
  /** The bikes' price incl. VAT, öre. */
  totalIncVat: number;
  totalText: string;
  /** Every broken rule with its Swedish text ({low}/{high} filled in). */
  problems: Array<LeasingCartProblem & { text: string }>;
}

const ore = (kronor: number) => decimalToMinor(kronor, 'SEK');

/** The Swedish text of a broken rule. */
export function problemText(problem: LeasingCartProblem): string {
  return LEASING_RULE_TEXTS[problem.code]
    .replace('{low}', formatKronor(LEASING_SETTINGS.minPrice))
    .replace('{high}', formatKronor(LEASING_SETTINGS.maxPrice));
}

/** The request's leasing cart id, or null. */
export function leasingCartIdOf(request: Request, context: AppLoadContext) {
  return context.cookies.leasingCart.read(request.headers.get('cookie'));
}

/** The leasing cart with its problems, or null when there is none (or it is completed). */
export async function loadLeasingCart(
  request: Request,
  context: AppLoadContext,
): Promise<LeasingCartView | null> {
  const id = await leasingCartIdOf(request, context);
  if (!id) return null;
  const result = await context.api.attempt(LeasingCartDocument, { id });
  const cart = result.data?.getCart;
  if (!cart || cart.isCompleted) return null;
  const lines = (cart.items ?? []).flatMap((item) => {
    if (!item?.product) return [];
    const sku = item.product.skus?.find((s) => s?.skuId === item.skuId);
    return [
      {
        lineId: String(item.id),
        skuId: item.skuId,
        productId: item.product.productId,
        name: item.product.name ?? '',
        sizeName: sku?.name ?? '',
        url: item.product.canonicalUrl ?? '',
        quantity: item.quantity,
        leasable: item.product.leasable,
        unitPriceIncVat: ore(item.unitPrice?.sellingPriceIncVat ?? 0),
        totalText: formatKronor(ore(item.totalPrice?.sellingPriceIncVat ?? 0)),
      },
    ];
  });
  const totalIncVat = ore(cart.summary?.total?.sellingPriceIncVat ?? 0);
  const problems = leasingCartProblems(
    lines.map((l) => ({ ...l, productName: l.name })),
    LEASING_SETTINGS,
  ).map((p) => ({ ...p, text: problemText(p) }));
  return { id: cart.id ?? id, lines, totalIncVat, totalText: formatKronor(totalIncVat), problems };
}

/** Adds a SKU to the leasing cart (a new one when there is none); the cookie to set, or an error. */
export async function addToLeasingCart(
  request: Request,
  context: AppLoadContext,
  skuId: number,
): Promise<{ setCookie: string; error: string | null }> {
  let id = await leasingCartIdOf(request, context);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (!id) {
      const created = await context.api.attempt(CartDocument, { id: '' });
      id = created.data?.getCart?.id ?? null;
      if (!id) break;
    }
    const secure = new URL(request.url).protocol === 'https:';
    const setCookie = await context.cookies.leasingCart.serialize(id, secure);
    const result = await context.api.attempt(AddToCartDocument, {
      id,
      item: { skuId, quantity: 1 },
    });
    if (result.errors.length > 0) {
      return { setCookie, error: apiErrorText(result.errors[0]!, context.market.languageId) };
    }
    if (result.data?.addToCart) return { setCookie, error: null };
    id = null; // completed or unknown: a new leasing cart
  }
  return { setCookie: '', error: 'Något gick fel. Försök igen.' };
}

/** Removes lines of the leasing cart by line id. */
export async function removeLeasingLines(
  request: Request,
  context: AppLoadContext,
  lineIds: readonly string[],
): Promise<void> {
  const id = await leasingCartIdOf(request, context);
  if (!id) return;
  for (const lineId of lineIds) {
    await context.api.attempt(UpdateCartItemDocument, { id, item: { id: lineId, quantity: 0 } });
  }
}
