import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismiss, notifications, notify, NOTIFICATION_MS } from './notifications';

describe('notifications (SPEC §3, §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const n of notifications()) dismiss(n.id);
    vi.useRealTimers();
  });

  it('shows a notification top-right and hides it after 5000 ms', () => {
    notify({ message: 'Tillagd i varukorgen', mode: 'success' });
    expect(notifications()).toMatchObject([
      { message: 'Tillagd i varukorgen', placement: 'top-right', mode: 'success' },
    ]);
    vi.advanceTimersByTime(NOTIFICATION_MS - 1);
    expect(notifications()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notifications()).toEqual([]);
  });

  it('keeps the last of one key only (the cart-added notification holds the last item)', () => {
    notify({ key: 'cart-added', message: 'Tillagd', detail: 'Hjälm' });
    vi.advanceTimersByTime(3000);
    notify({ key: 'cart-added', message: 'Tillagd', detail: 'Cykel' });
    expect(notifications().map((n) => n.detail)).toEqual(['Cykel']);
    // The replaced one's timer does not hide the new one early.
    vi.advanceTimersByTime(2500);
    expect(notifications()).toHaveLength(1);
    vi.advanceTimersByTime(2500);
    expect(notifications()).toEqual([]);
  });

  it('shows different notifications side by side, each with its own placement and time', () => {
    notify({ message: 'Sparat', mode: 'success' });
    vi.advanceTimersByTime(1000);
    const id = notify({ message: 'Fel', mode: 'error', placement: 'bottom-left' });
    expect(notifications().map((n) => n.placement)).toEqual(['top-right', 'bottom-left']);
    vi.advanceTimersByTime(4000);
    expect(notifications().map((n) => n.id)).toEqual([id]);
    dismiss(id);
    expect(notifications()).toEqual([]);
  });
});
