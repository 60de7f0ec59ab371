import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  categoryFromPath,
  needsCanonicalRedirect,
  normalizePath,
  pathSegments,
  productAliasFromPath,
  searchPath,
} from './paths';

describe('pathSegments', () => {
  it('splits, drops empty segments and decodes', () => {
    expect(pathSegments('/c/cyklar//elcyklar/')).toEqual(['c', 'cyklar', 'elcyklar']);
    expect(pathSegments('/p/h%C3%A4lm')).toEqual(['p', 'hälm']);
  });

  it('keeps malformed escapes', () => {
    expect(pathSegments('/p/%E0%A4%A')).toEqual(['p', '%E0%A4%A']);
  });
});

describe('productAliasFromPath', () => {
  it('takes the last segment of /p/ paths with up to three segments before the alias', () => {
    expect(productAliasFromPath('/p/racer-2000')).toBe('racer-2000');
    expect(productAliasFromPath('/p/cyklar/racer-2000')).toBe('racer-2000');
    expect(productAliasFromPath('/p/cyklar/landsvag/racer-2000')).toBe('racer-2000');
    expect(productAliasFromPath('/p/a/b/c/racer-2000')).toBe('racer-2000');
  });

  it('rejects deeper paths and other prefixes', () => {
    expect(productAliasFromPath('/p/a/b/c/d/racer-2000')).toBeNull();
    expect(productAliasFromPath('/p')).toBeNull();
    expect(productAliasFromPath('/c/cyklar')).toBeNull();
  });

  it('reads /product/{alias}', () => {
    expect(productAliasFromPath('/product/racer-2000')).toBe('racer-2000');
    expect(productAliasFromPath('/product')).toBeNull();
  });
});

describe('categoryFromPath', () => {
  it('reads /c/ paths of any depth and /list/', () => {
    expect(categoryFromPath('/c/cyklar')).toEqual({ alias: 'cyklar', kind: 'c' });
    expect(categoryFromPath('/c/cyklar/elcyklar')).toEqual({ alias: 'elcyklar', kind: 'c' });
    expect(categoryFromPath('/list/elcyklar')).toEqual({ alias: 'elcyklar', kind: 'list' });
  });

  it('returns null for other paths', () => {
    expect(categoryFromPath('/c')).toBeNull();
    expect(categoryFromPath('/list')).toBeNull();
    expect(categoryFromPath('/p/x')).toBeNull();
  });
});

describe('needsCanonicalRedirect', () => {
  it('ignores trailing slashes and encoding', () => {
    expect(needsCanonicalRedirect('/p/cyklar/racer/', '/p/cyklar/racer')).toBe(false);
    expect(needsCanonicalRedirect('/p/h%C3%A4lm', '/p/hälm')).toBe(false);
  });

  it('detects a different path', () => {
    expect(needsCanonicalRedirect('/product/racer', '/p/cyklar/racer')).toBe(true);
  });

  it('never redirects to a missing or absolute canonical url', () => {
    expect(needsCanonicalRedirect('/p/racer', null)).toBe(false);
    expect(needsCanonicalRedirect('/p/racer', 'https://elsewhere.example/p/racer')).toBe(false);
  });
});

describe('normalizePath, absoluteUrl, searchPath', () => {
  it('normalizes the root', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
  });

  it('joins the public url and a path', () => {
    expect(absoluteUrl('https://shop.example/', '/c/cyklar')).toBe('https://shop.example/c/cyklar');
    expect(absoluteUrl('https://shop.example', 'c')).toBe('https://shop.example/c');
  });

  it('encodes the search term', () => {
    expect(searchPath(' röd hjälm ')).toBe('/s/r%C3%B6d%20hj%C3%A4lm');
  });
});
