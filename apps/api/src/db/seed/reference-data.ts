/**
 * Reference data of the seed: languages, currencies, countries, the channel and its markets
 * (GEINS-API §4.1): Sweden (default), Norway, Denmark, Finland and a checkout-only EU market.
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

/**
 * A seeded market with its price list settings: `priceFactor` turns a Swedish price excl. VAT
 * (öre) into this market's currency (minor units), `rounding` the market's price endings.
 */
export interface SeedMarket {
  row: typeof markets.$inferInsert;
  languages: string[];
  /** Minor units of this currency per öre (SEK -> NOK 1/0.96). */
  priceFactor: number;
  /** `nine`: whole amounts ending in 9 ("1 299 kr"); `ninety`: ",90" under 1 000 ("129,90 €"). */
  rounding: 'nine' | 'ninety';
}

function market(
  id: string,
  alias: string,
  countryCode: string,
  currencyCode: string,
  vatRateBasisPoints: number,
  languages: string[],
  groupKey: string,
  sortOrder: number,
  extra: { virtual?: boolean; onlyDisplayInCheckout?: boolean; rounding?: 'nine' | 'ninety' } = {},
): SeedMarket {
  const rate = Number(CURRENCIES.find((c) => c.code === currencyCode)?.rate ?? 1);
  return {
    row: {
      id,
      alias,
      channelId: 1,
      countryCode,
      currencyCode,
      vatRateBasisPoints,
      defaultLanguageId: languages[0]!,
      virtual: extra.virtual ?? false,
      onlyDisplayInCheckout: extra.onlyDisplayInCheckout ?? false,
      groupKey,
      sortOrder,
      active: true,
    },
    languages,
    priceFactor: 1 / rate,
    rounding: extra.rounding ?? 'nine',
  };
}

/**
 * Markets with their languages and VAT (SE, NO, DK 25 %, FI 25.5 %). `eu` (other EU countries,
 * EUR) is only offered as a checkout market (`onlyDisplayInCheckout`), never in the market picker.
 */
export const SEED_MARKETS: readonly SeedMarket[] = [
  market(SE_MARKET_ID, 'se', 'SE', 'SEK', SE_VAT_BASIS_POINTS, ['sv-SE'], 'Norden', 0),
  market('NO|NOK', 'no', 'NO', 'NOK', 2500, ['nb-NO'], 'Norden', 1),
  market('DK|DKK', 'dk', 'DK', 'DKK', 2500, ['da-DK'], 'Norden', 2),
  market('FI|EUR', 'fi', 'FI', 'EUR', 2550, ['fi-FI', 'sv-FI'], 'Norden', 3, {
    rounding: 'ninety',
  }),
  market('EU|EUR', 'eu', 'DE', 'EUR', 2500, ['en-US'], 'Europa', 4, {
    onlyDisplayInCheckout: true,
    rounding: 'ninety',
  }),
];

/** Market rows. */
export const MARKETS: Array<typeof markets.$inferInsert> = SEED_MARKETS.map((m) => m.row);

/** Languages allowed per market, the default first. */
export const MARKET_LANGUAGES: Array<typeof marketLanguages.$inferInsert> = SEED_MARKETS.flatMap(
  (m) =>
    m.languages.map((languageId, sortOrder) => ({ marketId: m.row.id, languageId, sortOrder })),
);
