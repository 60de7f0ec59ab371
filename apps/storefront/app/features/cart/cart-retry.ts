/**
 * The client-side cart load with retries (SPEC §4 "On load failure it retries after 1 second, up
 * to 5 attempts"; §9 "Cart retry 5 attempts, 1 s apart"), shared by the header's count and the
 * cart panel.
 */

/** Attempts and delay of the client-side cart load (SPEC §9 "Cart retry 5 attempts, 1 s apart"). */
export const CART_RETRY = { attempts: 5, delayMs: 1000 } as const;

/**
 * GETs JSON from `url` with retries: up to 5 attempts, 1 s apart (SPEC §4, §9); resolves null
 * after the last failure (network error or non-2xx answer).
 * @param fetchImpl injectable for tests
 */
export async function fetchJsonWithRetry<T>(
  url: string,
  fetchImpl: typeof fetch = fetch,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T | null> {
  for (let attempt = 1; attempt <= CART_RETRY.attempts; attempt += 1) {
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
      if (response.ok) return (await response.json()) as T;
    } catch {
      // network error: try again
    }
    if (attempt < CART_RETRY.attempts) await sleep(CART_RETRY.delayMs);
  }
  return null;
}
