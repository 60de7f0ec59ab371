/**
 * Reference data of the seed: languages, currencies, countries, the channel and its one market
 * (GEINS-API §4.1). Other markets come later.
 */
import type {
  channelLanguages,
  channels,
  countries,
  currencies,
  languages,
  marketLanguages,
  markets,
} from '../schema.ts';

/** Languages (`LanguageType`): culture id, short code and native name. */
export const LANGUAGES: Array<typeof languages.$inferInsert> = [
  { id: 'sv-SE', code: 'sv', name: 'Svenska' },
  { id: 'en-US', code: 'en', name: 'English' },
  { id: 'da-DK', code: 'da', name: 'Dansk' },
  { id: 'fi-FI', code: 'fi', name: 'Suomi' },
  { id: 'sv-FI', code: 'sv', name: 'Svenska (Finland)' },
  { id: 'nb-NO', code: 'nb', name: 'Norsk bokmål' },
];

/** Currencies; `rate` converts one unit to SEK (the channel's default currency). */
export const CURRENCIES: Array<typeof currencies.$inferInsert> = [
  { code: 'SEK', name: 'Svensk krona', symbol: 'kr', rate: '1', minorUnits: 100 },
  { code: 'NOK', name: 'Norsk krone', symbol: 'kr', rate: '0.96', minorUnits: 100 },
  { code: 'DKK', name: 'Dansk krone', symbol: 'kr.', rate: '1.47', minorUnits: 100 },
  { code: 'EUR', name: 'Euro', symbol: '€', rate: '11.0', minorUnits: 100 },
];

/** Countries with Swedish names (ISO 3166-1 alpha-2). */
export const COUNTRIES: Array<typeof countries.$inferInsert> = [
  { code: 'SE', name: 'Sverige' },
  { code: 'NO', name: 'Norge' },
  { code: 'DK', name: 'Danmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'DE', name: 'Tyskland' },
  { code: 'NL', name: 'Nederländerna' },
  { code: 'EE', name: 'Estland' },
  { code: 'PL', name: 'Polen' },
  { code: 'AT', name: 'Österrike' },
];

/** The one sales channel, "Trampa" (API id `1|se`). */
export const CHANNEL: typeof channels.$inferInsert = {
  id: 1,
  alias: 'se',
  name: 'Trampa',
  type: 'WEBSHOP',
  url: 'http://localhost:3000',
  defaultLanguageId: 'sv-SE',
  defaultMarketId: 'SE|SEK',
  theme: '{}',
};

/** Languages the channel offers, Swedish first. */
export const CHANNEL_LANGUAGES: Array<typeof channelLanguages.$inferInsert> = LANGUAGES.map(
  (language, index) => ({ channelId: 1, languageId: language.id as string, sortOrder: index }),
);

/** The Swedish market id; prices of the seed are in this market. */
export const SE_MARKET_ID = 'SE|SEK';

/** Swedish standard VAT, 25 % in basis points. */
export const SE_VAT_BASIS_POINTS = 2500;

/** Markets: Sweden only for now. */
export const MARKETS: Array<typeof markets.$inferInsert> = [
  {
    id: SE_MARKET_ID,
    alias: 'se',
    channelId: 1,
    countryCode: 'SE',
    currencyCode: 'SEK',
    vatRateBasisPoints: SE_VAT_BASIS_POINTS,
    defaultLanguageId: 'sv-SE',
    virtual: false,
    onlyDisplayInCheckout: false,
    groupKey: 'Norden',
    sortOrder: 0,
    active: true,
  },
];

/** Languages allowed per market. */
export const MARKET_LANGUAGES: Array<typeof marketLanguages.$inferInsert> = [
  { marketId: SE_MARKET_ID, languageId: 'sv-SE', sortOrder: 0 },
];
