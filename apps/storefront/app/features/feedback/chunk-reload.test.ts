import { describe, expect, it } from 'vitest';
import {
  claimReload,
  reloadAllowed,
  RELOAD_GUARD_MS,
  RELOAD_KEY,
  type ReloadStore,
} from './chunk-reload';

function memoryStore(): ReloadStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('chunk-reload guard (SPEC §4, §9 60000 ms)', () => {
  it('allows the first reload and the next one only 60 s later', () => {
    expect(reloadAllowed(null, 1_000)).toBe(true);
    expect(reloadAllowed(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadAllowed(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
    // A clock set back does not block reloads for ever.
    expect(reloadAllowed(50_000, 10_000)).toBe(true);
  });

  it('records a claimed reload in the store and refuses a second within the guard', () => {
    const store = memoryStore();
    const start = 1_700_000_000_000;
    expect(claimReload(store, start)).toBe(true);
    expect(store.data.get(RELOAD_KEY)).toBe(String(start));
    expect(claimReload(store, start + 30_000)).toBe(false);
    expect(store.data.get(RELOAD_KEY)).toBe(String(start));
    expect(claimReload(store, start + RELOAD_GUARD_MS)).toBe(true);
    expect(store.data.get(RELOAD_KEY)).toBe(String(start + RELOAD_GUARD_MS));
  });

  it('reads the time a previous page load stored (the guard survives the reload)', () => {
    const store = memoryStore();
    const now = 1_800_000_000_000;
    store.data.set(RELOAD_KEY, String(now - 10_000));
    expect(claimReload(store, now)).toBe(false);
  });

  it('falls back to memory when the storage throws', () => {
    const broken: ReloadStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    const now = 1_900_000_000_000;
    expect(claimReload(broken, now)).toBe(true);
    expect(claimReload(broken, now + 1_000)).toBe(false);
  });
});
