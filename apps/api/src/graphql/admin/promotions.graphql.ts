/**
 * Promo codes on the admin API (issue 26 "Prices"): `promoCodes` and `promoCode(code)` need
 * prices:read; `createPromoCode`, `updatePromoCode`, `deactivatePromoCode` and
 * `activatePromoCode` need prices:write. Inputs are parsed with zod (Swedish messages); the
 * service (modules/promotions/promo-admin.service.ts) runs each change in one transaction with
 * its audit entry.
 */
import { z } from 'zod';
import { swedishInputError } from '../../errors.ts';
import { loadChannelDirectory } from '../../modules/channel/channel.service.ts';
import {
  createPromoCode,
  getPromoCode,
  listPromoCodes,
  setPromoCodeActive,
  updatePromoCode,
  type PromoCodeAmount,
  type PromoCodeInput,
  type PromoCodeView,
} from '../../modules/promotions/promo-admin.service.ts';
import type { Database } from '../../db/client.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { amountSchema, parseSwedishInput } from './marketing-input.ts';
import { PromotionStatusEnum } from './promotion-status.graphql.ts';

const KindEnum = adminBuilder.enumType('PromoCodeKind', {
  description: 'percent: a percentage off the items; fixed: an amount per currency off the order.',
  values: ['percent', 'fixed'] as const,
});

const AmountType = adminBuilder.objectRef<PromoCodeAmount>('PromoCodeAmount').implement({
  description: "A code's money in one currency (minor units incl. VAT, öre for SEK).",
  fields: (t) => ({
    currencyCode: t.exposeString('currencyCode'),
    amountIncVat: t.exposeInt('amountIncVat', { description: 'Off the order (fixed codes).' }),
    minOrderIncVat: t.exposeInt('minOrderIncVat', {
      description: 'The least the items must be worth.',
    }),
  }),
});

const PromoCodeType = adminBuilder.objectRef<PromoCodeView>('PromoCode').implement({
  description:
    'A promo code and its rules: valid in [startsAt, endsAt) while active and below its usage ' +
    'limit; with amounts, only in those currencies.',
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Upper case, e.g. VÅR10.' }),
    name: t.exposeString('name'),
    kind: t.field({ type: KindEnum, resolve: (c) => c.kind }),
    percentBasisPoints: t.exposeInt('percentBasisPoints', { description: '1000 = 10 %.' }),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', nullable: true }),
    usageLimit: t.exposeInt('usageLimit', { nullable: true, description: 'Null: unlimited.' }),
    timesUsed: t.exposeInt('timesUsed'),
    active: t.exposeBoolean('active', { description: 'False: turned off by hand.' }),
    status: t.field({
      type: PromotionStatusEnum,
      description:
        "planned, active, ended or disabled at the API's clock (issue 40 §3); only an active code is accepted in the shop.",
      resolve: (c) => c.status,
    }),
    excludeDiscountedItems: t.exposeBoolean('excludeDiscountedItems', {
      description:
        'True: "gäller inte redan nedsatta varor", the code leaves out items with a campaign price (issue 40 §3).',
    }),
    amounts: t.field({ type: [AmountType], resolve: (c) => c.amounts }),
  }),
});

const AmountInput = adminBuilder.inputType('PromoCodeAmountInput', {
  description: 'Money of a code in one currency (minor units incl. VAT).',
  fields: (t) => ({
    currencyCode: t.string({ required: true }),
    amountIncVat: t.int({ required: false }),
    minOrderIncVat: t.int({ required: false }),
  }),
});

const PromoCodeInputType = adminBuilder.inputType('PromoCodeInput', {
  description:
    'The rules of a code: kind, `percentBasisPoints` (percent codes, 1000 = 10 %), dates, ' +
    'usage limit (null: unlimited), whether it leaves out items with a campaign price, and ' +
    'amounts per currency (a fixed amount, a minimum order).',
  fields: (t) => ({
    name: t.string({ required: true }),
    kind: t.field({ type: KindEnum, required: true }),
    percentBasisPoints: t.int({ required: false }),
    startsAt: t.field({ type: 'DateTime', required: true }),
    endsAt: t.field({ type: 'DateTime', required: false }),
    usageLimit: t.int({ required: false }),
    excludeDiscountedItems: t.boolean({
      required: false,
      description:
        'True: the code does not apply to items already discounted by a campaign price (issue 40 §3). Default false.',
    }),
    amounts: t.field({ type: [AmountInput], required: false }),
  }),
});

const codeSchema = z
  .string()
  .trim()
  .min(3, 'Koden måste ha minst 3 tecken.')
  .max(64, 'Koden får ha högst 64 tecken.')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'Koden får bara innehålla bokstäver, siffror, - och _.');

const inputSchema = z
  .object({
    name: z.string().trim().min(1, 'Ange ett namn.').max(200, 'Namnet är för långt.'),
    kind: z.enum(['percent', 'fixed']),
    percentBasisPoints: z
      .number()
      .int('Procentsatsen anges i hundradels procent.')
      .min(0, 'Rabatten får inte vara negativ.')
      .max(10_000, 'Rabatten får vara högst 100 %.')
      .nullish(),
    startsAt: z.date({ error: 'Ange ett startdatum.' }),
    endsAt: z.date().nullish(),
    usageLimit: z
      .number()
      .int()
      .min(1, 'Användningsgränsen måste vara minst 1 (eller tom för obegränsad).')
      .nullish(),
    excludeDiscountedItems: z.boolean().nullish(),
    amounts: z
      .array(
        z.object({
          currencyCode: z.string().trim().toUpperCase().length(3, 'Ange en valutakod (t.ex. SEK).'),
          amountIncVat: amountSchema.nullish(),
          minOrderIncVat: amountSchema.nullish(),
        }),
      )
      .max(20)
      .nullish(),
  })
  .refine((i) => !i.endsAt || i.endsAt > i.startsAt, {
    message: 'Slutdatumet måste vara efter startdatumet.',
    path: ['endsAt'],
  });

/**
 * The service input of a parsed one, its currencies checked against the markets'.
 * @throws ShopError BAD_USER_INPUT (Swedish) for an unknown currency
 */
async function toInput(db: Database, input: z.infer<typeof inputSchema>): Promise<PromoCodeInput> {
  const amounts = (input.amounts ?? []).map((a) => ({
    currencyCode: a.currencyCode,
    amountIncVat: a.amountIncVat ?? 0,
    minOrderIncVat: a.minOrderIncVat ?? 0,
  }));
  if (amounts.length > 0) {
    const directory = await loadChannelDirectory(db);
    const known = new Set(
      directory.channels.flatMap((c) =>
        c.markets.flatMap((m) => (m.currency ? [m.currency.code] : [])),
      ),
    );
    const unknown = amounts.find((a) => !known.has(a.currencyCode));
    if (unknown) {
      throw swedishInputError(
        `Valutan ${unknown.currencyCode} används inte i någon marknad.`,
        'input.amounts',
      );
    }
  }
  return {
    name: input.name,
    kind: input.kind,
    percentBasisPoints: input.percentBasisPoints ?? 0,
    startsAt: input.startsAt,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    excludeDiscountedItems: input.excludeDiscountedItems ?? false,
    amounts,
  };
}

const argsSchema = z.object({ code: codeSchema, input: inputSchema });

adminBuilder.queryFields((t) => ({
  promoCodes: t.field({
    type: [PromoCodeType],
    description:
      "Every promo code by code (prices:read); with `status`, only those with that status at the API's clock (issue 40 §3).",
    args: {
      status: t.arg({
        type: PromotionStatusEnum,
        required: false,
        description: 'Only this status; none: every status.',
      }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      return listPromoCodes(ctx.db, ctx.now, args.status ?? null);
    },
  }),
  promoCode: t.field({
    type: PromoCodeType,
    nullable: true,
    description: 'One promo code (any case), null when unknown (prices:read).',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      return getPromoCode(ctx.db, args.code.slice(0, 64), ctx.now);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  createPromoCode: t.field({
    type: PromoCodeType,
    description:
      'Creates a promo code (prices:write), stored in upper case. BAD_USER_INPUT (Swedish ' +
      'message) for a taken code, an end not after the start, negative amounts, an unknown ' +
      'currency, a fixed code without an amount.',
    args: {
      code: t.arg.string({ required: true }),
      input: t.arg({ type: PromoCodeInputType, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const parsed = parseSwedishInput(argsSchema, args);
      return createPromoCode(
        ctx.db,
        parsed.code,
        await toInput(ctx.db, parsed.input),
        actorOf(ctx),
        ctx.now,
      );
    },
  }),
  updatePromoCode: t.field({
    type: PromoCodeType,
    description:
      'Changes the rules of a code (prices:write); the code itself and its use count stay. ' +
      'NOT_FOUND for an unknown code; BAD_USER_INPUT as createPromoCode, and for a usage limit ' +
      'below the uses so far.',
    args: {
      code: t.arg.string({ required: true }),
      input: t.arg({ type: PromoCodeInputType, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const parsed = parseSwedishInput(argsSchema, args);
      return updatePromoCode(
        ctx.db,
        parsed.code,
        await toInput(ctx.db, parsed.input),
        actorOf(ctx),
        ctx.now,
      );
    },
  }),
  deactivatePromoCode: t.field({
    type: PromoCodeType,
    description: 'Deactivates a code (prices:write); carts lose it. NOT_FOUND for an unknown code.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { code } = parseSwedishInput(z.object({ code: codeSchema }), args);
      return setPromoCodeActive(ctx.db, code, false, actorOf(ctx), ctx.now);
    },
  }),
  activatePromoCode: t.field({
    type: PromoCodeType,
    description:
      'Activates a deactivated code again (prices:write). NOT_FOUND for an unknown code.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { code } = parseSwedishInput(z.object({ code: codeSchema }), args);
      return setPromoCodeActive(ctx.db, code, true, actorOf(ctx), ctx.now);
    },
  }),
}));
