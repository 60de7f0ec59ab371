/**
 * The figures of the memory soak (`bench/soak.ts`, issue 28) and how they are printed.
 */

const MiB = 1024 * 1024;

/** The shop's memory report (`/__bench/memory`); sizes in bytes. */
export interface MemoryReport {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  heapSpaces: Record<string, number>;
  embeddedDatabase: number | null;
  listCache: { results: number; size: number; maxResults: number; maxSize: number };
}

/** Figures of one soak. Sizes in MiB. */
export interface SoakResult {
  database: string;
  products: number;
  seconds: number;
  connections: number;
  /** 2xx responses, and everything else (non-2xx, errors, timeouts). */
  requests: number;
  failures: number;
  /** Responses by status other than 2xx, e.g. `{ "429": 3 }`. */
  failedStatuses: Record<string, number>;
  /** RSS right after the start (before any load), at each quarter of the soak, and 5 s after it. */
  rssStart: number;
  rssQuarters: number[];
  rssMax: number;
  /** The steady state: RSS 5 s after the load stopped. */
  rssSteady: number;
  /** The shop's own report at that moment. */
  report: MemoryReport | null;
}

/** The soak as lines of text (MiB = 1024² bytes). */
export function renderSoak(result: SoakResult): string {
  const mib = (bytes: number) => (bytes / MiB).toFixed(1);
  const lines = [
    `Memory soak · ${result.database} · ${result.products} products · ${result.connections} connections × ${result.seconds} s · ${result.requests} requests, ${result.failures} failed${result.failures > 0 ? ` ${JSON.stringify(result.failedStatuses)}` : ''}`,
    `  RSS MiB: start ${result.rssStart} · quarters ${result.rssQuarters.join(' / ')} · max ${result.rssMax} · steady (5 s after) ${result.rssSteady}`,
  ];
  const r = result.report;
  if (r) {
    const spaces = Object.entries(r.heapSpaces)
      .filter(([, bytes]) => bytes > MiB)
      .map(([name, bytes]) => `${name.replace('_space', '')} ${mib(bytes)}`)
      .join(', ');
    lines.push(
      `  V8 heap ${mib(r.heapUsed)} used of ${mib(r.heapTotal)} (${spaces}) · external ${mib(r.external)} (array buffers ${mib(r.arrayBuffers)}) · embedded database (PGlite WASM) ${r.embeddedDatabase === null ? '–' : mib(r.embeddedDatabase)}`,
      `  list cache: ${r.listCache.results}/${r.listCache.maxResults} results, size ${r.listCache.size}/${r.listCache.maxSize}`,
    );
  }
  return lines.join('\n');
}
