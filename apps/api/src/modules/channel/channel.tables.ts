/**
 * Channel, markets, languages, currencies and countries (SPEC §3 Channel/Market,
 * GEINS-API §4.1). Ids follow the Geins formats: channel `1|se`, market `SE|SEK`, language `sv-SE`.
 */
import { boolean, integer, pgTable, primaryKey, text, numeric } from 'drizzle-orm/pg-core';

/** Languages (`LanguageType`): id is the culture (`sv-SE`), code the short form (`sv`). */
export const languages = pgTable('languages', {
  id: text().primaryKey(),
  code: text().notNull(),
  name: text().notNull(),
});

/** Currencies (`CurrencyType`). `rate` converts to the channel's default currency. */
export const currencies = pgTable('currencies', {
  code: text().primaryKey(),
  name: text().notNull(),
  symbol: text().notNull(),
  rate: numeric({ precision: 12, scale: 6 }).notNull().default('1'),
  /** Minor units per major unit (100 for SEK, NOK, DKK, EUR). */
  minorUnits: integer().notNull().default(100),
});

/** Countries (`CountryType`): ISO 3166-1 alpha-2 code and Swedish name. */
export const countries = pgTable('countries', {
  code: text().primaryKey(),
  name: text().notNull(),
});

/** Sales channels (`ChannelType`). `id` is the internal integer; the API id is `{id}|{alias}`. */
export const channels = pgTable('channels', {
  id: integer().primaryKey(),
  alias: text().notNull().unique(),
  name: text().notNull(),
  type: text().notNull().default('WEBSHOP'),
  url: text().notNull(),
  defaultLanguageId: text()
    .notNull()
    .references(() => languages.id),
  defaultMarketId: text().notNull(),
  /** Theme overrides: CSS custom property name -> value (SPEC §3 Channel settings). */
  theme: text().notNull().default('{}'),
});

/** Languages a channel offers. */
export const channelLanguages = pgTable(
  'channel_languages',
  {
    channelId: integer()
      .notNull()
      .references(() => channels.id),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.languageId] })],
);

/**
 * Markets (`MarketType`). `id` like `SE|SEK`, `alias` the URL part (`se`).
 * `vatRateBasisPoints` is the country's standard VAT rate in hundredths of a percent (2500 = 25 %).
 * `currencyCode` may be null: price look-ups then fail with "Currency not found for this market".
 */
export const markets = pgTable('markets', {
  id: text().primaryKey(),
  alias: text().notNull().unique(),
  channelId: integer()
    .notNull()
    .references(() => channels.id),
  countryCode: text()
    .notNull()
    .references(() => countries.code),
  currencyCode: text().references(() => currencies.code),
  vatRateBasisPoints: integer().notNull(),
  defaultLanguageId: text()
    .notNull()
    .references(() => languages.id),
  virtual: boolean().notNull().default(false),
  onlyDisplayInCheckout: boolean().notNull().default(false),
  groupKey: text().notNull(),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
});

/** Languages allowed in a market (`MarketType.allowedLanguages`). */
export const marketLanguages = pgTable(
  'market_languages',
  {
    marketId: text()
      .notNull()
      .references(() => markets.id),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.languageId] })],
);
