/**
 * The scrypt queue of password-hash.ts (issue 13 §12): however many hashes are asked for at
 * once, at most MAX_CONCURRENT_HASHES run at a time, and every one of them finishes.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashStats, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('runs at most MAX_CONCURRENT_HASHES (2) scrypt hashes at once; the rest wait in the queue', async () => {
    const before = passwordHashStats().started;
    const hashes = Promise.all(
      Array.from({ length: 8 }, (_, i) => hashPassword(`digest-${i}`.padEnd(64, 'a'), 12)),
    );
    expect(passwordHashStats()).toMatchObject({ running: 2, queued: 6 });
    const stored = await hashes;
    expect(passwordHashStats()).toMatchObject({ running: 0, queued: 0, maxRunning: 2 });
    expect(passwordHashStats().started - before).toBe(8);
    expect(await verifyPassword('digest-3'.padEnd(64, 'a'), stored[3]!)).toBe(true);
    expect(await verifyPassword('digest-4'.padEnd(64, 'a'), stored[3]!)).toBe(false);
  });
});
