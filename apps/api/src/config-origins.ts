/** CORS_ORIGINS (issue 25): a list of browser origins, read by config.ts. */
import type { z } from 'zod';

/**
 * A comma-separated list of browser origins (`https://www.cykel.example`, `http://localhost:3700`)
 * as their normalised origins, duplicates dropped. Each must be `http(s)://host[:port]` without
 * path, query or credentials; `*` is refused (credentialed CORS needs named origins).
 */
export function parseOriginList(value: string, ctx: z.RefinementCtx): string[] {
  const origins: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (!entry) continue;
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      url = null;
    }
    const bare =
      url !== null &&
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.username &&
      !url.password &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash;
    if (!url || !bare) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not an origin: write scheme://host[:port], e.g. https://www.cykel.example (no path, no *)`,
      });
      return [];
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}
