/**
 * The embedded database's memory (issue 28, db/client.ts): PGlite starts with shared_buffers
 * 16MB (its own default, 128MB, is resident from the start) or PGLITE_SHARED_BUFFERS, and
 * reports the size of its WebAssembly memory.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../src/db/client.ts';

async function sharedBuffers(
  pgliteSharedBuffers?: string,
): Promise<{ value: string; wasm: number }> {
  const handle = await createDb({
    pgliteDataDir: 'memory://',
    ...(pgliteSharedBuffers ? { pgliteSharedBuffers } : {}),
  });
  try {
    const result = (await handle.db.execute(sql`show shared_buffers`)) as unknown as {
      rows: Array<{ shared_buffers: string }>;
    };
    return {
      value: result.rows[0]?.shared_buffers ?? '',
      wasm: handle.embeddedMemoryBytes?.() ?? 0,
    };
  } finally {
    await handle.close();
  }
}

describe('PGlite memory', () => {
  it('starts with shared_buffers 16MB, or the configured size', async () => {
    const fallback = await sharedBuffers();
    expect(fallback.value).toBe('16MB');
    // The WebAssembly memory holds the buffers: at least the module's 128 MiB minimum.
    expect(fallback.wasm).toBeGreaterThanOrEqual(128 * 1024 * 1024);
    expect((await sharedBuffers('8MB')).value).toBe('8MB');
  });
});
