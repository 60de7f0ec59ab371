/**
 * GraphQL of shipping per market (issue 4 money per market; SPEC §9 free shipping over 499 kr):
 * shop extensions on `MarketType` (not in the Geins contract) so a storefront can say "Fri frakt
 * över 499 kr" / "… 49 €" for the market it shows. Fees per method are on `ShippingOptionType`
 * (cart module).
 */
import { builder } from '../../graphql/builder.ts';
import { MarketRef } from '../channel/channel.graphql.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import { freeShippingThresholds } from './shipping.service.ts';

/** The thresholds of every market, read once per request (one statement, when asked for). */
const thresholdsOfRequest = new WeakMap<object, Promise<Map<string, number>>>();

builder.objectFields(MarketRef, (t) => ({
  freeShippingThresholdIncVat: t.field({
    type: 'Decimal',
    nullable: true,
    description:
      'Shop extension (not in the Geins contract): items worth this much incl. VAT ship free on eligible methods in the market, major units of its currency (499 for Sweden, SPEC §9; 49 for Finland); null when the market has no free shipping.',
    resolve: async (market, _args, ctx) => {
      const threshold = (await thresholds(ctx)).get(market.id);
      return threshold === undefined || !market.currency
        ? null
        : minorToDecimal(threshold, market.currency.code);
    },
  }),
  freeShippingThresholdIncVatFormatted: t.string({
    nullable: true,
    description:
      'Shop extension: freeShippingThresholdIncVat in the market currency and culture, e.g. "499 kr", "49 €"; null when the market has no free shipping.',
    resolve: async (market, _args, ctx) => {
      const threshold = (await thresholds(ctx)).get(market.id);
      return threshold === undefined || !market.currency
        ? null
        : formatMoney(threshold, market.currency.code, market.defaultLanguageId);
    },
  }),
}));

function thresholds(ctx: { db: Parameters<typeof freeShippingThresholds>[0] }) {
  let read = thresholdsOfRequest.get(ctx);
  if (!read) {
    read = freeShippingThresholds(ctx.db);
    thresholdsOfRequest.set(ctx, read);
  }
  return read;
}
