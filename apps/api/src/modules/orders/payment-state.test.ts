/** The payment state rule (issue 40 point 5): reserved is never paid, refunds are shown. */
import { describe, expect, it } from 'vitest';
import { paymentStateOf, paymentStatusLabel } from './payment-state.ts';

const pay = (status: string, amount: number) => ({ status, amount });

describe('paymentStateOf', () => {
  it('an invoice that is only reserved reads "Reserverad", never "Betald"', () => {
    expect(paymentStateOf([pay('authorized', 80_910)], 0, 0)).toEqual({
      code: 'reserved',
      label: 'Reserverad',
      capturedIncVat: 0,
      reservedIncVat: 80_910,
      refundedIncVat: 0,
    });
  });

  it('captured payments and gift cards are "Betald"', () => {
    expect(paymentStateOf([pay('paid', 50_000)], 0, 0).label).toBe('Betald');
    expect(paymentStateOf([], 12_900, 0)).toMatchObject({ code: 'paid', capturedIncVat: 12_900 });
    // A gift card plus an invoice still reserved: the reservation is what matters.
    expect(paymentStateOf([pay('authorized', 10_000)], 5_000, 0).code).toBe('reserved');
  });

  it('refunds: partly, then wholly', () => {
    expect(paymentStateOf([pay('paid', 50_000)], 0, 9_900).label).toBe('Delvis återbetald');
    expect(paymentStateOf([pay('paid', 50_000)], 0, 50_000).label).toBe('Återbetald');
  });

  it('nothing captured or reserved: waiting, voided or unpaid (a cancellation refunds nothing)', () => {
    expect(paymentStateOf([pay('pending', 50_000)], 0, 0).label).toBe('Väntar på betalning');
    expect(paymentStateOf([pay('cancelled', 50_000)], 0, 50_000).label).toBe('Makulerad');
    expect(paymentStateOf([], 0, 0).label).toBe('Ej betald');
  });

  it("names one payment's status with the same words", () => {
    expect(paymentStatusLabel('authorized')).toBe('Reserverad');
    expect(paymentStatusLabel('paid')).toBe('Betald');
    expect(paymentStatusLabel('odd')).toBe('odd');
  });
});
