import { describe, expect, it } from 'vitest';
import { pagePathPrefix, prefixPagePath } from './page-paths.ts';

const shop = (alias: string, code: string) => ({
  market: { alias } as never,
  language: { code } as never,
});

describe('page paths under market in path (issue 25)', () => {
  it('the prefix is /{market alias}/{language code} in path mode, else empty', () => {
    expect(pagePathPrefix(shop('se', 'sv'), true)).toBe('/se/sv');
    expect(pagePathPrefix(shop('NO', 'nb'), true)).toBe('/no/nb');
    expect(pagePathPrefix(shop('se', 'sv'), false)).toBe('');
    expect(pagePathPrefix(shop('se', ''), true)).toBe('');
  });

  it('prefixes site-relative page paths once and leaves everything else', () => {
    expect(prefixPagePath('/se/sv', '/c/cyklar')).toBe('/se/sv/c/cyklar');
    expect(prefixPagePath('/se/sv', '/')).toBe('/se/sv');
    expect(prefixPagePath('/se/sv', '/se/sv/c/cyklar')).toBe('/se/sv/c/cyklar');
    expect(prefixPagePath('/se/sv', 'https://shop.example/c/x')).toBe('https://shop.example/c/x');
    expect(prefixPagePath('/se/sv', '//cdn.example/x.jpg')).toBe('//cdn.example/x.jpg');
    expect(prefixPagePath('/se/sv', 'trek-fx-2-1.jpg')).toBe('trek-fx-2-1.jpg');
    expect(prefixPagePath('', '/c/cyklar')).toBe('/c/cyklar');
  });
});
