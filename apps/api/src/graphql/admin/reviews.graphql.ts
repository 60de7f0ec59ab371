/**
 * The review queue on the admin API (issue 27 "Moderation and content"; issue 17): `reviewQueue`
 * and `reviewCounts` (content:read), `moderateReview` (content:write). The rule lives in
 * modules/engagement/reviews.service.ts (the CLI uses the same function): only published reviews
 * show on the product page and count in its rating; each decision is one transaction with its
 * audit entry (before/after).
 */
import { z } from 'zod';
import { swedishNotFound } from '../../errors.ts';
import { REVIEW_STATES } from '../../modules/engagement/engagement.tables.ts';
import {
  MODERATION_TAKE_MAX,
  moderateReview,
  reviewCountsByState,
  reviewModerationSchema,
  reviewsInState,
  type ModerationItem,
  type ReviewState,
} from '../../modules/engagement/reviews.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseSwedishInput } from './marketing-input.ts';
import { parseInput } from './staff.graphql.ts';

const ReviewStateEnum = adminBuilder.enumType('ReviewState', {
  description: 'pending (waiting for moderation), published (shown), rejected (never shown).',
  values: REVIEW_STATES,
});

const ModeratedReviewType = adminBuilder.objectRef<ModerationItem>('ModeratedReview').implement({
  description: "A customer's product review as the moderation queue shows it.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    productAlias: t.exposeString('product', { description: "The product's alias." }),
    productName: t.exposeString('productName'),
    author: t.exposeString('author', { description: 'The name the customer wrote.' }),
    rating: t.exposeInt('rating', { description: 'Stars, 1–5.' }),
    comment: t.exposeString('comment', { description: 'Plain text; escape when rendering.' }),
    state: t.field({ type: ReviewStateEnum, resolve: (r) => r.state }),
    verifiedPurchase: t.exposeBoolean('verifiedPurchase', {
      description: 'The customer had bought the product ("Verifierat köp").',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    moderatedAt: t.expose('moderatedAt', { type: 'DateTime', nullable: true }),
    moderationReason: t.exposeString('moderationReason', {
      nullable: true,
      description: 'Why it was rejected; null otherwise.',
    }),
  }),
});

interface ReviewCounts {
  pending: number;
  published: number;
  rejected: number;
}

const ReviewCountsType = adminBuilder.objectRef<ReviewCounts>('ReviewCounts').implement({
  description: 'The number of reviews in each state.',
  fields: (t) => ({
    pending: t.exposeInt('pending'),
    published: t.exposeInt('published'),
    rejected: t.exposeInt('rejected'),
  }),
});

const ModerateReviewInput = adminBuilder.inputType('ModerateReviewInput', {
  description: 'A decision: publish, or reject with a reason (required when rejecting).',
  fields: (t) => ({
    id: t.int({ required: true }),
    state: t.field({ type: ReviewStateEnum, required: true }),
    reason: t.string({ required: false }),
  }),
});

adminBuilder.queryFields((t) => ({
  reviewQueue: t.field({
    type: [ModeratedReviewType],
    description:
      'Reviews in a state (default pending), oldest first (content:read); skip >= 0, take ' +
      `1–${MODERATION_TAKE_MAX} (default 50).`,
    args: {
      state: t.arg({ type: ReviewStateEnum, required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      const input = parseInput(
        z.object({
          state: z.enum(REVIEW_STATES).nullish(),
          skip: z.number().int().min(0).nullish(),
          take: z.number().int().min(1).max(MODERATION_TAKE_MAX).nullish(),
        }),
        args,
      );
      return reviewsInState(ctx.db, (input.state ?? 'pending') as ReviewState, {
        skip: input.skip ?? 0,
        take: input.take ?? 50,
      });
    },
  }),
  reviewCounts: t.field({
    type: ReviewCountsType,
    description: 'How many reviews are pending, published and rejected (content:read).',
    resolve: (_root, _args, ctx) => {
      requireStaff(ctx, 'content', 'read');
      return reviewCountsByState(ctx.db);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  moderateReview: t.field({
    type: ModeratedReviewType,
    description:
      'Publishes a review (it shows on the product page and counts in its rating) or rejects it ' +
      'with a reason (content:write); recorded in the audit log. Errors: BAD_USER_INPUT (state ' +
      'pending, rejection without a reason: `argument` reason), NOT_FOUND.',
    args: { input: t.arg({ type: ModerateReviewInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      requireStaff(ctx, 'content', 'write');
      const input = parseSwedishInput(reviewModerationSchema, args.input);
      const review = await moderateReview(ctx.db, input.id, input.state, ctx.now, {
        actor: actorOf(ctx),
        reason: input.reason,
      });
      if (!review) throw swedishNotFound('Recensionen finns inte.');
      return review;
    },
  }),
}));
