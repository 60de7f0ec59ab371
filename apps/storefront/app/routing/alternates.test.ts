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

  it('links every browsable market with market-in-path, in the language its text really has', () => {
    // Only Swedish is loaded (SPEC §1): the Norwegian, Danish and Finnish pages are Swedish
    // text, so they are sv-NO, sv-DK and sv-FI; /fi/fi repeats /fi/sv and gets no alternate.
    const links = alternatesFor({ ...base, marketInPath: true }, DIRECTORY);
    expect(links).toEqual([
      { hreflang: 'sv-SE', basename: '/se/sv' },
      { hreflang: 'sv-NO', basename: '/no/nb' },
      { hreflang: 'sv-DK', basename: '/dk/da' },
      { hreflang: 'sv-FI', basename: '/fi/sv' },
      { hreflang: 'x-default', basename: '/se/sv' },
    ]);
    for (const tag of ['fi-FI', 'nb-NO', 'da-DK', 'en']) {
      expect(links.map((link) => link.hreflang)).not.toContain(tag);
    }
  });

  it('follows the locale prefix strategy', () => {
    const except = alternatesFor({ ...base, localePrefix: 'prefix_except_default' }, DIRECTORY);
    expect(except).toContainEqual({ hreflang: 'sv', basename: '' });
    // /en has Swedish text while only sv is loaded: no `en` alternate.
    expect(except.map((link) => link.hreflang)).not.toContain('en');
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
