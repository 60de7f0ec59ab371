/**
 * GraphQL types and root fields of the channel context (GEINS-API §3.1 channel, channels; §4.1
 * ChannelType, MarketType, LanguageType, CurrencyType, CountryType).
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { findChannel } from './channel.service.ts';
import type {
  ChannelInfo,
  CountryInfo,
  CurrencyInfo,
  LanguageInfo,
  MarketInfo,
} from './channel.service.ts';

/** `LanguageType`. */
export const LanguageRef = builder.objectRef<LanguageInfo>('LanguageType').implement({
  description: 'A language of a channel or market (GEINS-API §4.1).',
  fields: (t) => ({
    id: t.exposeString('id', {
      nullable: false,
      description: 'Culture code, e.g. "sv-SE"; pass it as languageId.',
    }),
    name: t.exposeString('name', { nullable: false, description: 'Display name, e.g. "Svenska".' }),
    code: t.exposeString('code', {
      nullable: false,
      description: 'Two-letter ISO 639-1 code, e.g. "sv".',
    }),
  }),
});

/** `CurrencyType`. */
export const CurrencyRef = builder.objectRef<CurrencyInfo>('CurrencyType').implement({
  description: 'A currency (GEINS-API §4.1).',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: false, description: 'Name, e.g. "Svensk krona".' }),
    symbol: t.exposeString('symbol', { nullable: false, description: 'Symbol, e.g. "kr".' }),
    code: t.exposeString('code', {
      nullable: false,
      description: 'ISO 4217 code, e.g. "SEK".',
    }),
    rate: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Conversion rate from this currency to the default currency (1 for SEK).',
      resolve: (c) => c.rate,
    }),
  }),
});

/** `CountryType`. */
export const CountryRef = builder.objectRef<CountryInfo>('CountryType').implement({
  description: 'A country (GEINS-API §4.1).',
  fields: (t) => ({
    name: t.exposeString('name', {
      nullable: false,
      description: 'Name in Swedish, e.g. "Sverige".',
    }),
    code: t.exposeString('code', {
      nullable: false,
      description: 'ISO 3166-1 alpha-2 code, e.g. "SE".',
    }),
  }),
});

/** `MarketType`. */
export const MarketRef = builder.objectRef<MarketInfo>('MarketType').implement({
  description:
    'A market: country, currency and languages; prices and VAT follow the market (GEINS-API §4.1).',
  fields: (t) => ({
    id: t.exposeString('id', {
      nullable: false,
      description:
        'Market id `{COUNTRY}|{CURRENCY}`, e.g. "SE|SEK"; pass it (or the alias) as marketId.',
    }),
    defaultLanguageId: t.exposeString('defaultLanguageId', {
      nullable: false,
      description: 'Default language of the market, e.g. "sv-SE".',
    }),
    virtual: t.exposeBoolean('virtual', {
      description: 'A virtual market cannot be used in checkout.',
    }),
    onlyDisplayInCheckout: t.exposeBoolean('onlyDisplayInCheckout', {
      description: 'Only offered as a checkout market.',
    }),
    groupKey: t.exposeString('groupKey', {
      nullable: false,
      description: 'Groups related markets, e.g. by region.',
    }),
    alias: t.exposeString('alias', {
      description: 'The URL part of the market, e.g. "se"; accepted as marketId.',
    }),
    allowedLanguages: t.field({
      type: [LanguageRef],
      description: 'Languages allowed in this market.',
      resolve: (m) => m.allowedLanguages,
    }),
    country: t.field({
      type: CountryRef,
      description: 'The market country.',
      resolve: (m) => m.country,
    }),
    currency: t.field({
      type: CurrencyRef,
      description: 'The market currency; null when misconfigured.',
      resolve: (m) => m.currency,
    }),
  }),
});

/** `ChannelType`. */
export const ChannelRef = builder.objectRef<ChannelInfo>('ChannelType').implement({
  description: 'A sales channel (web shop) with its markets and languages (GEINS-API §4.1).',
  fields: (t) => ({
    id: t.exposeString('id', {
      nullable: false,
      description: 'Channel id `{id}|{alias}`, e.g. "1|se"; pass it as channelId.',
    }),
    name: t.exposeString('name', { nullable: false, description: 'Channel name.' }),
    type: t.exposeString('type', { nullable: false, description: 'Channel type, e.g. "WEBSHOP".' }),
    url: t.exposeString('url', { nullable: false, description: 'Base URL of the shop.' }),
    defaultLanguageId: t.exposeString('defaultLanguageId', {
      nullable: false,
      description: 'Language used when none or an unknown one is given, e.g. "sv-SE".',
    }),
    languages: t.field({
      type: [LanguageRef],
      description: 'Languages of the channel.',
      resolve: (c) => c.languages,
    }),
    defaultMarketId: t.exposeString('defaultMarketId', {
      nullable: false,
      description: 'Market used when none or an unknown one is given, e.g. "SE|SEK".',
    }),
    markets: t.field({
      type: [MarketRef],
      description: 'Active markets of the channel, in display order.',
      resolve: (c) => c.markets,
    }),
  }),
});

builder.queryFields((t) => ({
  channel: t.field({
    type: ChannelRef,
    description:
      'A channel by id ("1|se"); a missing or unknown id gives the default channel (GEINS-API §3.1).',
    args: { ...contextArgs },
    resolve: async (_root, args, ctx) => findChannel(await ctx.directory(), args.channelId),
  }),
  channels: t.field({
    type: [ChannelRef],
    description: 'Every channel (GEINS-API §3.1).',
    args: { ...contextArgs },
    resolve: async (_root, _args, ctx) => (await ctx.directory()).channels,
  }),
}));
