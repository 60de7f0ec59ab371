/**
 * GraphQL of shipping per market (issue 4 money per market; SPEC §9 free shipping over 499 kr):
 * shop extensions on `MarketType` (not in the Geins contract) so a storefront can say "Fri frakt
 * över 499 kr" / "… 49 €" for the market it shows, and the standard delivery fee below it (a
 * product's structured data, issue 20). Fees per method are on `ShippingOptionType` (cart module).
 */
import { builder } from '../../graphql/builder.ts';
import { MarketRef } from '../channel/channel.graphql.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import { freeShippingThresholds, standardShippingFees } from './shipping.service.ts';

/** The thresholds of every market, read once per request (one statement, when asked for). */
const thresholdsOfRequest = new WeakMap<object, Promise<Map<string, number>>>();

/** The standard delivery fee of every market, read once per request (one statement, when asked for). */
const standardFeesOfRequest = new WeakMap<object, Promise<Map<string, number>>>();

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
  standardShippingFeeIncVat: t.field({
    type: 'Decimal',
    nullable: true,
    description:
      "Shop extension (not in the Geins contract; issue 20, for a product's structured data): the fee incl. VAT of the market's standard delivery, major units of its currency (49 for Sweden, 5.9 for Finland): its default shipping method when that delivers (home or service point, not store pickup) and ships free at freeShippingThresholdIncVat, else the cheapest such method. An order below the threshold pays it; at or above the threshold that method is free. Null when the market has no such method.",
    resolve: async (market, _args, ctx) => {
      let read = standardFeesOfRequest.get(ctx);
      if (!read) {
        read = standardShippingFees(ctx.db);
        standardFeesOfRequest.set(ctx, read);
      }
      const fee = (await read).get(market.id);
      return fee === undefined || !market.currency
        ? null
        : minorToDecimal(fee, market.currency.code);
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
