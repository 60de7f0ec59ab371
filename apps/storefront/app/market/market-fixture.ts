/** A market directory like the seed's, for unit tests (issue 4). */
import type { MarketDirectory, ShopLanguage, ShopMarket } from './markets';

const sv: ShopLanguage = { id: 'sv-SE', code: 'sv', name: 'Svenska' };
const nb: ShopLanguage = { id: 'nb-NO', code: 'nb', name: 'Norsk bokmål' };
const da: ShopLanguage = { id: 'da-DK', code: 'da', name: 'Dansk' };
const fi: ShopLanguage = { id: 'fi-FI', code: 'fi', name: 'Suomi' };
const svFi: ShopLanguage = { id: 'sv-FI', code: 'sv', name: 'Svenska (Finland)' };
const en: ShopLanguage = { id: 'en-US', code: 'en', name: 'English' };

function market(
  alias: string,
  id: string,
  name: string,
  currency: string,
  languages: ShopLanguage[],
  groupKey: string,
  flags: Partial<Pick<ShopMarket, 'virtual' | 'onlyDisplayInCheckout'>> = {},
): ShopMarket {
  return {
    id,
    alias,
    name,
    countryCode: id.slice(0, 2),
    currency,
    defaultLanguageId: languages[0]!.id,
    languages,
    groupKey,
    virtual: flags.virtual ?? false,
    onlyDisplayInCheckout: flags.onlyDisplayInCheckout ?? false,
  };
}

/** Sweden (default), Norway, Denmark, Finland, checkout-only EU and a virtual B2B market. */
export const DIRECTORY: MarketDirectory = {
  channelId: '1|se',
  defaultMarketAlias: 'se',
  markets: [
    market('se', 'SE|SEK', 'Sverige', 'SEK', [sv], 'Norden'),
    market('no', 'NO|NOK', 'Norge', 'NOK', [nb], 'Norden'),
    market('dk', 'DK|DKK', 'Danmark', 'DKK', [da], 'Norden'),
    market('fi', 'FI|EUR', 'Finland', 'EUR', [fi, svFi], 'Norden'),
    market('eu', 'EU|EUR', 'Övriga EU', 'EUR', [en], 'Europa', { onlyDisplayInCheckout: true }),
    market('b2b', 'XB|EUR', 'Export', 'EUR', [en], 'Europa', { virtual: true }),
  ],
  languages: [sv, en, da, fi, svFi, nb],
};
