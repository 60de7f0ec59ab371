/**
 * A small seeded pseudo-random number generator (mulberry32) so the seed catalogue is the same
 * on every machine for the same seed. Not for anything security related.
 */

/** Deterministic random helpers over one mulberry32 stream. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  /** True with probability `p` (0..1). */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One element, chosen with the given relative weights (same length as `items`). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** `count` distinct elements in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
  /** Shuffles the array in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[];
}

/** Creates a generator from a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('pick() from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  };
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    weighted<T>(items: readonly T[], weights: readonly number[]): T {
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = next() * total;
      for (let i = 0; i < items.length; i += 1) {
        roll -= weights[i] ?? 0;
        if (roll < 0) return items[i] as T;
      }
      return items[items.length - 1] as T;
    },
    sample: (items, count) => shuffle([...items]).slice(0, count),
    shuffle,
  };
}

/**
 * Mixes a seed with further integers (e.g. a product id and a purpose number) into a new
 * 32-bit seed, so each product gets its own stream independent of generation order.
 */
export function deriveSeed(seed: number, ...parts: number[]): number {
  let h = seed >>> 0;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x9e3779b1) >>> 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b) >>> 0;
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35) >>> 0;
    h ^= h >>> 16;
  }
  return h >>> 0;
}
