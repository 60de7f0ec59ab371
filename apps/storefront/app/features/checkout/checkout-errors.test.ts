import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './checkout.server';
import { cartErrorMessage } from '../cart/cart.server';

describe('API errors shown to shoppers in Swedish (the API speaks English)', () => {
  it('the gift card would pay another amount (issue 13 §5)', () => {
    const message = 'The gift card balance changed after it was applied';
    expect(fieldErrorsOf({ message, code: 'GIFT_CARD_BALANCE_CHANGED', extensions: {} })).toEqual({
      form: 'Presentkortets saldo har ändrats sedan det lades till. Kontrollera vad som dras från kortet och slutför köpet igen.',
    });
  });

  it('checkout field problems by their codes, the first problem without fields', () => {
    const error = {
      message: 'This field is required',
      code: 'INVALID_CHECKOUT',
      extensions: {
        fields: { email: 'Enter a valid e-mail address', pickupPoint: 'Choose a store' },
        fieldCodes: { email: 'email', pickupPoint: 'pickupPoint' },
        reason: 'email',
      },
    };
    expect(fieldErrorsOf(error)).toEqual({
      email: 'Du måste ange en giltig email',
      pickupPoint: 'Välj en butik att hämta i',
    });
    expect(
      fieldErrorsOf({
        message: 'The cart is empty',
        code: 'INVALID_CHECKOUT',
        extensions: { fields: {}, fieldCodes: {}, reason: 'emptyCart' },
      }),
    ).toEqual({ form: 'Varukorgen är tom' });
    expect(
      fieldErrorsOf({
        message: 'Enter a valid ID number (digits and letters)',
        code: 'INVALID_IDENTITY_NUMBER',
        extensions: { reason: 'foreignId' },
      }),
    ).toEqual({ identityNumber: 'Ange ett giltigt ID-nummer (siffror och bokstäver)' });
  });

  it('stock shortages at the order, with the product and the units left', () => {
    expect(
      fieldErrorsOf({
        message: 'Not enough stock',
        code: 'OUT_OF_STOCK',
        extensions: { reason: 'shortage', productName: 'Testlås', skuName: 'Svart', available: 2 },
      }),
    ).toEqual({ form: 'Tyvärr räcker inte lagret: Testlås (Svart) finns bara i 2 ex.' });
  });

  it('cart changes: stock in the request culture, quantity limits, gift cards, attempts', () => {
    const outOfStock = (extensions: Record<string, unknown>, culture?: string) =>
      cartErrorMessage({ message: 'Only …', code: 'OUT_OF_STOCK', extensions }, culture);
    expect(outOfStock({ stock: 0, quantityInCart: 0 })).toBe('Tyvärr är varan slut i lager');
    expect(outOfStock({ stock: 5, quantityInCart: 0 })).toBe('Det finns bara 5 kvar i lager');
    expect(outOfStock({ stock: 1000, quantityInCart: 600 }, 'da-DK')).toBe(
      'Det finns bara 1.000 kvar i lager och du har redan 600 i varukorgen',
    );
    const bad = (extensions: Record<string, unknown>) =>
      cartErrorMessage({ message: 'x', code: 'BAD_USER_INPUT', extensions });
    expect(bad({ argument: 'quantity', min: 1, max: 999 })).toBe(
      'Antalet måste vara ett heltal mellan 1 och 999',
    );
    expect(bad({ argument: 'giftCardCode' })).toBe('Presentkortet är ogiltigt eller saknar saldo');
    expect(cartErrorMessage({ message: 'x', code: 'RATE_LIMITED', extensions: {} })).toBe(
      'För många försök. Vänta en stund och försök igen.',
    );
    expect(cartErrorMessage({ message: 'x', code: 'CART_COMPLETED', extensions: {} })).toBe(
      'Varukorgen är redan avslutad',
    );
    expect(
      cartErrorMessage({ message: 'x', code: 'NOT_FOUND', extensions: { argument: 'skuId' } }),
    ).toBe('Produkten finns inte längre');
  });

  it('click and collect (issue 40 §6): a store without the size, its shelf, one store per order', () => {
    const store = (code: string, extensions: Record<string, unknown>) =>
      cartErrorMessage({ message: 'x', code, extensions });
    const malmo = { reason: 'storeStock', storeName: 'Trampa Malmö Davidshall' };
    expect(store('OUT_OF_STOCK', { ...malmo, stock: 0, quantityInCart: 0 })).toBe(
      'Trampa Malmö Davidshall har tyvärr inte varan i lager',
    );
    expect(store('OUT_OF_STOCK', { ...malmo, stock: 2, quantityInCart: 0 })).toBe(
      'Det finns bara 2 kvar i Trampa Malmö Davidshall',
    );
    expect(store('OUT_OF_STOCK', { ...malmo, stock: 2, quantityInCart: 2 })).toBe(
      'Det finns bara 2 kvar i Trampa Malmö Davidshall och du har redan 2 i varukorgen',
    );
    expect(
      store('OUT_OF_STOCK', {
        reason: 'storeShortage',
        storeName: 'Trampa Malmö Davidshall',
        productName: 'Testlås',
        skuName: 'One size',
        available: 0,
      }),
    ).toBe(
      'Tyvärr räcker inte lagret i Trampa Malmö Davidshall: Testlås (One size) finns bara i 0 ex.',
    );
    expect(
      store('PICKUP_STORE_CONFLICT', { reason: 'otherStore', storeName: 'Trampa Göteborg Haga' }),
    ).toBe(
      'Varukorgen har redan varor att hämta i Trampa Göteborg Haga. En beställning hämtas i en butik.',
    );
    expect(store('BAD_USER_INPUT', { argument: 'pickupStore' })).toBe(
      'Det går inte att hämta i den butiken här. Välj en annan butik.',
    );
    expect(
      fieldErrorsOf({
        message: 'x',
        code: 'INVALID_CHECKOUT',
        extensions: { fieldCodes: { shippingId: 'pickupStoreOnly' }, reason: 'pickupStoreOnly' },
      }),
    ).toEqual({
      shippingId: 'Varorna som är reserverade i butik kan bara hämtas där. Välj Hämta i butik.',
    });
  });
});
