/**
 * A generic rate limiter in the database, so that every instance of the API shares it (issue 13
 * §6; the login limits in modules/auth/rate-limit.ts work the same way with their own table).
 *
 * Sliding windows of counted events: {@link takeAttempt} first records the attempt under each
 * key, then counts each key's events in its window. When any count is over its limit the
 * attempt's events are removed again and the attempt is refused, so concurrent attempts cannot
 * slip through (each sees the others' rows) and refused attempts do not use up anyone's
 * allowance. A caller that does not want an allowed attempt counted (a right gift-card code)
 * gives it back with {@link giveBackAttempt}.
 */
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { isIPv4, isIPv6 } from 'node:net';
import type { Database } from '../../db/client.ts';
import { rateLimitEvents } from './rate-limits.tables.ts';

/** At most `limit` attempts under `key` in any `windowSeconds`. */
export interface RateLimit {
  key: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome of {@link takeAttempt}. */
export interface Attempt {
  allowed: boolean;
  /** Seconds until the earliest counted event of a full key leaves its window (0 when allowed). */
  retryAfterSeconds: number;
  /** The events recorded for an allowed attempt (for {@link giveBackAttempt}). */
  eventIds: number[];
}

/** Events older than this are deleted (so windows may be at most a day long). */
export const KEEP_EVENTS_SECONDS = 86_400;

/**
 * The counter key part of a client address: IPv4 as it is (also when written IPv4-mapped,
 * `::ffff:203.0.113.7`), IPv6 as its /64 network (one subscriber usually has a whole /64, so
 * counting single IPv6 addresses would not limit anyone). Null for an unknown or malformed
 * address.
 */
export function addressKey(ip: string | null | undefined): string | null {
  const address = (ip ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  // An embedded IPv4 tail takes two groups; only the first four groups matter here.
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Counts an attempt under every limit's key, or refuses it when a key is already full.
 * Three statements (insert, count, clean-up or removal).
 */
export async function takeAttempt(
  db: Database,
  limits: readonly RateLimit[],
  now: Date,
): Promise<Attempt> {
  if (limits.length === 0) return { allowed: true, retryAfterSeconds: 0, eventIds: [] };
  const inserted = await db
    .insert(rateLimitEvents)
    .values(limits.map((l) => ({ key: l.key, at: now })))
    .returning({ id: rateLimitEvents.id });
  const eventIds = inserted.map((r) => r.id);
  const since = (l: RateLimit) => new Date(now.getTime() - l.windowSeconds * 1000);
  const counts = await db
    .select({
      key: rateLimitEvents.key,
      count: sql<number>`count(*)::int`,
      oldest: sql<string>`min(${rateLimitEvents.at})`,
    })
    .from(rateLimitEvents)
    .where(
      or(
        ...limits.map((l) => and(eq(rateLimitEvents.key, l.key), gt(rateLimitEvents.at, since(l)))),
      ),
    )
    .groupBy(rateLimitEvents.key);
  const byKey = new Map(counts.map((c) => [c.key, c]));
  let retryAfterSeconds = 0;
  for (const limit of limits) {
    const counted = byKey.get(limit.key);
    if (counted && counted.count > limit.limit) {
      const frees = new Date(counted.oldest).getTime() + limit.windowSeconds * 1000;
      retryAfterSeconds = Math.max(
        retryAfterSeconds,
        Math.max(1, Math.ceil((frees - now.getTime()) / 1000)),
      );
    }
  }
  if (retryAfterSeconds > 0) {
    await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, eventIds));
    return { allowed: false, retryAfterSeconds, eventIds: [] };
  }
  await db
    .delete(rateLimitEvents)
    .where(lt(rateLimitEvents.at, new Date(now.getTime() - KEEP_EVENTS_SECONDS * 1000)));
  return { allowed: true, retryAfterSeconds: 0, eventIds };
}

/** Takes back an allowed attempt (its events no longer count). One statement. */
export async function giveBackAttempt(db: Database, attempt: Attempt): Promise<void> {
  if (attempt.eventIds.length === 0) return;
  await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, attempt.eventIds));
}
