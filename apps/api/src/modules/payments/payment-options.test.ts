/**
 * The Stripe option's name per market (payment-options.ts, stripe-methods.ts): it names only
 * the methods the market's currency is offered with.
 */
import { describe, expect, it } from 'vitest';
import { offeredPaymentOptions, paymentOptionById, stripeOptionName } from './payment-options.ts';

const stripe = {
  secretKey: 'sk_test_x',
  publishableKey: 'pk_test_x',
  webhookSecret: 'whsec_x',
  apiUrl: 'https://api.stripe.com',
  testMode: true,
};

describe('the Stripe option per market', () => {
  it('names card, Swish and Klarna in SEK, card and Klarna in NOK, DKK and EUR, card elsewhere', () => {
    expect(stripeOptionName('SEK')).toBe('Kort, Swish eller Klarna');
    for (const currency of ['NOK', 'DKK', 'EUR', 'eur']) {
      expect(stripeOptionName(currency)).toBe('Kort eller Klarna');
    }
    expect(stripeOptionName('USD')).toBe('Kort');
  });

  it("is offered, and an order's option named, by the market's currency", () => {
    const finland = { countryCode: 'FI', currencyCode: 'EUR' };
    const offered = offeredPaymentOptions({ sandbox: false, stripe }, finland);
    expect(offered.find((o) => o.provider === 'stripe')?.displayName).toBe('Kort eller Klarna');
    expect(paymentOptionById(5, finland).displayName).toBe('Kort eller Klarna');
    expect(paymentOptionById(5, { countryCode: 'SE', currencyCode: 'SEK' }).displayName).toBe(
      'Kort, Swish eller Klarna',
    );
    // Other options keep their names.
    expect(paymentOptionById(1, finland).displayName).toBe('Faktura');
  });
});
