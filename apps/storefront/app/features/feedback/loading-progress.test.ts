import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, HIDDEN, type LoadingBarState } from './loading-progress';

describe('loading bar timing (SPEC §4, §9)', () => {
  let states: LoadingBarState[];
  const last = () => states.at(-1) ?? HIDDEN;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stays hidden for a navigation that ends within the delay and throttle', () => {
    const bar = createLoadingBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(1150);
    bar.finish();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
  });

  it('shows after the 1000 ms delay (checked every 100 ms) plus the 200 ms throttle', () => {
    const bar = createLoadingBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(1199);
    expect(last().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual({ visible: true, progress: 0, failed: false });
    bar.dispose();
  });

  it('grows to 99 % over the 5000 ms duration and no further', () => {
    const bar = createLoadingBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(1200 + 2500);
    expect(last().progress).toBeCloseTo(50, 5);
    vi.advanceTimersByTime(60_000);
    expect(last().progress).toBe(99);
    bar.dispose();
  });

  it('finishes at 100 % and then hides', () => {
    const bar = createLoadingBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(2000);
    bar.finish();
    expect(last()).toEqual({ visible: true, progress: 100, failed: false });
    vi.advanceTimersByTime(400);
    expect(last()).toEqual(HIDDEN);
  });

  it('fails in the error state', () => {
    const bar = createLoadingBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(1500);
    bar.fail();
    expect(last()).toEqual({ visible: true, progress: 100, failed: true });
    vi.advanceTimersByTime(400);
    expect(last().visible).toBe(false);
  });

  it('honours another delay and a second start while running is ignored', () => {
    const bar = createLoadingBar((s) => states.push(s), {
      delayMs: 300,
      checkMs: 100,
      throttleMs: 200,
      durationMs: 1000,
      stepMs: 100,
      hideMs: 100,
    });
    bar.start();
    vi.advanceTimersByTime(400);
    bar.start();
    vi.advanceTimersByTime(100);
    expect(last().visible).toBe(true);
    vi.advanceTimersByTime(500);
    expect(last().progress).toBeCloseTo(50, 5);
    bar.dispose();
  });
});
