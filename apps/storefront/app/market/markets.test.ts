import { describe, expect, it } from 'vitest';
import { DIRECTORY } from './market-fixture';
import {
  checkoutMarketGroups,
  defaultLanguageOf,
  findBrowsingMarket,
  findMarket,
  pickerGroups,
} from './markets';
import {
  cartMarketAlias,
  cartMoneyFormat,
  parseCustomerType,
  resolveCheckoutMarket,
  resolveRequestMarket,
} from './request-market';
import { isForeignMessage } from './broadcast';

const aliases = (groups: ReturnType<typeof pickerGroups>) =>
  groups.map((g) => [g.groupKey, g.markets.map((m) => m.alias)]);

describe('markets', () => {
  it('finds markets by alias or id, case-insensitively', () => {
    expect(findMarket(DIRECTORY, 'NO')?.id).toBe('NO|NOK');
    expect(findMarket(DIRECTORY, 'fi|eur')?.alias).toBe('fi');
    expect(findMarket(DIRECTORY, 'xx')).toBeNull();
    expect(findMarket(DIRECTORY, '')).toBeNull();
  });

  it('never browses in a checkout-only market', () => {
    expect(findBrowsingMarket(DIRECTORY, 'eu')).toBeNull();
    expect(findBrowsingMarket(DIRECTORY, 'dk')?.alias).toBe('dk');
  });

  it('lists picker markets by group, hiding virtual and checkout-only ones', () => {
    expect(aliases(pickerGroups(DIRECTORY.markets))).toEqual([
      ['Norden', ['se', 'no', 'dk', 'fi']],
    ]);
  });

  it('offers every non-virtual market as checkout market', () => {
    expect(aliases(checkoutMarketGroups(DIRECTORY.markets))).toEqual([
      ['Norden', ['se', 'no', 'dk', 'fi']],
      ['Europa', ['eu']],
    ]);
  });

  it('knows each market default language', () => {
    expect(defaultLanguageOf(findMarket(DIRECTORY, 'fi')!).id).toBe('fi-FI');
  });
});

describe('request market', () => {
  it('reads the customer type; unknown values give PERSON', () => {
    expect(parseCustomerType('ORGANIZATION')).toBe('ORGANIZATION');
    expect(parseCustomerType('organization')).toBe('PERSON');
    expect(parseCustomerType(null)).toBe('PERSON');
    const company = resolveRequestMarket({ userType: 'ORGANIZATION' }, DIRECTORY);
    expect(company).toMatchObject({ customerType: 'ORGANIZATION', pricesIncludeVat: false });
    const odd = resolveRequestMarket({ userType: 'ADMIN' }, DIRECTORY);
    expect(odd).toMatchObject({ customerType: 'PERSON', pricesIncludeVat: true });
  });

  it('takes the routed market and language, and a checkout market from its cookie', () => {
    const market = findMarket(DIRECTORY, 'fi')!;
    const resolved = resolveRequestMarket({ checkoutMarket: 'eu' }, DIRECTORY, {
      market,
      language: market.languages[1]!,
      locale: 'sv',
      basename: '/fi/sv',
    });
    expect(resolved).toMatchObject({
      channelId: '1|se',
      marketId: 'fi',
      languageId: 'sv-FI',
      currency: 'EUR',
      checkoutMarketId: 'eu',
      basename: '/fi/sv',
    });
  });

  it('never makes a virtual or unknown market the checkout market', () => {
    const fi = findMarket(DIRECTORY, 'fi')!;
    const b2b = findMarket(DIRECTORY, 'b2b')!;
    expect(resolveCheckoutMarket(DIRECTORY, fi, 'b2b').alias).toBe('fi');
    expect(resolveCheckoutMarket(DIRECTORY, fi, 'nope').alias).toBe('fi');
    expect(resolveCheckoutMarket(DIRECTORY, b2b, null).alias).toBe('se');
  });

  it('uses the checkout market for cart requests of checkout routes only', () => {
    const market = resolveRequestMarket({ checkoutMarket: 'dk' }, DIRECTORY);
    expect(cartMarketAlias(market, 'checkout')).toBe('dk');
    expect(cartMarketAlias(market, 'routes/checkout-confirm')).toBe('dk');
    expect(cartMarketAlias(market, 'product')).toBe('se');
  });

  it("writes checkout routes' cart amounts in the checkout market's currency and culture", () => {
    const market = resolveRequestMarket({ checkoutMarket: 'fi' }, DIRECTORY);
    expect(cartMoneyFormat(market, DIRECTORY, 'checkout')).toEqual({
      currency: 'EUR',
      culture: 'fi-FI',
    });
    expect(cartMoneyFormat(market, DIRECTORY, 'cart')).toEqual({
      currency: 'SEK',
      culture: 'sv-SE',
    });
    // Without the directory the browsing market's money is kept.
    expect(cartMoneyFormat(market, null, 'checkout')).toEqual({
      currency: 'SEK',
      culture: 'sv-SE',
    });
  });
});

describe('cross-tab messages', () => {
  it('accepts well-formed messages of other tabs only', () => {
    const message = { type: 'market', id: 'other', currentMarket: 'no', checkoutMarket: 'no' };
    expect(isForeignMessage(message, 'me')).toBe(true);
    expect(isForeignMessage({ ...message, id: 'me' }, 'me')).toBe(false);
    expect(isForeignMessage({ ...message, type: 'evil' }, 'me')).toBe(false);
    expect(isForeignMessage('market', 'me')).toBe(false);
  });
});
