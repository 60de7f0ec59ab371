import { loadConfig } from '@trampa/api/config';
import type { ShopCookies } from '../../app/security/shop-cookies.server.ts';
import { E2E_ENV } from './e2e-env.ts';

/**
 * The verified value of one of the shop's signed cookies (issue 22) among a response's
 * Set-Cookie values (the last one of its name, as the browser keeps it), with the keys a shop
 * started with `env` signs with; null when absent or not signed with those keys.
 */
export async function signedCookieValue(
  setCookies: readonly string[],
  cookie: keyof ShopCookies,
  env: Record<string, string | undefined> = E2E_ENV,
): Promise<string | null> {
  const secrets = loadConfig(env, { requireProductionSecrets: false }).auth.cookieSecrets;
  // Loaded here, not at the top: React Router (and React) must load after NODE_ENV is set.
  const { createShopCookies } = await import('../../app/security/shop-cookies.server.ts');
  const cookies = createShopCookies(secrets);
  // The browser keeps the last Set-Cookie of a name (the routing layer may set one first).
  const pairs = setCookies.map((value) => value.split(';')[0] ?? '');
  const last = pairs.findLast((pair) => pair.startsWith(`${cookies[cookie].name}=`));
  return last ? cookies[cookie].read(last) : null;
}

/**
 * A Cookie header pair (`name=value`) holding `value` in one of the shop's signed cookies, signed
 * with the keys a shop started with `env` verifies: what the browser sends back after the shop
 * set it.
 */
export async function signedCookieHeader(
  cookie: keyof ShopCookies,
  value: string,
  env: Record<string, string | undefined> = E2E_ENV,
): Promise<string> {
  const secrets = loadConfig(env, { requireProductionSecrets: false }).auth.cookieSecrets;
  const { createShopCookies } = await import('../../app/security/shop-cookies.server.ts');
  return (await createShopCookies(secrets)[cookie].serialize(value, false)).split(';')[0] ?? '';
}
