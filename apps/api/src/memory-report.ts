/**
 * What the process's memory is spent on, for the bench's soak (`bench/soak.ts`, issue 28). Served
 * at {@link MEMORY_REPORT_PATH} only with BENCH_MEMORY=1 (never in production use): the figures
 * of `process.memoryUsage()`, V8's heap spaces, the embedded database's WebAssembly memory and
 * the fill of the in-process caches.
 */
import { getHeapSpaceStatistics } from 'node:v8';
import type { DbHandle } from './db/client.ts';
import {
  listCacheStats,
  MAX_CACHED_RESULTS,
  MAX_CACHED_BYTES,
} from './modules/catalog/list-cache.ts';

/** The path of the report (GET, JSON). */
export const MEMORY_REPORT_PATH = '/__bench/memory';

/** One report; every size in bytes. */
export interface MemoryReport {
  /** Resident set size of the whole process (what the operating system charges). */
  rss: number;
  /** V8's JavaScript heap: reserved and used. */
  heapTotal: number;
  heapUsed: number;
  /** Memory of C++ objects bound to JavaScript objects (Buffers, WebAssembly memories included). */
  external: number;
  /** ArrayBuffers and Buffers (part of `external`). */
  arrayBuffers: number;
  /** V8's heap by space (new, old, code, large objects, ...): used bytes. */
  heapSpaces: Record<string, number>;
  /**
   * PGlite only: the embedded database's WebAssembly memory (grown size; part of `external` and
   * `arrayBuffers`); null on a PostgreSQL server, whose memory is the server's.
   */
  embeddedDatabase: number | null;
  /** The product-list cache (list-cache.ts): results kept, their estimated bytes and the bounds. */
  listCache: { results: number; size: number; maxResults: number; maxSize: number };
}

/** Reads the report now. */
export function memoryReport(database: DbHandle): MemoryReport {
  const usage = process.memoryUsage();
  const heapSpaces: Record<string, number> = {};
  for (const space of getHeapSpaceStatistics())
    heapSpaces[space.space_name] = space.space_used_size;
  const list = listCacheStats(database.db);
  return {
    rss: usage.rss,
    heapTotal: usage.heapTotal,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    heapSpaces,
    embeddedDatabase: database.embeddedMemoryBytes ? database.embeddedMemoryBytes() : null,
    listCache: { ...list, maxResults: MAX_CACHED_RESULTS, maxSize: MAX_CACHED_BYTES },
  };
}
