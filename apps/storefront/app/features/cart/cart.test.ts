import { describe, expect, it } from 'vitest';
import { createShopCookies } from '../../security/shop-cookies.server';
import { isCartId } from './cart-cookie';
import { CART_RETRY, loadCartCount } from './cart-link';
import { promoLimitText } from './cart-code-form';
import { toCartView } from './cart-view';
import type { CartFieldsFragment } from '../../graphql/generated';

const plain = (s: string) => s.replace(/\u00a0/g, ' ');

describe('ralph-cart cookie (SPEC §9)', () => {
  it('is HttpOnly, SameSite=Lax, lasts a year and holds a cart id (UUID)', async () => {
    const cart = createShopCookies(['cart-test-secret-of-at-least-32-characters']).cart;
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const set = await cart.serialize(id, true);
    expect(set).toMatch(
      /^ralph-cart=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await cart.clear(false)).toContain('Max-Age=0');
    expect(await cart.read(`a=b; ${set.split(';')[0]}`)).toBe(id);
    expect(isCartId(id)).toBe(true);
    expect(isCartId('<script>')).toBe(false);
  });
});

describe('client cart load (SPEC §4: 5 attempts, 1 s apart)', () => {
  it('retries 5 times with 1 s pauses and gives up with null', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await loadCartCount(
      async () => {
        calls += 1;
        throw new Error('offline');
      },
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(result).toBeNull();
    expect(calls).toBe(CART_RETRY.attempts);
    expect(waits).toEqual([1000, 1000, 1000, 1000]);
  });

  it('stops at the first answer', async () => {
    let calls = 0;
    const result = await loadCartCount(
      async () => {
        calls += 1;
        return calls < 3 ? new Response('', { status: 503 }) : Response.json({ count: 4 });
      },
      async () => undefined,
    );
    expect(result).toBe(4);
    expect(calls).toBe(3);
  });
});

describe('toCartView', () => {
  const price = (inc: number, ex: number, regularInc = inc, regularEx = ex) => ({
    sellingPriceIncVat: inc,
    sellingPriceExVat: ex,
    regularPriceIncVat: regularInc,
    regularPriceExVat: regularEx,
    isDiscounted: regularInc > inc,
  });
  const cart = {
    id: 'c1',
    isCompleted: false,
    promoCode: null,
    freeShipping: false,
    appliedCampaigns: [],
    items: [
      {
        id: '1',
        skuId: 11,
        quantity: 2,
        product: {
          productId: 5,
          name: 'Slang',
          alias: 'slang',
          articleNumber: 'S-1',
          canonicalUrl: '/p/slang',
          brand: { name: 'Schwalbe' },
          productImages: [{ fileName: 'slang.svg' }],
          skus: [
            {
              skuId: 11,
              name: '28"',
              stock: { totalStock: 9, inStock: 7, oversellable: 2, static: 0 },
            },
          ],
        },
        unitPrice: price(129, 103.2),
        totalPrice: price(258, 206.4),
        campaign: { appliedCampaigns: [] },
      },
    ],
    summary: {
      total: { ...price(307, 245.6), vat: 61.4 },
      subTotal: price(258, 206.4),
      vats: [{ rate: 25, amount: 61.4 }],
      fixedAmountDiscountIncVat: 0,
      fixedAmountDiscountExVat: 0,
      shipping: {
        id: 2,
        displayName: 'Ombud',
        feeIncVat: 49,
        feeExVat: 39.2,
        amountLeftToFreeShipping: 241,
        amountLeftToFreeShippingExVat: 192.8,
      },
      balance: {
        pending: 0,
        totalSellingPriceExBalanceIncVat: 307,
        totalSellingPriceExBalanceExVat: 245.6,
      },
    },
  } as unknown as CartFieldsFragment;

  it('shows private persons prices incl. VAT and what is left to free shipping', () => {
    const view = toCartView(cart, true);
    expect(view.count).toBe(2);
    expect(plain(view.total)).toBe('307 kr');
    expect(plain(view.lines[0]!.total)).toBe('258 kr');
    expect(view.lines[0]!.maxQuantity).toBe(9);
    expect(plain(view.amountLeftToFreeShipping!)).toBe('241 kr');
    expect(view.lines[0]!.image).toBe('/img/product/400x400/slang.svg');
  });

  it('says why a code that leaves out discounted items gave less (issue 40 §3)', () => {
    expect(promoLimitText(toCartView(cart, true))).toBeNull();
    const some = toCartView(
      {
        ...cart,
        promoCode: 'VÅR10',
        promoCodeLimit: { code: 'VÅR10', excludedItemIds: ['1'], appliesToNoItems: false },
      } as CartFieldsFragment,
      true,
    );
    expect(some.promoLimit).toEqual({ code: 'VÅR10', all: false, lineIds: ['1'] });
    expect(promoLimitText(some)).toBe('VÅR10 gäller inte redan nedsatta varor');
    const none = toCartView(
      {
        ...cart,
        promoCode: 'VÅR10',
        promoCodeLimit: { code: 'VÅR10', excludedItemIds: ['1'], appliesToNoItems: true },
      } as CartFieldsFragment,
      true,
    );
    expect(promoLimitText(none)).toBe(
      'Koden gäller inte redan nedsatta varor och ger ingen rabatt på din varukorg',
    );
  });

  it('shows companies prices excl. VAT', () => {
    const view = toCartView(cart, false);
    expect(plain(view.total)).toBe('245,60 kr');
    expect(plain(view.shippingFee)).toBe('39,20 kr');
    expect(view.includesVat).toBe(false);
    // Issue 40 §6: what is left to free shipping in the same VAT mode as the prices.
    expect(plain(view.amountLeftToFreeShipping!)).toBe('192,80 kr');
  });

  it('does not promise free shipping while a paid method is chosen over the threshold (issue 40 §6)', () => {
    const over = (fee: number, name: string) =>
      toCartView(
        {
          ...cart,
          freeShipping: true,
          summary: {
            ...cart.summary!,
            shipping: {
              ...cart.summary!.shipping!,
              displayName: name,
              feeIncVat: fee,
              feeExVat: fee / 1.25,
              amountLeftToFreeShipping: 0,
              amountLeftToFreeShippingExVat: 0,
            },
          },
        } as CartFieldsFragment,
        true,
      );
    const home = over(99, 'Hemleverans med bud');
    expect(home.freeShipping).toBe(true);
    expect(home.freeShippingNotChosen).toBe('Hemleverans med bud');
    expect(home.amountLeftToFreeShipping).toBeNull();
    const servicePoint = over(0, 'Leverans till ombud');
    expect(servicePoint.freeShipping).toBe(true);
    expect(servicePoint.freeShippingNotChosen).toBeNull();
    // Below the threshold neither is said.
    expect(toCartView(cart, true).freeShippingNotChosen).toBeNull();
  });

  it('shows the 30-day lowest unit price beside a reduced unit price only', () => {
    const [item] = cart.items!;
    const reduced = {
      ...cart,
      items: [
        {
          ...item!,
          product: {
            ...item!.product!,
            lowestPrice: { comparisonPriceIncVat: 149, comparisonPriceExVat: 119.2 },
          },
          unitPrice: price(129, 103.2, 159, 127.2),
        },
      ],
    } as CartFieldsFragment;
    expect(plain(toCartView(reduced, true).lines[0]!.unitLowestPrice!)).toBe('149 kr');
    expect(plain(toCartView(reduced, false).lines[0]!.unitLowestPrice!)).toBe('119,20 kr');
    expect(toCartView(cart, true).lines[0]!.unitLowestPrice).toBeNull();
  });

  it("writes the amounts in the cart market's currency and culture", () => {
    const view = toCartView(cart, true, { currency: 'EUR', culture: 'fi-FI' });
    expect(plain(view.total)).toBe('307 €');
    expect(plain(view.lines[0]!.total)).toBe('258 €');
  });
});
