/**
 * GraphQL of the 30-day lowest price (GEINS-API §4.2 `LowestPriceType`, `PriceLogItemType`,
 * `ProductType.lowestPrice`, `ProductType.priceLog`; prisinformationslagen 7 a §; issue 25).
 * The rules are lowest-price.ts; the rows price-log.ts. Batched: a list of products costs the
 * price loader's statements plus two for the log rows of all of them.
 */
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { ObjectRef } from '@pothos/core';
import { ProductRef, RelatedProductRef } from '../catalog/catalog.graphql.ts';
import type { ProductNode } from '../catalog/catalog.service.ts';
import type { CurrencyInfo } from '../channel/channel.service.ts';
import { formatMoney, minorToDecimal } from './money.ts';
import {
  lowestPriceOf,
  priceLogDays,
  type LowestPriceAmounts,
  type PriceLogDay,
} from './lowest-price.ts';
import { currencyOf, currentPriceOf } from './pricing.service.ts';

/** A `LowestPriceType`: amounts in minor units and how to present them. */
interface LowestPriceView {
  amounts: LowestPriceAmounts;
  currency: CurrencyInfo;
  /** Culture of the `…Formatted` strings, e.g. `sv-SE`. */
  culture: string;
}

/** A `PriceLogItemType`: one day of the log and how to present it. */
interface PriceLogItemView {
  day: PriceLogDay;
  currency: CurrencyInfo;
  culture: string;
}

type LowestMoneyKey = Exclude<keyof LowestPriceAmounts, 'discountPercentage' | 'isDiscounted'>;

const lowestMoneyFields: Array<[LowestMoneyKey, string]> = [
  ['sellingPriceIncVat', 'Selling price incl. VAT'],
  ['sellingPriceExVat', 'Selling price excl. VAT'],
  [
    'comparisonPriceIncVat',
    'Comparison price incl. VAT: the lowest selling price of the 30 days before the current selling price took effect (the price a reduction is stated against, prisinformationslagen 7 a §); the selling price itself when no earlier price is known',
  ],
  ['comparisonPriceExVat', 'Comparison price excl. VAT'],
  [
    'lowestPriceIncVat',
    'Lowest selling price incl. VAT of the last 30 days, the current one included',
  ],
  ['lowestPriceExVat', 'Lowest selling price excl. VAT of the last 30 days'],
  ['discountIncVat', 'Discount incl. VAT: comparison - selling (never below 0)'],
  ['discountExVat', 'Discount excl. VAT: comparison - selling (never below 0)'],
  ['vat', 'VAT contained in the selling price'],
];

/** `LowestPriceType`. */
const LowestPriceRef = builder.objectRef<LowestPriceView>('LowestPriceType').implement({
  description:
    'The EU 30-day comparison of a product price (GEINS-API §4.2; prisinformationslagen 7 a §, Omnibus directive). Amounts are Decimal kronor; …Formatted strings use the market culture.',
  fields: (t) => ({
    ...Object.fromEntries(
      lowestMoneyFields.flatMap(([key, text]) => [
        [
          key,
          t.field({
            type: 'Decimal',
            nullable: false,
            description: `${text}, kronor.`,
            resolve: (p: LowestPriceView) => minorToDecimal(p.amounts[key], p.currency.code),
          }),
        ],
        [
          `${key}Formatted`,
          t.string({
            description: `${text}, formatted, e.g. "1 299 kr".`,
            resolve: (p: LowestPriceView) =>
              formatMoney(p.amounts[key], p.currency.code, p.culture),
          }),
        ],
      ]),
    ),
    discountPercentage: t.int({
      nullable: false,
      description:
        'Discount in whole percent of the comparison price: round(100 * discount / comparison).',
      resolve: (p) => p.amounts.discountPercentage,
    }),
    isDiscounted: t.boolean({
      nullable: false,
      description: 'True when the selling price is below the comparison price.',
      resolve: (p) => p.amounts.isDiscounted,
    }),
  }),
});

type LogMoneyKey = Exclude<
  keyof PriceLogDay,
  'discountPercentage' | 'isDiscounted' | 'isLowest' | 'date'
>;

const logMoneyFields: Array<[LogMoneyKey, string]> = [
  ['sellingPriceIncVat', "The day's lowest selling price incl. VAT"],
  ['sellingPriceExVat', "The day's lowest selling price excl. VAT"],
  ['regularPriceIncVat', 'Regular price incl. VAT at that price'],
  ['regularPriceExVat', 'Regular price excl. VAT at that price'],
  ['discountIncVat', 'Discount incl. VAT: regular - selling'],
  ['discountExVat', 'Discount excl. VAT: regular - selling'],
  ['vat', 'VAT contained in the selling price'],
];

/** `PriceLogItemType`. */
const PriceLogItemRef = builder.objectRef<PriceLogItemView>('PriceLogItemType').implement({
  description:
    "One day of a product's price log (GEINS-API §4.2): the PriceType amounts of the lowest selling price in effect that day (no currency), its date and whether it is the lowest of the log.",
  fields: (t) => ({
    ...Object.fromEntries(
      logMoneyFields.flatMap(([key, text]) => [
        [
          key,
          t.field({
            type: 'Decimal',
            nullable: false,
            description: `${text}, kronor.`,
            resolve: (p: PriceLogItemView) => minorToDecimal(p.day[key], p.currency.code),
          }),
        ],
        [
          `${key}Formatted`,
          t.string({
            description: `${text}, formatted, e.g. "1 299 kr".`,
            resolve: (p: PriceLogItemView) => formatMoney(p.day[key], p.currency.code, p.culture),
          }),
        ],
      ]),
    ),
    discountPercentage: t.int({
      nullable: false,
      description: 'Discount in whole percent of the regular price.',
      resolve: (p) => p.day.discountPercentage,
    }),
    isDiscounted: t.boolean({
      nullable: false,
      description: 'True when the selling price was below the regular price.',
      resolve: (p) => p.day.isDiscounted,
    }),
    isLowest: t.boolean({
      nullable: false,
      description: 'True on the day(s) with the lowest selling price of the log.',
      resolve: (p) => p.day.isLowest,
    }),
    date: t.string({
      nullable: false,
      description: 'The day, `yyyy-mm-dd` (UTC).',
      resolve: (p) => p.day.date,
    }),
  }),
});

/** The current price and log rows of a product in its market (two batched loaders). */
async function priceAndLog(p: ProductNode, ctx: Pick<GraphQLContext, 'loaders'>) {
  const [record, entries] = await Promise.all([
    ctx.loaders.prices(p.shop.market.id).load(p.id),
    ctx.loaders.priceLogs(p.shop.market.id).load(p.id),
  ]);
  return record && { record, entries };
}

/** `lowestPrice` on a product type. */
function addLowestPrice(ref: ObjectRef<ApiSchemaTypes, ProductNode>): void {
  builder.objectField(ref, 'lowestPrice', (t) =>
    t.field({
      type: LowestPriceRef,
      description:
        'The EU 30-day comparison of the price in the market (prisinformationslagen 7 a §): the comparison price a reduction is stated against and the lowest price of the last 30 days; null when the product has no price there.',
      resolve: async (p, _args, ctx) => {
        const found = await priceAndLog(p, ctx);
        if (!found) return null;
        return {
          amounts: lowestPriceOf(found.entries, currentPriceOf(found.record), ctx.now),
          currency: currencyOf(found.record, p.shop),
          culture: p.shop.market.defaultLanguageId,
        };
      },
    }),
  );
}

addLowestPrice(ProductRef);
// Beyond GEINS-API §4.2 (which lists it on ProductType only): related product cards show a
// reduced price too, and 7 a § asks for the 30-day price beside it wherever it is shown.
addLowestPrice(RelatedProductRef as unknown as ObjectRef<ApiSchemaTypes, ProductNode>);

builder.objectFields(ProductRef, (t) => ({
  priceLog: t.field({
    type: [PriceLogItemRef],
    description:
      'The last 30 days of the price in the market, one item per UTC day (oldest first; days before the first recorded price left out), each the lowest price in effect that day; empty when the product has no price there.',
    resolve: async (p, _args, ctx) => {
      const found = await priceAndLog(p, ctx);
      if (!found) return [];
      const currency = currencyOf(found.record, p.shop);
      const culture = p.shop.market.defaultLanguageId;
      return priceLogDays(found.entries, currentPriceOf(found.record), ctx.now).map((day) => ({
        day,
        currency,
        culture,
      }));
    },
  }),
}));
