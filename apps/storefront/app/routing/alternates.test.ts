import { describe, expect, it } from 'vitest';
import { DIRECTORY } from '../market/market-fixture';
import { alternatesFor } from './alternates';
import { pageMeta } from './meta';

const base = { marketInPath: false, localePrefix: 'no_prefix' as const, defaultLocale: 'sv' };

describe('alternatesFor', () => {
  it('has none without prefixes: one URL serves every language', () => {
    expect(alternatesFor(base, DIRECTORY)).toEqual([]);
    expect(alternatesFor({ ...base, marketInPath: true }, null)).toEqual([]);
  });

  it('links every browsable market and language with market-in-path', () => {
    expect(alternatesFor({ ...base, marketInPath: true }, DIRECTORY)).toEqual([
      { hreflang: 'sv-SE', basename: '/se/sv' },
      { hreflang: 'nb-NO', basename: '/no/nb' },
      { hreflang: 'da-DK', basename: '/dk/da' },
      { hreflang: 'fi-FI', basename: '/fi/fi' },
      { hreflang: 'sv-FI', basename: '/fi/sv' },
      { hreflang: 'x-default', basename: '/se/sv' },
    ]);
  });

  it('follows the locale prefix strategy', () => {
    const except = alternatesFor({ ...base, localePrefix: 'prefix_except_default' }, DIRECTORY);
    expect(except).toContainEqual({ hreflang: 'sv', basename: '' });
    expect(except).toContainEqual({ hreflang: 'en', basename: '/en' });
    expect(except).toContainEqual({ hreflang: 'x-default', basename: '' });
    const prefix = alternatesFor({ ...base, localePrefix: 'prefix' }, DIRECTORY);
    expect(prefix).toContainEqual({ hreflang: 'sv', basename: '/sv' });
    expect(prefix).toContainEqual({ hreflang: 'x-default', basename: '/sv' });
  });
});

describe('pageMeta with a market prefix', () => {
  const shop = {
    name: 'Trampa',
    publicUrl: 'https://trampa.example',
    locale: {
      basename: '/no/nb',
      alternates: alternatesFor({ ...base, marketInPath: true }, DIRECTORY),
    },
  };

  it('prefixes canonical, prev and next links and links the alternates', () => {
    const meta = pageMeta(shop, {
      title: 'Cyklar',
      canonicalPath: '/c/cyklar?page=2',
      prevPath: '/c/cyklar',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://trampa.example/no/nb/c/cyklar?page=2',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'prev',
      href: 'https://trampa.example/no/nb/c/cyklar',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'sv-FI',
      href: 'https://trampa.example/fi/sv/c/cyklar?page=2',
    });
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: 'https://trampa.example/se/sv/c/cyklar?page=2',
    });
  });

  it('links the start page under each prefix and none for error pages', () => {
    const home = pageMeta(shop, { title: 'Trampa', fullTitle: true, canonicalPath: '/' });
    expect(home).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://trampa.example/no/nb',
    });
    const error = pageMeta(shop, { title: 'Fel', canonicalPath: '/x', noindex: true });
    expect(error.filter((d) => 'rel' in d && d.rel === 'alternate')).toEqual([]);
  });
});
