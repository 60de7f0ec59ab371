import { describe, expect, it } from 'vitest';
import {
  favoritesCookie,
  parseFavorites,
  readCookie,
  safeReturnPath,
  toggleFavorite,
  toggleSchema,
} from './favorites';

describe('favourites cookie', () => {
  it('keeps positive integer ids only, without duplicates, at most 200', () => {
    expect(parseFavorites('12,34,12,abc,-5,0,<script>,99999999999')).toEqual([12, 34]);
    expect(parseFavorites(Array.from({ length: 300 }, (_, i) => i + 1).join(','))).toHaveLength(
      200,
    );
    expect(parseFavorites(undefined)).toEqual([]);
  });
  it('adds newest first and removes', () => {
    expect(toggleFavorite([1, 2], 3, 'add')).toEqual([3, 1, 2]);
    expect(toggleFavorite([1, 2, 3], 2, 'add')).toEqual([2, 1, 3]);
    expect(toggleFavorite([1, 2, 3], 2, 'remove')).toEqual([1, 3]);
  });
  it('validates a toggle with zod', () => {
    expect(toggleSchema.safeParse({ productId: '12', intent: 'add' }).success).toBe(true);
    expect(toggleSchema.safeParse({ productId: '1; drop', intent: 'add' }).success).toBe(false);
    expect(toggleSchema.safeParse({ productId: '12', intent: 'steal' }).success).toBe(false);
  });
  it('is a one-year ralph- cookie, HttpOnly and SameSite=Lax', () => {
    const cookie = favoritesCookie([3, 1], true);
    // RFC 6265 has no comma in a cookie value: the `cookie` package writes %2C, and reads both.
    expect(cookie).toContain('ralph-favorites=3%2C1');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(readCookie('a=1; ralph-favorites=3,1', 'ralph-favorites')).toBe('3,1');
    expect(readCookie(cookie.split(';')[0]!, 'ralph-favorites')).toBe('3,1');
  });
  it('returns only to same-site paths', () => {
    expect(safeReturnPath('/c/cyklar?brands=x')).toBe('/c/cyklar?brands=x');
    expect(safeReturnPath('//evil.example')).toBe('/favoriter');
    expect(safeReturnPath('https://evil.example')).toBe('/favoriter');
  });
});
