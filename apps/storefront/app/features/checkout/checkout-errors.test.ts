import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './checkout.server';

describe('placeOrder errors shown in the checkout', () => {
  it("shows the API's message when the gift card would pay another amount (issue 13 §5)", () => {
    const message =
      'Presentkortets saldo har ändrats sedan det lades till. Kontrollera vad som dras från kortet och slutför köpet igen.';
    expect(fieldErrorsOf({ message, code: 'GIFT_CARD_BALANCE_CHANGED', extensions: {} })).toEqual({
      form: message,
    });
  });
});
