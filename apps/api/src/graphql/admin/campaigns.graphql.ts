/**
 * Price campaigns on the admin API (issue 26 "Prices"): `campaigns`, `campaign(id)`,
 * `campaignChoices` (markets, categories, brands) need prices:read; `createCampaign`,
 * `updateCampaign` and `endCampaign` need prices:write. Inputs are parsed with zod (Swedish
 * messages); the service (modules/pricing/campaign-admin.service.ts) runs each change in one
 * transaction with its audit entry.
 */
import { z } from 'zod';
import { swedishInputError } from '../../errors.ts';
import { loadChannelDirectory } from '../../modules/channel/channel.service.ts';
import { scopeChoices } from '../../modules/catalog/product-scope.ts';
import {
  createCampaign,
  endCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
  type CampaignDetail,
  type CampaignPriceRow,
  type CampaignPricesInput,
  type CampaignSummary,
} from '../../modules/pricing/campaign-admin.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { amountSchema, idSchema, parseSwedishInput } from './marketing-input.ts';
import { PromotionStatusEnum } from './promotion-status.graphql.ts';

const PriceRowType = adminBuilder.objectRef<CampaignPriceRow>('CampaignPrice').implement({
  description: "A product's campaign price in one market (minor units incl. VAT, öre for SEK).",
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    productName: t.exposeString('productName'),
    articleNumber: t.exposeString('articleNumber'),
    marketId: t.exposeString('marketId', { description: 'E.g. `SE|SEK`.' }),
    sellingPriceIncVat: t.exposeInt('sellingPriceIncVat'),
    regularPriceIncVat: t.exposeInt('regularPriceIncVat', { nullable: true }),
  }),
});

const CampaignType = adminBuilder
  .objectRef<CampaignSummary | CampaignDetail>('Campaign')
  .implement({
    description:
      'A price campaign: campaign prices per product and market, active in [startsAt, endsAt).',
    fields: (t) => ({
      id: t.exposeInt('id'),
      alias: t.exposeString('alias', {
        description: 'URL alias: the campaign list is at /dc/<alias>.',
      }),
      name: t.exposeString('name'),
      startsAt: t.expose('startsAt', { type: 'DateTime' }),
      endsAt: t.expose('endsAt', {
        type: 'DateTime',
        nullable: true,
        description: 'Exclusive; null: no end.',
      }),
      status: t.field({
        type: PromotionStatusEnum,
        description: "planned, active or ended at the API's clock (never disabled).",
        resolve: (c) => c.status,
      }),
      productCount: t.exposeInt('productCount'),
      marketIds: t.exposeStringList('marketIds'),
      prices: t.field({
        type: [PriceRowType],
        description: 'Every campaign price (read per campaign: ask for it on one campaign).',
        resolve: async (c, _args, ctx) =>
          'prices' in c ? c.prices : ((await getCampaign(ctx.db, c.id, ctx.now))?.prices ?? []),
      }),
    }),
  });

interface Choice {
  id: string;
  name: string;
}
const ChoiceType = adminBuilder.objectRef<Choice>('MarketingChoice').implement({
  description: 'A market, category or brand a campaign can cover.',
  fields: (t) => ({ id: t.exposeString('id'), name: t.exposeString('name') }),
});

interface Choices {
  markets: Array<Choice & { currencyCode: string }>;
  categories: Choice[];
  brands: Choice[];
}
const MarketChoiceType = adminBuilder
  .objectRef<Choice & { currencyCode: string }>('MarketChoice')
  .implement({
    description: 'A market and its currency.',
    fields: (t) => ({
      id: t.exposeString('id'),
      name: t.exposeString('name'),
      currencyCode: t.exposeString('currencyCode'),
    }),
  });
const ChoicesType = adminBuilder.objectRef<Choices>('CampaignChoices').implement({
  description: 'What campaigns and promo codes can cover: markets, categories, brands.',
  fields: (t) => ({
    markets: t.field({ type: [MarketChoiceType], resolve: (c) => c.markets }),
    categories: t.field({ type: [ChoiceType], resolve: (c) => c.categories }),
    brands: t.field({ type: [ChoiceType], resolve: (c) => c.brands }),
  }),
});

const PriceInput = adminBuilder.inputType('CampaignPriceInput', {
  description: 'An explicit campaign price (minor units incl. VAT).',
  fields: (t) => ({
    productId: t.int({ required: true }),
    marketId: t.string({ required: true }),
    sellingPriceIncVat: t.int({ required: true }),
  }),
});

const CampaignInputType = adminBuilder.inputType('CampaignInput', {
  description:
    'A campaign: name, optional alias, dates, and its prices: either `prices` (explicit rows), ' +
    'or `percentOff` whole percent off the regular price of `productIds`, `articleNumbers`, a ' +
    '`categoryId` (with ' +
    'its subcategories) or a `brandId` in `marketIds`. On update, no prices keeps the old ones.',
  fields: (t) => ({
    name: t.string({ required: true }),
    alias: t.string({ required: false }),
    startsAt: t.field({ type: 'DateTime', required: true }),
    endsAt: t.field({ type: 'DateTime', required: false }),
    percentOff: t.int({ required: false }),
    marketIds: t.stringList({ required: false }),
    productIds: t.intList({ required: false }),
    articleNumbers: t.stringList({ required: false }),
    categoryId: t.int({ required: false }),
    brandId: t.int({ required: false }),
    prices: t.field({ type: [PriceInput], required: false }),
  }),
});

const marketIdSchema = z.string().min(1).max(40);
const inputSchema = z
  .object({
    name: z.string().trim().min(1, 'Ange ett namn på kampanjen.').max(200, 'Namnet är för långt.'),
    alias: z
      .string()
      .trim()
      .max(80, 'Aliaset är för långt.')
      .regex(/^[a-z0-9-]*$/, 'Aliaset får bara innehålla a–z, 0–9 och bindestreck.')
      .nullish(),
    startsAt: z.date({ error: 'Ange ett startdatum.' }),
    endsAt: z.date().nullish(),
    percentOff: z
      .number()
      .int('Rabatten anges i hela procent.')
      .min(1, 'Rabatten måste vara minst 1 %.')
      .max(99, 'Rabatten får vara högst 99 %.')
      .nullish(),
    marketIds: z.array(marketIdSchema).max(50).nullish(),
    productIds: z.array(idSchema).max(10_000).nullish(),
    articleNumbers: z
      .array(z.string().trim().min(1, 'Ange ett artikelnummer.').max(100))
      .max(10_000)
      .nullish(),
    categoryId: idSchema.nullish(),
    brandId: idSchema.nullish(),
    prices: z
      .array(
        z.object({
          productId: idSchema,
          marketId: marketIdSchema,
          sellingPriceIncVat: amountSchema,
        }),
      )
      .max(100_000)
      .nullish(),
  })
  .refine((i) => !i.endsAt || i.endsAt > i.startsAt, {
    message: 'Slutdatumet måste vara efter startdatumet.',
    path: ['endsAt'],
  });

type ParsedInput = z.infer<typeof inputSchema>;

/**
 * The prices part of a parsed input: explicit rows, a percentage over exactly one scope, or
 * (`optional`) nothing.
 * @throws ShopError BAD_USER_INPUT (Swedish) for a mix or a missing part
 */
function pricesOf(input: ParsedInput, optional: boolean): CampaignPricesInput | undefined {
  const scopes = [input.productIds, input.articleNumbers, input.categoryId, input.brandId].filter(
    (s) => s != null,
  );
  if (input.prices) {
    if (input.percentOff != null || scopes.length > 0) {
      throw swedish('Ange antingen egna priser eller en procentsats, inte båda.', 'input.prices');
    }
    return { kind: 'explicit', prices: input.prices };
  }
  if (input.percentOff == null) {
    if (optional && scopes.length === 0) return undefined;
    throw swedish('Ange rabatten i procent.', 'input.percentOff');
  }
  if (scopes.length !== 1) {
    throw swedish(
      'Välj produkter, en kategori eller ett varumärke (ett av dem).',
      'input.productIds',
    );
  }
  if (!input.marketIds || input.marketIds.length === 0) {
    throw swedish('Välj minst en marknad.', 'input.marketIds');
  }
  const scope = input.productIds
    ? { productIds: input.productIds }
    : input.articleNumbers
      ? { articleNumbers: [...new Set(input.articleNumbers)] }
      : input.categoryId != null
        ? { categoryId: input.categoryId }
        : { brandId: input.brandId! };
  return { kind: 'percent', percentOff: input.percentOff, scope, marketIds: input.marketIds };
}

const swedish = swedishInputError;

function parseCampaign(args: unknown) {
  return parseSwedishInput(z.object({ input: inputSchema }), args).input;
}

adminBuilder.queryFields((t) => ({
  campaigns: t.field({
    type: [CampaignType],
    description:
      "Every price campaign, newest start first (prices:read); with `status`, only those with that status at the API's clock (issue 40 §3).",
    args: {
      status: t.arg({
        type: PromotionStatusEnum,
        required: false,
        description: 'Only this status; none: every status.',
      }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      return listCampaigns(ctx.db, ctx.now, args.status ?? null);
    },
  }),
  campaign: t.field({
    type: CampaignType,
    nullable: true,
    description: 'A campaign with its prices, null when unknown (prices:read).',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      const { id } = parseSwedishInput(z.object({ id: idSchema }), args);
      return getCampaign(ctx.db, id, ctx.now);
    },
  }),
  campaignChoices: t.field({
    type: ChoicesType,
    description: 'Markets, categories and brands to choose from (prices:read).',
    resolve: async (_root, _args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      const directory = await loadChannelDirectory(ctx.db);
      const markets = directory.channels.flatMap((channel) =>
        channel.markets
          .filter((market) => market.currency && !market.virtual)
          .map((market) => ({
            id: market.id,
            name: `${market.country.name} (${market.currency!.code})`,
            currencyCode: market.currency!.code,
          })),
      );
      const unique = [...new Map(markets.map((m) => [m.id, m])).values()];
      const { categories, brands } = await scopeChoices(ctx.db);
      const asChoice = (row: { id: number; name: string }) => ({
        id: String(row.id),
        name: row.name,
      });
      return {
        markets: unique,
        categories: categories.map(asChoice),
        brands: brands.map(asChoice),
      };
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  createCampaign: t.field({
    type: CampaignType,
    description:
      'Creates a price campaign (prices:write). BAD_USER_INPUT (Swedish message) for an end not ' +
      'after the start, a negative price, a price not below the regular one, a taken alias or ' +
      'a scope without priced products.',
    args: { input: t.arg({ type: CampaignInputType, required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const input = parseCampaign(args);
      const prices = pricesOf(input, false)!;
      return createCampaign(
        ctx.db,
        {
          name: input.name,
          alias: input.alias ?? undefined,
          startsAt: input.startsAt,
          endsAt: input.endsAt ?? null,
          prices,
        },
        actorOf(ctx),
        ctx.now,
      );
    },
  }),
  updateCampaign: t.field({
    type: CampaignType,
    description:
      'Changes a campaign (prices:write); without prices its prices stay. NOT_FOUND for an ' +
      'unknown id; BAD_USER_INPUT as createCampaign, and for an ended campaign.',
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: CampaignInputType, required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { id } = parseSwedishInput(z.object({ id: idSchema }), { id: args.id });
      const input = parseCampaign({ input: args.input });
      return updateCampaign(
        ctx.db,
        id,
        {
          name: input.name,
          alias: input.alias ?? undefined,
          startsAt: input.startsAt,
          endsAt: input.endsAt ?? null,
          prices: pricesOf(input, true),
        },
        actorOf(ctx),
        ctx.now,
      );
    },
  }),
  endCampaign: t.field({
    type: CampaignType,
    description:
      'Ends a campaign now (prices:write): a running one ends, a planned one never starts. ' +
      'BAD_USER_INPUT when it has already ended.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { id } = parseSwedishInput(z.object({ id: idSchema }), args);
      return endCampaign(ctx.db, id, actorOf(ctx), ctx.now);
    },
  }),
}));
