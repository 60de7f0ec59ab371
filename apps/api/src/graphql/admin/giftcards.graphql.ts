/**
 * Gift cards on the admin API (issue 26 "Prices"): `giftCard(code)` (balance and history) needs
 * prices:read; `issueGiftCard` and `voidGiftCard` need prices:write. The whole code is in the
 * answer of `issueGiftCard` only; everywhere else a card shows its last four characters. Inputs
 * are parsed with zod (Swedish messages); the service
 * (modules/giftcards/giftcard-admin.service.ts) runs each change in one transaction with its
 * audit entry.
 */
import { z } from 'zod';
import { swedishInputError } from '../../errors.ts';
import { loadChannelDirectory } from '../../modules/channel/channel.service.ts';
import {
  issueGiftCard,
  lookUpGiftCard,
  voidGiftCard,
  type GiftCardEvent,
  type GiftCardView,
} from '../../modules/giftcards/giftcard-admin.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { amountSchema, parseSwedishInput } from './marketing-input.ts';

const EventKindEnum = adminBuilder.enumType('GiftCardEventKind', {
  description: 'issue: issued with; order: drawn by an order; void: taken away by a void.',
  values: ['issue', 'order', 'void'] as const,
});

const EventType = adminBuilder.objectRef<GiftCardEvent>('GiftCardEvent').implement({
  description: "A line of a gift card's history (minor units, always positive).",
  fields: (t) => ({
    kind: t.field({ type: EventKindEnum, resolve: (e) => e.kind }),
    amount: t.exposeInt('amount'),
    orderId: t.exposeInt('orderId', { nullable: true }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

const StatusEnum = adminBuilder.enumType('GiftCardStatus', {
  description: 'active, expired, voided, or empty (no balance left).',
  values: ['active', 'expired', 'voided', 'empty'] as const,
});

const GiftCardType = adminBuilder.objectRef<GiftCardView>('GiftCard').implement({
  description: 'A gift card (never its whole code): balance in minor units, status and history.',
  fields: (t) => ({
    maskedCode: t.exposeString('maskedCode', {
      description: 'The last four characters: •••• 7KQ2.',
    }),
    currencyCode: t.exposeString('currencyCode'),
    balance: t.exposeInt('balance'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime', nullable: true }),
    voidedAt: t.expose('voidedAt', { type: 'DateTime', nullable: true }),
    status: t.field({ type: StatusEnum, resolve: (c) => c.status }),
    history: t.field({ type: [EventType], resolve: (c) => c.history }),
  }),
});

const IssuedType = adminBuilder
  .objectRef<{ code: string; card: GiftCardView }>('IssuedGiftCard')
  .implement({
    description: 'A new gift card and its code: shown this once, hand it to the customer.',
    fields: (t) => ({
      code: t.exposeString('code', { description: 'In groups of four: ABCD-EFGH-JKMN-PQRS.' }),
      card: t.field({ type: GiftCardType, resolve: (i) => i.card }),
    }),
  });

const IssueInput = adminBuilder.inputType('IssueGiftCardInput', {
  description: 'A new card: currency (a market’s), amount (minor units) and optional expiry.',
  fields: (t) => ({
    currencyCode: t.string({ required: true }),
    amount: t.int({ required: true }),
    expiresAt: t.field({ type: 'DateTime', required: false }),
  }),
});

const codeSchema = z
  .string()
  .trim()
  .min(1, 'Ange presentkortets kod.')
  .max(80, 'Koden är för lång.');

adminBuilder.queryFields((t) => ({
  giftCard: t.field({
    type: GiftCardType,
    nullable: true,
    description:
      'A gift card by its code (spaces and dashes ignored), null when unknown (prices:read).',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'read');
      const { code } = parseSwedishInput(z.object({ code: codeSchema }), args);
      return lookUpGiftCard(ctx.db, code, ctx.now);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  issueGiftCard: t.field({
    type: IssuedType,
    description:
      'Issues a gift card with a generated code (prices:write). BAD_USER_INPUT (Swedish ' +
      'message) for an amount of 0 or less, an unknown currency or a passed expiry.',
    args: { input: t.arg({ type: IssueInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { input } = parseSwedishInput(
        z.object({
          input: z.object({
            currencyCode: z
              .string()
              .trim()
              .toUpperCase()
              .length(3, 'Ange en valutakod (t.ex. SEK).'),
            amount: amountSchema,
            expiresAt: z.date().nullish(),
          }),
        }),
        args,
      );
      const directory = await loadChannelDirectory(ctx.db);
      const known = directory.channels.some((c) =>
        c.markets.some((m) => m.currency?.code === input.currencyCode),
      );
      if (!known) {
        throw swedishInputError(
          `Valutan ${input.currencyCode} används inte i någon marknad.`,
          'input.currencyCode',
        );
      }
      return issueGiftCard(
        ctx.db,
        {
          currencyCode: input.currencyCode,
          amount: input.amount,
          expiresAt: input.expiresAt ?? null,
        },
        actorOf(ctx),
        ctx.now,
      );
    },
  }),
  voidGiftCard: t.field({
    type: GiftCardType,
    description:
      'Voids a gift card (prices:write): balance 0, carts and orders refuse it. NOT_FOUND for ' +
      'an unknown code; BAD_USER_INPUT when already voided.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'prices', 'write');
      const { code } = parseSwedishInput(z.object({ code: codeSchema }), args);
      return voidGiftCard(ctx.db, code, actorOf(ctx), ctx.now);
    },
  }),
}));
