import { IntlMessageFormat } from 'intl-messageformat';
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { currencySymbol, formatDate, formatNumber, t, type MessageKey } from './i18n';
import sv from './sv.json';
import en from './en.json';
import da from './da.json';
import fi from './fi.json';
import nb from './nb.json';

describe('t', () => {
  it('formats Swedish messages with values', () => {
    expect(t('price.discount', { percent: 25 })).toBe('-25 %');
    expect(t('meta.title', { page: 'Cyklar', shop: 'Trampa' })).toBe('Cyklar | Trampa');
    expect(t('topBar.freeShipping', { amount: '499 kr' })).toBe('Fri frakt till ombud över 499 kr');
  });

  it('gives every message the text IntlMessageFormat gives (plain texts skip the formatter)', () => {
    const keys = Object.keys(sv) as MessageKey[];
    const plain = keys.filter((key) => !/[{}<#']/.test(sv[key]));
    expect(plain.length).toBeGreaterThan(keys.length / 2);
    for (const key of keys) {
      if (/<|\{\w+\s*,/.test(sv[key]) || /\{\w+\}/.test(sv[key])) continue; // needs values
      expect(t(key), key).toBe(String(new IntlMessageFormat(sv[key], 'sv-SE').format()));
    }
  });

  it('formats every message with values as IntlMessageFormat does, in every culture', () => {
    // The counts cover the no-Intl path (0–999) and the Intl path (fractions, large, negative).
    const counts = [0, 1, 2, 5, 21, 999, 1000, 1234, 12345.5, 1.5, -1];
    const cultures = ['sv-SE', 'nb-NO', 'da-DK', 'fi-FI', 'en-US', 'de-DE'];
    let compared = 0;
    for (const key of Object.keys(sv) as MessageKey[]) {
      const elements = parse(sv[key]);
      const names = new Map<string, 'number' | string[]>();
      let hasTag = false;
      const collect = (list: MessageFormatElement[]) => {
        for (const element of list) {
          if (isTagElement(element)) hasTag = true;
          if (isArgumentElement(element)) names.set(element.value, ['Cyklar']);
          if (isNumberElement(element) || isPluralElement(element)) {
            names.set(element.value, 'number');
          }
          if (isSelectElement(element)) names.set(element.value, Object.keys(element.options));
          if (isPluralElement(element) || isSelectElement(element)) {
            for (const option of Object.values(element.options)) collect(option.value);
          }
        }
      };
      collect(elements);
      if (hasTag || names.size === 0) continue;
      for (const culture of cultures) {
        for (const count of counts) {
          const values: Record<string, string | number> = {};
          for (const [name, kind] of names) {
            values[name] = kind === 'number' ? count : (kind[count % kind.length] ?? '');
          }
          const expected = new IntlMessageFormat(sv[key], 'sv-SE', undefined, {
            formatters: {
              getNumberFormat: (_l, options) => new Intl.NumberFormat(culture, options),
              getDateTimeFormat: (_l, options) => new Intl.DateTimeFormat(culture, options),
              getPluralRules: (_l, options) => new Intl.PluralRules('sv-SE', options),
            },
          }).format(values);
          expect(t(key, values, culture), `${key} ${culture} ${count}`).toBe(String(expected));
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('uses Swedish plural rules', () => {
    expect(t('list.count', { count: 0 })).toBe('Inga produkter');
    expect(t('list.count', { count: 1 })).toBe('1 produkt');
    expect(t('list.count', { count: 1234 })).toBe('1\u00a0234 produkter');
  });

  it('writes numbers in the request culture while texts and plural rules stay Swedish', () => {
    const values = { shown: 20, count: 1234 };
    expect(t('list.showing', values)).toBe('Visar 20 av 1\u00a0234 produkter');
    expect(t('list.showing', values, 'en-US')).toBe('Visar 20 av 1,234 produkter');
    expect(t('list.showing', values, 'da-DK')).toBe('Visar 20 av 1.234 produkter');
    expect(t('list.showing', values, 'fi-FI')).toBe('Visar 20 av 1\u00a0234 produkter');
    expect(t('list.count', { count: 1234 }, 'en-US')).toBe('1,234 produkter');
    expect(t('list.count', { count: 1 }, 'fi-FI')).toBe('1 produkt');
    expect(t('search.showAll', { count: 12345 }, 'de-DE')).toBe('Visa alla 12.345 träffar');
    // An unknown culture falls back to Swedish.
    expect(t('list.showing', values, 'not a culture!')).toBe('Visar 20 av 1\u00a0234 produkter');
  });

  it('writes the price filter chip in the market currency and culture', () => {
    expect(
      t('list.filter.priceChip', {
        lowest: formatNumber(1000),
        highest: formatNumber(5000),
        currency: currencySymbol('SEK'),
      }),
    ).toBe('1\u00a0000–5\u00a0000 kr');
    expect(
      t('list.filter.priceChip', {
        lowest: formatNumber(100, 'fi-FI'),
        highest: '…',
        currency: currencySymbol('EUR', 'fi-FI'),
      }),
    ).toBe('100–… €');
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(currencySymbol('NOK', 'nb-NO')).toBe('kr');
    expect(currencySymbol('XYZ!', 'sv-SE')).toBe('XYZ!');
  });

  it('has the stock and delivery texts of SPEC §4', () => {
    expect(t('stock.in-stock')).toBe('I lager');
    expect(t('stock.few-left')).toBe('Få kvar');
    expect(t('stock.out-of-stock')).toBe('Slut i lager');
    expect(t('stock.oversellable')).toBe('Beställningsvara');
    expect(t('delivery.1-3')).toBe('Leveranstid 1-3 dagar');
    expect(t('delivery.3-10')).toBe('Leveranstid 3-10 dagar');
    expect(t('delivery.longer')).toBe('Längre leveranstid');
  });
});

describe('formatDate', () => {
  it('writes dates like "21 nov. 2026"', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21 nov. 2026');
  });

  it('keeps the date format of the request language while texts stay Swedish', () => {
    expect(formatDate('2026-11-21T10:00:00Z', 'nb-NO')).toBe('21. nov. 2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'fi-FI')).toBe('21.11.2026');
    expect(formatDate('2026-11-21T10:00:00Z', 'not a culture!')).toBe('21 nov. 2026');
  });

  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('catalogues', () => {
  const keys = Object.keys(sv).sort();
  it.each([
    ['en', en],
    ['da', da],
    ['fi', fi],
    ['nb', nb],
  ])('%s has exactly the keys of sv', (_name, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(keys);
  });

  it('every message parses and keeps the placeholders of the Swedish one', () => {
    const placeholders = (message: string) =>
      [...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
    for (const catalogue of [en, da, fi, nb] as Record<string, string>[]) {
      for (const key of keys) {
        expect(placeholders(catalogue[key] ?? ''), key).toEqual(
          placeholders((sv as Record<string, string>)[key] ?? ''),
        );
      }
    }
  });
});
