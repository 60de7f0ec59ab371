/**
 * The chunk-reload guard (SPEC §4 "A failed route-chunk load triggers a full page reload, at most
 * one per 60 seconds", §9 "Reload guard 60000 ms"). After a release the browser may ask for a
 * route's script file that no longer exists (or the network drops it): the page is reloaded to
 * get the new files, but not again within 60 s of the last such reload (the time is kept in
 * sessionStorage, so it survives the reload), so a file that keeps failing cannot loop.
 *
 * Two sources of such failures:
 * - Vite's `vite:preloadError` (a lazily imported module or its preloaded dependencies): the
 *   guard reloads or, within 60 s, lets the error through;
 * - React Router itself reloads when a route module cannot be imported during a navigation; the
 *   guard sees that reload through the Navigation API's `navigate` event and cancels it when the
 *   last one was less than 60 s ago (browsers without that API keep React Router's reload).
 * A blocked reload calls `onBlocked` (the shell shows an error and fails the loading bar).
 */

/** Minimum time between two chunk reloads (SPEC §9), ms. */
export const RELOAD_GUARD_MS = 60_000;

/** sessionStorage key of the last chunk reload's time (ms since the epoch). */
export const RELOAD_KEY = 'ralph-chunk-reload';

/** True when a reload at `now` is allowed after the last one at `last` (null: none yet). */
export function reloadAllowed(
  last: number | null,
  now: number,
  guardMs = RELOAD_GUARD_MS,
): boolean {
  return last === null || now - last >= guardMs || now < last;
}

/** The storage part of {@link claimReload} (sessionStorage in the browser). */
export interface ReloadStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

let memoryLast: number | null = null;

/**
 * Decides about a reload at `now`: when allowed, records `now` as the last reload and returns
 * true. Without a usable storage the time is kept in memory.
 */
export function claimReload(store: ReloadStore | null, now: number): boolean {
  let last = memoryLast;
  try {
    const stored = Number(store?.getItem(RELOAD_KEY));
    if (stored > 0) last = stored;
  } catch {
    // Storage blocked (privacy settings): the in-memory time only.
  }
  if (!reloadAllowed(last, now)) return false;
  memoryLast = now;
  try {
    store?.setItem(RELOAD_KEY, String(now));
  } catch {
    // As above.
  }
  return true;
}

function sessionStore(): ReloadStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The part of the Navigation API's `navigate` event the guard reads. */
interface NavigateLike extends Event {
  navigationType?: string;
  userInitiated?: boolean;
}

/**
 * Installs the guard. `navigating()` tells whether a client-side navigation is in progress (a
 * script reload then comes from React Router's failed route import). Returns the uninstaller.
 */
export function installChunkReloadGuard(
  navigating: () => boolean,
  onBlocked: () => void,
): () => void {
  const onPreloadError = (event: Event) => {
    if (!claimReload(sessionStore(), Date.now())) {
      onBlocked();
      return;
    }
    event.preventDefault();
    window.location.reload();
  };
  const onNavigate = (event: Event) => {
    const navigate = event as NavigateLike;
    if (navigate.navigationType !== 'reload' || navigate.userInitiated || !navigating()) return;
    if (claimReload(sessionStore(), Date.now()) || !navigate.cancelable) return;
    navigate.preventDefault();
    onBlocked();
  };
  const navigation = (window as { navigation?: EventTarget }).navigation;
  window.addEventListener('vite:preloadError', onPreloadError);
  navigation?.addEventListener('navigate', onNavigate);
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError);
    navigation?.removeEventListener('navigate', onNavigate);
  };
}
