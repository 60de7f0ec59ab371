import { describe, expect, it } from 'vitest';
import {
  findChannel,
  findLanguage,
  requireCurrency,
  resolveShopContext,
  type ChannelDirectory,
  type MarketInfo,
} from './channel.service.ts';

const sv = { id: 'sv-SE', code: 'sv', name: 'Svenska' };
const en = { id: 'en-US', code: 'en', name: 'English' };
const fi = { id: 'fi-FI', code: 'fi', name: 'Suomi' };

function market(id: string, alias: string, extra: Partial<MarketInfo> = {}): MarketInfo {
  return {
    id,
    alias,
    channelId: 1,
    country: { code: id.slice(0, 2), name: id },
    currency: { code: id.slice(3), name: id, symbol: 'kr', rate: 1, minorUnits: 100 },
    vatRateBasisPoints: 2500,
    defaultLanguageId: 'sv-SE',
    virtual: false,
    onlyDisplayInCheckout: false,
    groupKey: 'Norden',
    active: true,
    allowedLanguages: [sv],
    ...extra,
  };
}

const se = market('SE|SEK', 'se', { allowedLanguages: [sv, en] });
const fiMarket = market('FI|EUR', 'fi', { defaultLanguageId: 'fi-FI', allowedLanguages: [fi, sv] });
const closed = market('NO|NOK', 'no', { active: false });
const directory: ChannelDirectory = {
  channels: [
    {
      internalId: 1,
      id: '1|se',
      alias: 'se',
      name: 'Trampa',
      type: 'WEBSHOP',
      url: 'http://localhost',
      defaultLanguageId: 'sv-SE',
      defaultMarketId: 'SE|SEK',
      languages: [sv, en, fi],
      markets: [se, fiMarket],
      allMarkets: [se, fiMarket, closed],
    },
    {
      internalId: 2,
      id: '2|b2b',
      alias: 'b2b',
      name: 'Trampa företag',
      type: 'WEBSHOP',
      url: 'http://localhost/b2b',
      defaultLanguageId: 'sv-SE',
      defaultMarketId: 'SE|SEK',
      languages: [sv],
      markets: [],
      allMarkets: [],
    },
  ],
};

describe('findChannel (GEINS-API §1)', () => {
  it('accepts "1|se", "1" and "se", case-insensitively', () => {
    expect(findChannel(directory, '1|se')?.id).toBe('1|se');
    expect(findChannel(directory, '2')?.id).toBe('2|b2b');
    expect(findChannel(directory, 'B2B')?.id).toBe('2|b2b');
  });

  it('falls back to the first channel', () => {
    expect(findChannel(directory, '9|xx')?.id).toBe('1|se');
    expect(findChannel(directory, undefined)?.id).toBe('1|se');
    expect(findChannel({ channels: [] }, '1|se')).toBeNull();
  });
});

describe('resolveShopContext', () => {
  it('finds a market by id or alias', () => {
    expect(resolveShopContext(directory, { marketId: 'se' }).market.id).toBe('SE|SEK');
    expect(resolveShopContext(directory, { marketId: 'FI|EUR' }).market.id).toBe('FI|EUR');
    expect(resolveShopContext(directory, { marketId: 'fi|eur' }).market.id).toBe('FI|EUR');
  });

  it('falls back to the default market and reports an unavailable one', () => {
    const reported: string[] = [];
    const report = (id: string) => reported.push(id);
    expect(resolveShopContext(directory, { marketId: 'zz' }, report).market.id).toBe('SE|SEK');
    expect(resolveShopContext(directory, { marketId: 'no' }, report).market.id).toBe('SE|SEK');
    expect(resolveShopContext(directory, {}, report).market.id).toBe('SE|SEK');
    expect(reported).toEqual(['zz', 'no']);
  });

  it('picks the language by culture or short code, else the market default', () => {
    expect(resolveShopContext(directory, { languageId: 'en' }).language.id).toBe('en-US');
    expect(resolveShopContext(directory, { languageId: 'sv-SE' }).language.id).toBe('sv-SE');
    expect(resolveShopContext(directory, { marketId: 'fi' }).language.id).toBe('fi-FI');
    expect(resolveShopContext(directory, { languageId: 'xx' }).language.id).toBe('sv-SE');
  });

  it('fails for a channel without markets', () => {
    expect(() => resolveShopContext(directory, { channelId: '2|b2b' })).toThrow(/no active market/);
  });
});

describe('requireCurrency (SPEC §8)', () => {
  it('passes the currency through or fails with CURRENCY_NOT_FOUND', () => {
    const shop = resolveShopContext(directory, {});
    expect(requireCurrency(shop).currency.code).toBe('SEK');
    const broken = { ...shop, market: { ...shop.market, currency: null } };
    expect(() => requireCurrency(broken)).toThrow('Currency not found for this market');
    try {
      requireCurrency(broken);
    } catch (error) {
      expect((error as { extensions: unknown }).extensions).toMatchObject({
        code: 'CURRENCY_NOT_FOUND',
      });
    }
  });
});

describe('findLanguage', () => {
  it('returns null for unknown or missing ids', () => {
    expect(findLanguage([sv], 'de')).toBeNull();
    expect(findLanguage([sv], null)).toBeNull();
  });
});
