/**
 * Market, language, currency and customer type of one request (ARCHITECTURE convention 8):
 * resolved once, in `getLoadContext`, and passed explicitly to the API client and the loaders.
 * Only the Swedish market exists so far; market-in-path and the customer-type toggle come later.
 */

/** Customer types of SPEC §6; PERSON is the default and sees prices including VAT. */
export type CustomerType = 'PERSON' | 'ORGANIZATION';

/** The context ids every GraphQL operation receives (GEINS-API §1), plus what the UI needs. */
export interface RequestMarket {
  /** `"{internalChannelId}|{channelAlias}"`, e.g. `1|se`. */
  channelId: string;
  /** The market alias, e.g. `se`. */
  marketId: string;
  /** Culture code, e.g. `sv-SE`. */
  languageId: string;
  /** ISO currency code, e.g. `SEK`. */
  currency: string;
  customerType: CustomerType;
  /** Whether prices are shown including VAT (true for PERSON). */
  pricesIncludeVat: boolean;
}

/** The default market of the shop: Sweden, Swedish, SEK, private person. */
export const defaultMarket: RequestMarket = {
  channelId: '1|se',
  marketId: 'se',
  languageId: 'sv-SE',
  currency: 'SEK',
  customerType: 'PERSON',
  pricesIncludeVat: true,
};

/**
 * Resolves the market of a request. Today every request gets {@link defaultMarket}; this is the
 * one place to read a market prefix, cookie or customer-type toggle when they arrive.
 */
export function resolveRequestMarket(_request: Request): RequestMarket {
  return defaultMarket;
}
