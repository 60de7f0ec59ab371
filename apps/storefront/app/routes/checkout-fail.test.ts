import { describe, expect, it } from 'vitest';
import { loader } from './checkout-fail';

const reasonOf = (query: string) =>
  loader({ request: new Request(`http://localhost/checkout/klarna-fail${query}`) } as never).reason;

describe('the payment failure page', () => {
  it('tells the provider reasons and the cart changed during the payment (issue 13 §2)', () => {
    expect(reasonOf('?reason=out-of-stock')).toBe('out-of-stock');
    expect(reasonOf('?reason=blocked')).toBe('blocked');
    expect(reasonOf('?reason=cart-changed')).toBe('cart-changed');
    expect(reasonOf('?reason=<script>')).toBe('general');
    expect(reasonOf('')).toBe('general');
  });
});
