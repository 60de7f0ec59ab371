/**
 * GraphQL types of prices (GEINS-API §4.2 PriceType, DiscountType, CampaignRuleType) and the
 * price fields of products: unitPrice, discountType, discountCampaigns.
 */
import type { ObjectRef } from '@pothos/core';
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import { CurrencyRef } from '../channel/channel.graphql.ts';
import { ProductRef, RelatedProductRef } from '../catalog/catalog.graphql.ts';
import type { ProductNode } from '../catalog/catalog.service.ts';
import { formatMoney, minorToDecimal } from './money.ts';
import type { PriceAmounts } from './price.ts';
import {
  discountKindOf,
  toPriceView,
  type AppliedCampaign,
  type PriceView,
} from './pricing.service.ts';

type MoneyKey = Exclude<keyof PriceAmounts, 'discountPercentage' | 'isDiscounted'>;

const moneyFields: Array<[MoneyKey, string]> = [
  ['sellingPriceIncVat', 'Selling price incl. VAT (the campaign price when one applies)'],
  ['sellingPriceExVat', 'Selling price excl. VAT'],
  ['regularPriceIncVat', 'Regular price incl. VAT'],
  ['regularPriceExVat', 'Regular price excl. VAT'],
  ['discountIncVat', 'Discount incl. VAT: regular - selling'],
  ['discountExVat', 'Discount excl. VAT: regular - selling'],
];

/** `PriceType`. */
export const PriceRef = builder.objectRef<PriceView>('PriceType').implement({
  description:
    'A price in the market currency (GEINS-API §4.2; SPEC §3 Price). Amounts are Decimal kronor (stored as integer öre incl. VAT); …Formatted strings use the market culture, e.g. "1 299 kr" with non-breaking spaces.',
  fields: (t) => ({
    ...Object.fromEntries(
      moneyFields.flatMap(([key, text]) => [
        [
          key,
          t.field({
            type: 'Decimal',
            nullable: false,
            description: `${text}, kronor.`,
            resolve: (p: PriceView) => minorToDecimal(p.amounts[key], p.currency.code),
          }),
        ],
        [
          `${key}Formatted`,
          t.string({
            description: `${text}, formatted, e.g. "1 299 kr".`,
            resolve: (p: PriceView) => formatMoney(p.amounts[key], p.currency.code, p.culture),
          }),
        ],
      ]),
    ),
    discountPercentage: t.int({
      nullable: false,
      description:
        'Discount in whole percent of the regular price: round(100 * discount / regular).',
      resolve: (p) => p.amounts.discountPercentage,
    }),
    vat: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'VAT contained in the selling price, kronor.',
      resolve: (p) => minorToDecimal(p.amounts.vat, p.currency.code),
    }),
    vatFormatted: t.string({
      description: 'VAT contained in the selling price, formatted.',
      resolve: (p) => formatMoney(p.amounts.vat, p.currency.code, p.culture),
    }),
    isDiscounted: t.boolean({
      nullable: false,
      description: 'True when the selling price is below the regular price.',
      resolve: (p) => p.amounts.isDiscounted,
    }),
    currency: t.field({
      type: CurrencyRef,
      description: 'The currency.',
      resolve: (p) => p.currency,
    }),
  }),
});

/** `DiscountType`. */
export const DiscountTypeEnum = builder.enumType('DiscountType', {
  description: 'Why a product is discounted (GEINS-API §4.2).',
  values: {
    NONE: { description: 'Not discounted.' },
    SALE_PRICE: { description: 'A sale price (not used by this shop).' },
    PRICE_CAMPAIGN: { description: 'A price campaign lowers the price.' },
  } as const,
});

/** `CampaignRuleType`. */
export const CampaignRuleRef = builder.objectRef<AppliedCampaign>('CampaignRuleType').implement({
  description: 'A campaign applied to a product or cart (GEINS-API §4.2).',
  fields: (t) => ({
    campaignId: t.string({
      nullable: false,
      description: 'Campaign id.',
      resolve: (c) => String(c.campaignId),
    }),
    name: t.exposeString('name', { description: 'Campaign name.' }),
    hideTitle: t.boolean({ description: 'Hide the campaign name.', resolve: () => false }),
    ruleType: t.string({
      description: 'Rule type: "PRICE_CAMPAIGN" or "CART_CAMPAIGN".',
      resolve: (c) => c.ruleType ?? 'PRICE_CAMPAIGN',
    }),
    category: t.string({ description: 'Campaign category (not used: null).', resolve: () => null }),
    action: t.string({ description: 'Campaign action (not used: null).', resolve: () => null }),
    actionValue: t.string({
      description: 'Campaign action value (not used: null).',
      resolve: () => null,
    }),
    canonicalUrl: t.string({
      description:
        'Router path of the campaign list page: `/dc/{alias}`; null for cart campaigns. With MARKET_IN_PATH it starts with `/{market}/{language}` of the ctx arguments, e.g. "/se/sv/…" (issue 25).',
      resolve: (c, _args, ctx, info) =>
        c.ruleType ? null : ctx.pagePath(info, `/dc/${encodeURIComponent(c.alias)}`),
    }),
  }),
});

function addPriceFields(ref: ObjectRef<ApiSchemaTypes, ProductNode>): void {
  builder.objectFields(ref, (t) => ({
    unitPrice: t.field({
      type: PriceRef,
      description: 'Price of one unit in the market; null when the product has no price there.',
      resolve: async (p, _args, ctx) => {
        const record = await ctx.loaders.prices(p.shop.market.id).load(p.id);
        return record && toPriceView(record, p.shop);
      },
    }),
    discountCampaigns: t.field({
      type: [CampaignRuleRef],
      description: 'The price campaign that lowers the price now, if any.',
      resolve: async (p, _args, ctx) => {
        const record = await ctx.loaders.prices(p.shop.market.id).load(p.id);
        return record?.campaign ? [record.campaign] : [];
      },
    }),
  }));
}

addPriceFields(ProductRef);
addPriceFields(RelatedProductRef as unknown as ObjectRef<ApiSchemaTypes, ProductNode>);

builder.objectField(ProductRef, 'discountType', (t) =>
  t.field({
    type: DiscountTypeEnum,
    description: 'PRICE_CAMPAIGN when a campaign lowers the price, else NONE.',
    resolve: async (p, _args, ctx) =>
      discountKindOf(await ctx.loaders.prices(p.shop.market.id).load(p.id)),
  }),
);
