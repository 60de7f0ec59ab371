/**
 * Points the published Geins SDK (@geins/core, crm, oms 0.10.4) at an in-process Trampa API
 * without changing the SDK: the SDK hard-codes its endpoints (GEINS-API §1, §7.1) and calls the
 * global `fetch` on every request (Apollo's HTTP link and the CRM auth client look it up per
 * call), so {@link routeGeinsEndpoints} swaps `globalThis.fetch` for one that answers the Geins
 * hosts from `api.fetch` and passes every other URL to the real fetch.
 *
 * | SDK URL | Trampa |
 * |---|---|
 * | `https://merchantapi.geins.io/graphql` | `/graphql` |
 * | `https://merchantapi.geins.io/auth/sign/{apiKey}?identity=` | `/auth/sign/{apiKey}?identity=` |
 * | `https://auth-service.geins.io/api/{account}_{env}/{action}` | `/auth/{action}` |
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Api } from '../../src/app.ts';

/** The Merchant API host the SDK calls (GEINS-API §1). */
const MERCHANT_API = 'https://merchantapi.geins.io/';
/** The auth service base the SDK calls, up to the account segment (GEINS-API §7.1). */
const AUTH_SERVICE = /^https:\/\/auth-service\.geins\.io\/api\/[^/]+\//;

/** Where a Geins URL goes on a Trampa API (`http://localhost` + path), or null for other URLs. */
export function trampaUrlOf(url: string): string | null {
  if (url.startsWith(MERCHANT_API)) return `http://localhost/${url.slice(MERCHANT_API.length)}`;
  const auth = AUTH_SERVICE.exec(url);
  if (auth) return `http://localhost/auth/${url.slice(auth[0].length)}`;
  return null;
}

/** One request the SDK sent, as Trampa saw it. */
export interface RoutedRequest {
  method: string;
  url: string;
  operationName: string | null;
  status: number;
}

/**
 * Routes the SDK's hosts to `api` until `restore()` is called; `requests` lists what went
 * through, in order.
 */
export function routeGeinsEndpoints(api: Api): { requests: RoutedRequest[]; restore(): void } {
  const realFetch = globalThis.fetch;
  const requests: RoutedRequest[] = [];
  const routed: typeof fetch = async (input, init) => {
    const original = new Request(input, init);
    const target = trampaUrlOf(original.url);
    if (!target) return realFetch(input, init);
    const body = original.method === 'GET' ? undefined : await original.text();
    let operationName: string | null = null;
    if (body && target.endsWith('/graphql')) {
      operationName = (JSON.parse(body) as { operationName?: string }).operationName ?? null;
    }
    const response = await api.fetch(
      new Request(target, { method: original.method, headers: original.headers, body }),
      { clientIp: '127.0.0.1' },
    );
    requests.push({ method: original.method, url: target, operationName, status: response.status });
    return response;
  };
  globalThis.fetch = routed;
  return {
    requests,
    restore() {
      globalThis.fetch = realFetch;
    },
  };
}

/**
 * The password salt hard-coded in the installed @geins/crm (GEINS-API §7.3), read from its
 * bundle so that the shop's AUTH_PASSWORD_SALT can be set to it; throws when the bundle no
 * longer has it where 0.10.4 has it.
 */
export function geinsSdkPasswordSalt(): string {
  const require = createRequire(import.meta.url);
  const bundle = readFileSync(require.resolve('@geins/crm'), 'utf8');
  const found = /digest\("SHA-384",\(new TextEncoder\)\.encode\(\w+\+"([^"]{64})"\)\)/.exec(bundle);
  if (!found?.[1]) throw new Error('the salt of @geins/crm was not found in its bundle');
  return found[1];
}
