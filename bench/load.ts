/**
 * HTTP load with autocannon from the bench's own process (the shop runs in another process) on
 * loopback. Latencies are kept per response (autocannon's float milliseconds), so p95 is exact.
 */
import autocannon from 'autocannon';
import { summarizeLatencies } from './stats.ts';

/** One request to repeat. */
export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** Figures of one load run. Latencies in milliseconds. */
export interface LoadFigures {
  connections: number;
  /** Seconds measured. */
  seconds: number;
  /** Responses with a 2xx status. */
  requests: number;
  /** 2xx responses per second. */
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx responses, socket errors and timeouts: a healthy run has 0. */
  failures: number;
}

function runOnce(
  request: LoadRequest,
  connections: number,
  seconds: number,
  latencies: number[] | undefined,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: request.url,
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        connections,
        duration: seconds,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      });
    }
  });
}

/**
 * Waits until the server has worked off the requests left over from the warm-up (autocannon
 * stops without waiting for them): one request, answered only after those, then a short pause.
 */
async function settle(request: LoadRequest): Promise<void> {
  try {
    const response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
  } catch {
    // the measurement shows what is wrong
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * Warms up for `warmupSeconds` (not measured), then loads `request` with `connections`
 * concurrent connections for `seconds`.
 */
export async function measureLoad(
  request: LoadRequest,
  connections: number,
  seconds: number,
  warmupSeconds: number,
): Promise<LoadFigures> {
  if (warmupSeconds > 0) {
    await runOnce(request, connections, warmupSeconds, undefined);
    await settle(request);
  }
  const latencies: number[] = [];
  const result = await runOnce(request, connections, seconds, latencies);
  const summary = summarizeLatencies(latencies) ?? { p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const measuredSeconds =
    (result.finish.getTime() - result.start.getTime()) / 1000 || result.duration || seconds;
  return {
    connections,
    seconds: measuredSeconds,
    requests: latencies.length,
    requestsPerSecond: latencies.length / measuredSeconds,
    ...summary,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
