import { describe, expect, it } from 'vitest';
import { DIRECTORY } from '../market/market-fixture';
import {
  DEFAULT_ROUTING,
  localeBasename,
  matchAcceptLanguage,
  routeRequest,
  type RoutingInput,
  type RoutingSettings,
} from './locale-routing';

const route = (settings: Partial<RoutingSettings>, input: Partial<RoutingInput>) =>
  routeRequest({ ...DEFAULT_ROUTING, ...settings }, DIRECTORY, {
    pathname: '/',
    search: '',
    ...input,
  });

const redirect = (location: string, status = 302) =>
  expect.objectContaining({ kind: 'redirect', status, location });

const render = (basename: string, market: string, languageId: string) =>
  expect.objectContaining({
    kind: 'render',
    basename,
    market: expect.objectContaining({ alias: market }),
    language: expect.objectContaining({ id: languageId }),
  });

describe('matchAcceptLanguage', () => {
  const codes = ['sv', 'en', 'da', 'fi', 'nb'];
  it('respects q-values and maps Norwegian tags to nb', () => {
    expect(matchAcceptLanguage('de-DE,en;q=0.8,sv;q=0.9', codes)).toBe('sv');
    expect(matchAcceptLanguage('nn-NO,en;q=0.5', codes)).toBe('nb');
    expect(matchAcceptLanguage('no', codes)).toBe('nb');
    expect(matchAcceptLanguage('de, fr;q=0', codes)).toBeNull();
    expect(matchAcceptLanguage(';;;q=abc,', codes)).toBeNull();
    expect(matchAcceptLanguage(undefined, codes)).toBeNull();
  });
  it('matches regional tags to their language and never picks a neighbour (RFC 4647 lookup)', () => {
    expect(matchAcceptLanguage('sv-FI', codes)).toBe('sv');
    expect(matchAcceptLanguage('en-US,en;q=0.9', codes)).toBe('en');
    expect(matchAcceptLanguage('nb-NO', codes)).toBe('nb');
    expect(matchAcceptLanguage('da;q=0.1, en;q=0.2', codes)).toBe('en');
    expect(matchAcceptLanguage('DA-dk', codes)).toBe('da');
    expect(matchAcceptLanguage('is', codes)).toBeNull();
    expect(matchAcceptLanguage('*', codes)).toBeNull();
    expect(matchAcceptLanguage('x_y, fi', codes)).toBe('fi');
    expect(matchAcceptLanguage('sv', [])).toBeNull();
  });
});

describe('no prefix (default)', () => {
  it('renders every path unprefixed in the cookie market or the default one', () => {
    expect(route({}, { pathname: '/c/cyklar' })).toEqual(render('', 'se', 'sv-SE'));
    expect(route({}, { pathname: '/c/cyklar', marketCookie: 'no' })).toEqual(
      render('', 'no', 'nb-NO'),
    );
    expect(route({}, { pathname: '/', marketCookie: 'eu' })).toEqual(render('', 'se', 'sv-SE'));
    expect(route({}, { pathname: '/', marketCookie: 'zz' })).toEqual(render('', 'se', 'sv-SE'));
  });

  it('uses only the market languages: an English browser in Sweden keeps sv-SE', () => {
    expect(route({}, { acceptLanguage: 'en-US' })).toEqual(render('', 'se', 'sv-SE'));
    expect(route({}, { acceptLanguage: 'sv', marketCookie: 'fi' })).toEqual(
      render('', 'fi', 'sv-FI'),
    );
    expect(route({}, { pathname: '/c/x', localeCookie: 'da', marketCookie: 'fi' })).toEqual(
      render('', 'fi', 'fi-FI'),
    );
  });

  it('redirects the root path to a configured path, 302 by default', () => {
    expect(route({ rootRedirect: { path: '/c/cyklar', status: 302 } }, { search: '?a=1' })).toEqual(
      redirect('/c/cyklar?a=1'),
    );
    expect(
      route({ rootRedirect: { path: '/c/cyklar', status: 301 } }, { pathname: '/c/x' }),
    ).toEqual(render('', 'se', 'sv-SE'));
  });
});

describe('market in path', () => {
  const on = { marketInPath: true };
  it('renders /{market}/{language}/... with that basename', () => {
    expect(route(on, { pathname: '/no/nb/c/cyklar' })).toEqual(render('/no/nb', 'no', 'nb-NO'));
    expect(route(on, { pathname: '/fi/sv/p/x' })).toEqual(render('/fi/sv', 'fi', 'sv-FI'));
  });

  it('redirects a language the market does not allow to its default language', () => {
    expect(route(on, { pathname: '/no/sv/c/cyklar', search: '?page=2' })).toEqual(
      redirect('/no/nb/c/cyklar?page=2'),
    );
  });

  it('adds a missing language or market', () => {
    expect(route(on, { pathname: '/no/c/cyklar' })).toEqual(redirect('/no/nb/c/cyklar'));
    expect(route(on, { pathname: '/c/cyklar' })).toEqual(redirect('/se/sv/c/cyklar'));
    expect(route(on, { pathname: '/c/cyklar', marketCookie: 'dk' })).toEqual(
      redirect('/dk/da/c/cyklar'),
    );
    expect(route(on, { pathname: '/' })).toEqual(redirect('/se/sv'));
  });

  it('replaces an unknown or checkout-only market with the fallback market', () => {
    expect(route(on, { pathname: '/xx/sv/c/cyklar' })).toEqual(redirect('/se/sv/c/cyklar'));
    expect(route(on, { pathname: '/eu/en/c/cyklar' })).toEqual(redirect('/se/sv/c/cyklar'));
    expect(route(on, { pathname: '/xx/nb/c/cyklar', marketCookie: 'no' })).toEqual(
      redirect('/no/nb/c/cyklar'),
    );
  });

  it('stores the market of the path in the cookie', () => {
    expect(route(on, { pathname: '/dk/da/' })).toMatchObject({ setMarketCookie: 'dk' });
    expect(route(on, { pathname: '/dk/da/', marketCookie: 'dk' })).toMatchObject({
      setMarketCookie: undefined,
    });
  });
});

describe('locale prefix strategies', () => {
  const off = { detection: 'off' as const };
  it('prefix: every path carries a locale', () => {
    const s = { ...off, localePrefix: 'prefix' as const };
    expect(route(s, { pathname: '/c/cyklar' })).toEqual(redirect('/sv/c/cyklar'));
    expect(route(s, { pathname: '/sv/c/cyklar' })).toEqual(render('/sv', 'se', 'sv-SE'));
    expect(route(s, { pathname: '/en/c/cyklar' })).toEqual(render('/en', 'se', 'en-US'));
    expect(route(s, { pathname: '/c/cyklar', localeCookie: 'en' })).toEqual(
      redirect('/en/c/cyklar'),
    );
  });

  it('prefix_except_default: the default locale has no prefix', () => {
    const s = { ...off, localePrefix: 'prefix_except_default' as const };
    expect(route(s, { pathname: '/c/cyklar' })).toEqual(render('', 'se', 'sv-SE'));
    expect(route(s, { pathname: '/sv/c/cyklar' })).toEqual(redirect('/c/cyklar'));
    expect(route(s, { pathname: '/en/c/cyklar' })).toEqual(render('/en', 'se', 'en-US'));
  });

  it('prefix_and_default: both the prefixed and the plain default locale render', () => {
    const s = { ...off, localePrefix: 'prefix_and_default' as const };
    expect(route(s, { pathname: '/c/cyklar' })).toEqual(render('', 'se', 'sv-SE'));
    expect(route(s, { pathname: '/sv/c/cyklar' })).toEqual(render('/sv', 'se', 'sv-SE'));
    expect(route(s, { pathname: '/da/c/cyklar' })).toEqual(render('/da', 'se', 'da-DK'));
  });
});

describe('initial locale detection', () => {
  const s = { localePrefix: 'prefix_except_default' as const };
  it('on the root path: Accept-Language, once (the cookie then remembers)', () => {
    expect(route(s, { acceptLanguage: 'en-GB,en;q=0.9' })).toEqual(
      expect.objectContaining({ kind: 'redirect', location: '/en', setLocaleCookie: 'en' }),
    );
    expect(route(s, { acceptLanguage: 'en', localeCookie: 'sv' })).toEqual(
      render('', 'se', 'sv-SE'),
    );
    expect(route(s, { pathname: '/c/x', acceptLanguage: 'en' })).toEqual(render('', 'se', 'sv-SE'));
  });

  it('is a no-op when the detected locale is the current one', () => {
    expect(route(s, { acceptLanguage: 'sv-SE' })).toEqual(render('', 'se', 'sv-SE'));
  });

  it('on unprefixed paths, and with always-redirect the cookie wins every time', () => {
    expect(
      route({ ...s, detection: 'no_prefix' }, { pathname: '/c/x', acceptLanguage: 'da' }),
    ).toEqual(redirect('/da/c/x'));
    expect(
      route({ ...s, detection: 'no_prefix' }, { pathname: '/en/c/x', acceptLanguage: 'da' }),
    ).toEqual(render('/en', 'se', 'en-US'));
    expect(
      route(
        { ...s, detection: 'all', alwaysRedirect: true },
        { pathname: '/en/c/x', localeCookie: 'fi' },
      ),
    ).toEqual(redirect('/fi/c/x'));
  });

  it('ignores an unknown locale cookie', () => {
    expect(route(s, { localeCookie: 'xx', acceptLanguage: 'de' })).toEqual(
      render('', 'se', 'sv-SE'),
    );
  });
});

describe('localeBasename (locale switching)', () => {
  it('gives the path prefix of a locale for each setting', () => {
    expect(localeBasename({ ...DEFAULT_ROUTING, marketInPath: true }, 'fi', 'sv')).toBe('/fi/sv');
    expect(localeBasename(DEFAULT_ROUTING, 'fi', 'sv')).toBe('');
    expect(localeBasename({ ...DEFAULT_ROUTING, localePrefix: 'prefix' }, 'se', 'sv')).toBe('/sv');
    const except = { ...DEFAULT_ROUTING, localePrefix: 'prefix_except_default' as const };
    expect(localeBasename(except, 'se', 'sv')).toBe('');
    expect(localeBasename(except, 'se', 'en')).toBe('/en');
  });
});
