import { describe, expect, it } from 'vitest';
import { pageCount, pageHref, parsePage, productWindow, singlePageWindow } from './paging';

describe('parsePage', () => {
  it('defaults to page 1 without a parameter', () => {
    expect(parsePage(null)).toBe(1);
  });

  it('accepts whole numbers from 1', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('12')).toBe(12);
  });

  it('rejects zero, negatives, decimals, text and huge pages', () => {
    for (const value of ['0', '-1', '1.5', 'två', '', '99999', '251']) {
      expect(parsePage(value), value).toBeNull();
    }
  });
});

describe('productWindow', () => {
  it('shows pages 1..N together up to page 8', () => {
    expect(productWindow(1)).toEqual({ skip: 0, take: 24, firstPage: 1, lastPage: 1 });
    expect(productWindow(3)).toEqual({ skip: 0, take: 72, firstPage: 1, lastPage: 3 });
    expect(productWindow(8).take).toBe(192);
  });

  it('shows page N alone beyond page 8', () => {
    expect(productWindow(9)).toEqual({ skip: 192, take: 24, firstPage: 9, lastPage: 9 });
  });

  it('gives single pages for the appending fetcher', () => {
    expect(singlePageWindow(2)).toEqual({ skip: 24, take: 24, firstPage: 2, lastPage: 2 });
  });
});

describe('pageCount', () => {
  it('rounds up and is at least 1', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
  });
});

describe('pageHref', () => {
  it('drops the parameter for page 1 and keeps other parameters', () => {
    expect(pageHref('/c/cyklar', 1, '?page=3')).toBe('/c/cyklar');
    expect(pageHref('/c/cyklar', 2)).toBe('/c/cyklar?page=2');
    expect(pageHref('/c/cyklar', 4, '?sort=PRICE&page=3')).toBe('/c/cyklar?sort=PRICE&page=4');
  });
});
