import { describe, expect, it } from 'vitest';
import { deliveryText, stockText } from './stock-text';

describe('stockText', () => {
  it('names every status in Swedish', () => {
    expect(stockText('in-stock')).toBe('I lager');
    expect(stockText('few-left')).toBe('Få kvar');
    expect(stockText('out-of-stock')).toBe('Slut i lager');
    expect(stockText('oversellable')).toBe('Beställningsvara');
    expect(stockText('static')).toBe('I lager');
  });

  it('adds the return date of incoming stock', () => {
    expect(stockText('out-of-stock', '2026-11-21T08:00:00Z')).toBe(
      'Slut i lager – Åter i lager 21 nov. 2026',
    );
    expect(stockText('in-stock', '2026-11-21T08:00:00Z')).toBe('I lager');
  });

  it('writes the date in the request language, the text in Swedish', () => {
    expect(stockText('out-of-stock', '2026-11-21T08:00:00Z', 'nb-NO')).toBe(
      'Slut i lager – Åter i lager 21. nov. 2026',
    );
  });
});

describe('deliveryText', () => {
  it('names the delivery buckets', () => {
    expect(deliveryText('1-3')).toBe('Leveranstid 1-3 dagar');
    expect(deliveryText('3-10')).toBe('Leveranstid 3-10 dagar');
    expect(deliveryText('longer')).toBe('Längre leveranstid');
  });
});
