/**
 * Favourites (SPEC §3 client state "favorites (product ids)", §4 "toggling adds or removes a
 * product id"): the ids live in a 1-year cookie `ralph-favorites` (SPEC §9: cookie names are
 * prefixed 'ralph-', about one year), newest first, so the server renders `/favoriter`. Pure.
 */
import { parse, serialize } from 'cookie';
import { z } from 'zod';
import { sameOriginPath } from '../../routing/safe-redirect';

/** The cookie's name. */
export const FAVORITES_COOKIE = 'ralph-favorites';
/** About one year, in seconds (SPEC §9: 31536000000 ms). */
export const FAVORITES_MAX_AGE = 31_536_000;
/** Most favourites kept (the oldest are dropped). */
export const MAX_FAVORITES = 200;

const productId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Reads the cookie value ("12,34,56", newest first): only positive integer ids, no duplicates,
 * at most {@link MAX_FAVORITES}; anything else is dropped.
 */
export function parseFavorites(value: string | null | undefined): number[] {
  if (!value || value.length > 4000) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    if (!/^\d{1,10}$/.test(part)) continue;
    const parsed = productId.safeParse(part);
    if (parsed.success && !ids.includes(parsed.data)) ids.push(parsed.data);
    if (ids.length >= MAX_FAVORITES) break;
  }
  return ids;
}

/** The cookie value of a list of ids. */
export function serializeFavorites(ids: readonly number[]): string {
  return ids.slice(0, MAX_FAVORITES).join(',');
}

/** What a toggle asks for: add or remove one product. */
export const toggleSchema = z.object({
  productId,
  intent: z.enum(['add', 'remove']),
});

/** Adds (first, as the newest) or removes an id. */
export function toggleFavorite(
  ids: readonly number[],
  id: number,
  intent: 'add' | 'remove',
): number[] {
  const rest = ids.filter((x) => x !== id);
  return intent === 'add' ? [id, ...rest].slice(0, MAX_FAVORITES) : rest;
}

/** The value of cookie `name` in a Cookie header (the `cookie` package); null when missing. */
export function readCookie(header: string | null, name: string): string | null {
  return parse(header ?? '')[name] ?? null;
}

/**
 * The Set-Cookie header of the favourites (HttpOnly, SameSite=Lax, one year). Not signed: the
 * ids are public and re-checked on every read ({@link parseFavorites}).
 */
export function favoritesCookie(ids: readonly number[], secure: boolean): string {
  return serialize(FAVORITES_COOKIE, serializeFavorites(ids), {
    path: '/',
    maxAge: FAVORITES_MAX_AGE,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}

/** The favourites of a request. */
export function favoritesOf(request: Request): number[] {
  return parseFavorites(readCookie(request.headers.get('cookie'), FAVORITES_COOKIE));
}

/** A same-site path to go back to after a form post without JavaScript; else `/favoriter`. */
export function safeReturnPath(value: unknown): string {
  return sameOriginPath(value, '/favoriter');
}
