/**
 * The loading indicator's timing (SPEC §4 "Loading indicator: starts after a delay (default
 * 1000 ms, checked every 100 ms), ends on request; finishes or fails on error", §9 "Loading bar
 * throttle 200 ms, duration 5000 ms; default loading delay 1000 ms; bar height 5 px"), without
 * the DOM: {@link createLoadingBar} turns start/finish/fail into bar states for loading-bar.tsx.
 *
 * Timeline of a slow navigation: `start()`; every `checkMs` the elapsed time is compared with
 * `delayMs`; once reached the bar waits `throttleMs` more, then shows at 0 % and grows by
 * 100 % × `stepMs` / `durationMs` every `stepMs`, stopping at 99 %; `finish()` fills it to 100 %
 * (`fail()` also marks it failed) and hides it `hideMs` later. A navigation that ends before the
 * bar shows never shows it.
 */

/** Timing of the bar (SPEC §9), in milliseconds. */
export interface LoadingBarTiming {
  /** Delay before the bar may start (default 1000). */
  delayMs: number;
  /** How often the delay is checked (default 100). */
  checkMs: number;
  /** Further wait before the bar shows (default 200). */
  throttleMs: number;
  /** Time the bar takes from 0 to 100 % (default 5000). */
  durationMs: number;
  /** Interval of the bar's growth (default 100). */
  stepMs: number;
  /** How long the full bar stays before it hides (default 400). */
  hideMs: number;
}

/** The SPEC §9 timing. */
export const LOADING_BAR_TIMING: LoadingBarTiming = {
  delayMs: 1000,
  checkMs: 100,
  throttleMs: 200,
  durationMs: 5000,
  stepMs: 100,
  hideMs: 400,
};

/** What the bar shows. */
export interface LoadingBarState {
  visible: boolean;
  /** 0 to 100. */
  progress: number;
  /** True after {@link LoadingBar.fail}: drawn in the error colour. */
  failed: boolean;
}

/** The idle state: nothing shown. */
export const HIDDEN: LoadingBarState = { visible: false, progress: 0, failed: false };

/** The controller of one bar. */
export interface LoadingBar {
  /** A navigation began (no-op while one is running). */
  start(): void;
  /** It ended: the bar fills and hides (or never shows). */
  finish(): void;
  /** It failed: as finish, in the error colour. */
  fail(): void;
  /** Stops every timer (unmount). */
  dispose(): void;
}

/** A bar calling `onChange` with each new state. */
export function createLoadingBar(
  onChange: (state: LoadingBarState) => void,
  timing: LoadingBarTiming = LOADING_BAR_TIMING,
): LoadingBar {
  let running = false;
  let state = HIDDEN;
  let checker: ReturnType<typeof setInterval> | undefined;
  let grower: ReturnType<typeof setInterval> | undefined;
  let timeout: ReturnType<typeof setTimeout> | undefined;

  const set = (next: LoadingBarState) => {
    state = next;
    onChange(next);
  };
  const clear = () => {
    clearInterval(checker);
    clearInterval(grower);
    clearTimeout(timeout);
    checker = grower = timeout = undefined;
  };
  const show = () => {
    set({ visible: true, progress: 0, failed: false });
    const step = (100 * timing.stepMs) / timing.durationMs;
    grower = setInterval(() => {
      set({ ...state, progress: Math.min(99, state.progress + step) });
    }, timing.stepMs);
  };
  const end = (failed: boolean) => {
    if (!running) return;
    running = false;
    clear();
    if (!state.visible) return;
    set({ visible: true, progress: 100, failed });
    timeout = setTimeout(() => set(HIDDEN), timing.hideMs);
  };

  return {
    start() {
      if (running) return;
      running = true;
      clear();
      if (state.visible) set(HIDDEN);
      let elapsed = 0;
      checker = setInterval(() => {
        elapsed += timing.checkMs;
        if (elapsed < timing.delayMs) return;
        clearInterval(checker);
        checker = undefined;
        timeout = setTimeout(show, timing.throttleMs);
      }, timing.checkMs);
    },
    finish: () => end(false),
    fail: () => end(true),
    dispose() {
      running = false;
      clear();
    },
  };
}
