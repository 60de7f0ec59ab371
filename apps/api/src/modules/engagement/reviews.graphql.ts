/**
 * GraphQL of product reviews (issue 17; GEINS-API §3): `reviews(alias, skip, take)`,
 * `postProductReview(alias, rating, comment, author)`, and `ProductType.rating` added to the
 * catalogue's product type from here (one batched statement per request for all products).
 */
import DataLoader from 'dataloader';
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { ProductRef } from '../catalog/catalog-types.graphql.ts';
import {
  listReviews,
  postProductReview,
  ratingsByProductIds,
  type PublishedReview,
  type Rating,
  type ReviewPage,
} from './reviews.service.ts';

/** `RatingType` (GEINS-API §4). */
export const RatingRef = builder.objectRef<Rating>('RatingType').implement({
  description: "A product's rating from its published reviews (GEINS-API §4).",
  fields: (t) => ({
    score: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Average stars, 1–5, one decimal.',
      resolve: (r) => r.score,
    }),
    voteCount: t.exposeInt('voteCount', {
      nullable: false,
      description: 'Number of published reviews.',
    }),
  }),
});

/** `ProductReviewType` (GEINS-API §4). */
export const ProductReviewRef = builder.objectRef<PublishedReview>('ProductReviewType').implement({
  description: 'A published product review (SPEC §3 Review).',
  fields: (t) => ({
    rating: t.exposeInt('rating', { nullable: false, description: 'Stars, 1–5.' }),
    comment: t.exposeString('comment', {
      nullable: false,
      description: 'The review text as written (plain text: escape it when rendering).',
    }),
    reviewDate: t.field({
      type: 'DateTime',
      nullable: false,
      description: 'When the review was written.',
      resolve: (r) => r.reviewDate,
    }),
    author: t.exposeString('author', {
      nullable: false,
      description: 'The name the reviewer gave (plain text).',
    }),
    verifiedPurchase: t.exposeBoolean('verifiedPurchase', {
      nullable: false,
      description:
        'True when the reviewer had bought the product when writing ("Verifierat köp"; ours, not Geins).',
    }),
  }),
});

/** `ProductReviewResultType` (GEINS-API §4). */
export const ProductReviewResultRef = builder
  .objectRef<ReviewPage>('ProductReviewResultType')
  .implement({
    description: 'A page of published reviews of a product.',
    fields: (t) => ({
      count: t.field({
        type: 'Long',
        nullable: false,
        description: 'Published reviews of the product in all.',
        resolve: (p) => p.count,
      }),
      averageRating: t.float({
        nullable: false,
        description: 'Their average rating, one decimal (0 when there are none).',
        resolve: (p) => p.averageRating,
      }),
      reviews: t.field({
        type: [ProductReviewRef],
        description: 'The page, newest first.',
        resolve: (p) => p.reviews,
      }),
    }),
  });

const ratingLoaders = new WeakMap<GraphQLContext['loaders'], DataLoader<number, Rating | null>>();

/** The request's rating loader (one statement for all products of a response). */
function ratingLoader(ctx: GraphQLContext): DataLoader<number, Rating | null> {
  let loader = ratingLoaders.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader((ids) => ratingsByProductIds(ctx.db, ids));
    ratingLoaders.set(ctx.loaders, loader);
  }
  return loader;
}

builder.objectField(ProductRef, 'rating', (t) =>
  t.field({
    type: RatingRef,
    nullable: true,
    description:
      'Average stars and number of the published reviews (GEINS-API §4 RatingType); null when ' +
      'the product has none.',
    resolve: (product, _args, ctx) => ratingLoader(ctx).load(product.id),
  }),
);

builder.queryFields((t) => ({
  reviews: t.field({
    type: ProductReviewResultRef,
    description:
      'Published reviews of a product, newest first (GEINS-API §3, §5.1 offset paging). ' +
      'Errors: NOT_FOUND (alias), BAD_USER_INPUT (skip < 0, take outside 0–100).',
    args: {
      alias: t.arg.string({ description: "The product's alias." }),
      skip: t.arg.int({ description: 'Reviews to skip; default 0.' }),
      take: t.arg.int({ description: 'Page size, 0–100; default 10.' }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      listReviews(ctx.db, args.alias ?? '', args.skip ?? 0, args.take ?? 10),
  }),
}));

builder.mutationFields((t) => ({
  postProductReview: t.boolean({
    nullable: false,
    description:
      "Posts the logged-in customer's review of a product (GEINS-API §3; SPEC §5: all fields " +
      'and a star rating, login required). It is published after moderation (SPEC §4). One ' +
      'review per customer and product. Errors: UNAUTHENTICATED, NOT_FOUND (alias), ' +
      'BAD_USER_INPUT (rating 1–5, author 1–60 and comment 1–2000 characters; reason ' +
      '"already-reviewed"), RATE_LIMITED (5 per customer and hour).',
    args: {
      alias: t.arg.string({ required: true, description: "The product's alias." }),
      rating: t.arg.int({ description: 'Stars, 1–5 (required).' }),
      comment: t.arg.string({ description: 'The review text (required).' }),
      author: t.arg.string({ required: true, description: 'The name to show with it.' }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await ctx.requireViewer();
      return postProductReview(ctx.db, viewer.customerId, args, ctx.now);
    },
  }),
}));
