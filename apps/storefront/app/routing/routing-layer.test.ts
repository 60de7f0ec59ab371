/**
 * Request-level tests of the routing layer (issue 4 "Done when": market-in-path and each prefix
 * strategy covered by redirects with status codes and Location headers): real HTTP requests to
 * an Express app with the layer in front of a handler that echoes what it would render.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { DIRECTORY } from '../market/market-fixture';
import type { RoutedMarket } from '../market/request-market';
import { DEFAULT_ROUTING, type RoutingSettings } from './locale-routing';
import { createShopCookies } from '../security/shop-cookies.server';
import { routingLayer } from './routing-layer.server';

const cookies = createShopCookies(['routing-layer-test-secret-of-32-characters']);

/** The verified value of cookie `name` among Set-Cookie values, or null. */
async function setCookieValue(setCookies: string[], name: 'market' | 'locale') {
  const header = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
  return cookies[name].read(header);
}

/** A Cookie header holding `value` signed as the shop signs cookie `name`. */
async function signed(name: 'market' | 'locale', value: string) {
  return (await cookies[name].serialize(value, false)).split(';')[0]!;
}

let server: Server | undefined;

afterEach(async () => {
  server?.close();
  server = undefined;
});

/** Starts the layer with `settings`; returns a GET function that does not follow redirects. */
async function shop(settings: Partial<RoutingSettings>) {
  const app = express();
  app.use(
    routingLayer({
      settings: { ...DEFAULT_ROUTING, ...settings },
      directory: { get: async () => DIRECTORY },
      cookies,
    }),
  );
  app.use((_req, res) => {
    const routed = res.locals.routedMarket as RoutedMarket | undefined;
    res.json({
      basename: routed?.basename ?? null,
      market: routed?.market.alias ?? null,
      language: routed?.language.id ?? null,
    });
  });
  server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, { redirect: 'manual', headers });
    return {
      status: response.status,
      location: response.headers.get('location'),
      cookies: response.headers.getSetCookie(),
      body: response.status === 200 ? await response.json() : null,
    };
  };
}

describe('market in path (MARKET_IN_PATH=true)', () => {
  it('serves /{market}/{language}/... under that basename and stores the market', async () => {
    const get = await shop({ marketInPath: true });
    const page = await get('/no/nb/c/cyklar?page=2');
    expect(page).toMatchObject({
      status: 200,
      body: { basename: '/no/nb', market: 'no', language: 'nb-NO' },
    });
    expect(page.cookies.join()).toMatch(
      /ralph-market=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    expect(await setCookieValue(page.cookies, 'market')).toBe('no');
    expect((await get('/no/nb/c/cyklar.data')).body).toMatchObject({ basename: '/no/nb' });
  });

  it('redirects 302: disallowed language, unknown market, missing market and language', async () => {
    const get = await shop({ marketInPath: true });
    expect(await get('/no/sv/c/cyklar')).toMatchObject({
      status: 302,
      location: '/no/nb/c/cyklar',
    });
    expect(await get('/xx/sv/p/hjalm?x=1')).toMatchObject({
      status: 302,
      location: '/se/sv/p/hjalm?x=1',
    });
    expect(await get('/c/cyklar')).toMatchObject({ status: 302, location: '/se/sv/c/cyklar' });
    expect(await get('/c/cyklar', { cookie: await signed('market', 'fi') })).toMatchObject({
      status: 302,
      location: '/fi/fi/c/cyklar',
    });
    expect(await get('/', { cookie: 'ralph-market=<tampered>' })).toMatchObject({
      status: 302,
      location: '/se/sv',
    });
    // An unsigned market (as written before the cookies were signed) reads as absent.
    expect(await get('/c/cyklar', { cookie: 'ralph-market=fi' })).toMatchObject({
      status: 302,
      location: '/se/sv/c/cyklar',
    });
  });

  it('leaves assets, images and the API alone', async () => {
    const get = await shop({ marketInPath: true });
    expect((await get('/assets/app.js')).body).toEqual({
      basename: null,
      market: null,
      language: null,
    });
    expect((await get('/graphql')).status).toBe(200);
  });
});

describe('locale prefix strategies', () => {
  it('no_prefix (default): nothing is redirected', async () => {
    const get = await shop({ detection: 'off' });
    expect(await get('/c/cyklar', { cookie: await signed('market', 'dk') })).toMatchObject({
      status: 200,
      body: { basename: '', market: 'dk', language: 'da-DK' },
    });
    expect((await get('/en/c/cyklar')).body).toMatchObject({ basename: '' });
  });

  it('prefix: unprefixed paths get the locale', async () => {
    const get = await shop({ localePrefix: 'prefix', detection: 'off' });
    expect(await get('/c/cyklar')).toMatchObject({ status: 302, location: '/sv/c/cyklar' });
    expect(await get('/')).toMatchObject({ status: 302, location: '/sv' });
    expect((await get('/en/c/cyklar')).body).toMatchObject({ basename: '/en', language: 'en-US' });
  });

  it('prefix_except_default: the default locale loses its prefix', async () => {
    const get = await shop({ localePrefix: 'prefix_except_default', detection: 'off' });
    expect(await get('/sv/c/cyklar?page=3')).toMatchObject({
      status: 302,
      location: '/c/cyklar?page=3',
    });
    expect((await get('/c/cyklar')).body).toMatchObject({ basename: '' });
    expect((await get('/fi/c/cyklar')).body).toMatchObject({ basename: '/fi', language: 'fi-FI' });
  });

  it('prefix_and_default: the default locale is served with and without prefix', async () => {
    const get = await shop({ localePrefix: 'prefix_and_default', detection: 'off' });
    expect((await get('/sv/c/cyklar')).body).toMatchObject({ basename: '/sv' });
    expect((await get('/c/cyklar')).body).toMatchObject({ basename: '' });
  });

  it('the root path redirects to the configured path with the configured status', async () => {
    const get = await shop({ rootRedirect: { path: '/c/cyklar', status: 302 } });
    expect(await get('/')).toMatchObject({ status: 302, location: '/c/cyklar' });
    const permanent = await shop({ rootRedirect: { path: '/kampanj', status: 301 } });
    expect(await permanent('/')).toMatchObject({ status: 301, location: '/kampanj' });
  });

  it('detects the initial locale on the root path from Accept-Language, once', async () => {
    const get = await shop({ localePrefix: 'prefix_except_default', detection: 'root' });
    const first = await get('/', { 'accept-language': 'da-DK,da;q=0.9,en;q=0.5' });
    expect(first).toMatchObject({ status: 302, location: '/da' });
    expect(await setCookieValue(first.cookies, 'locale')).toBe('da');
    expect(
      await get('/', { 'accept-language': 'da', cookie: await signed('locale', 'sv') }),
    ).toMatchObject({
      status: 200,
    });
    expect(await get('/', { 'accept-language': 'sv-SE' })).toMatchObject({ status: 200 });
  });
});
