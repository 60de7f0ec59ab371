/**
 * Storage of password digests (GEINS-API §7.3: "treat the digest as the password, store it with
 * your own slow hash"): scrypt with a random 16-byte salt, OWASP parameters N=2^17, r=8, p=1 by
 * default, encoded as `scrypt$<log2 N>$<r>$<p>$<salt b64>$<hash b64>` so the cost can change
 * without invalidating stored hashes. Comparison is constant-time.
 *
 * Every scrypt run (hashing and verifying) goes through one per-process queue that runs at most
 * {@link MAX_CONCURRENT_HASHES} at a time (issue 13 §12): each run takes ~128 MiB and a core for
 * a few hundred milliseconds, so anonymous requests that make the server hash (login, register,
 * commitReset) can fill a queue but never the memory or every core.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

/** The most scrypt runs of this process at one time; more wait in a FIFO queue. */
export const MAX_CONCURRENT_HASHES = 2;

/** Counters of the scrypt queue (tests, diagnostics). */
export interface PasswordHashStats {
  /** scrypt runs started since the process began. */
  started: number;
  /** Runs now in progress. */
  running: number;
  /** Runs waiting for a slot. */
  queued: number;
  /** The most runs ever in progress at once (never above {@link MAX_CONCURRENT_HASHES}). */
  maxRunning: number;
}

const stats: PasswordHashStats = { started: 0, running: 0, queued: 0, maxRunning: 0 };
const waiting: Array<() => void> = [];

/** A snapshot of the scrypt queue's counters. */
export function passwordHashStats(): PasswordHashStats {
  return { ...stats, queued: waiting.length };
}

async function withHashSlot<T>(run: () => Promise<T>): Promise<T> {
  if (stats.running >= MAX_CONCURRENT_HASHES) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    stats.running += 1;
  }
  // The slot is ours (a finishing run hands its slot over without releasing it).
  stats.started += 1;
  stats.maxRunning = Math.max(stats.maxRunning, stats.running);
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else stats.running -= 1;
  }
}

function scryptAsync(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(secret, salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

function options(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN;
  // scrypt needs about 128 * N * r bytes; Node's default cap (32 MiB) is too low for N=2^17.
  return { N, r, p, maxmem: 256 * N * r };
}

/**
 * Hashes a password digest for storage.
 * @param digest the client's base64 SHA-384 digest (never the plaintext)
 * @param logN scrypt cost as log2(N), 17 in production
 */
export async function hashPassword(digest: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(digest, salt, options(logN, BLOCK_SIZE, PARALLELISM));
  return [
    'scrypt',
    logN,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/**
 * Checks a digest against a stored hash in constant time.
 * @returns false for a wrong digest or a malformed stored value
 */
export async function verifyPassword(digest: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(
    digest,
    Buffer.from(salt, 'base64'),
    options(Number(logN), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A stored hash of a random secret, to verify against when the account does not exist: the
 * answer then takes as long as for a wrong password (no account enumeration by timing).
 */
export async function decoyHash(logN: number): Promise<string> {
  return hashPassword(randomBytes(48).toString('base64'), logN);
}
