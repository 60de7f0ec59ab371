/**
 * Subscribers on the admin API (issue 27 "Moderation and content"; issue 17):
 * `newsletterSubscribers` and `backInStockRequests` (customers:read: lists of customers' e-mail
 * addresses) and `exportSubscribers` (customers:read, audited), the CSV the CLI exports too.
 * The rules live in modules/engagement (subscribers.service.ts, newsletter.service.ts).
 */
import { z } from 'zod';
import { NEWSLETTER_STATES } from '../../modules/engagement/engagement.tables.ts';
import {
  exportSubscribers,
  listBackInStockRequests,
  listNewsletterSubscribers,
  SUBSCRIBERS_TAKE_MAX,
  type BackInStockItem,
  type NewsletterSubscriberItem,
  type SubscriberPage,
} from '../../modules/engagement/subscribers.service.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

const NewsletterStateEnum = adminBuilder.enumType('NewsletterState', {
  description: 'pending (not confirmed yet), confirmed (a subscriber), unsubscribed.',
  values: NEWSLETTER_STATES,
});

const SubscriberListEnum = adminBuilder.enumType('SubscriberList', {
  description: 'newsletter (confirmed subscribers) or back_in_stock (open "Bevaka" requests).',
  values: { newsletter: { value: 'newsletter' }, back_in_stock: { value: 'back-in-stock' } },
});

const NewsletterSubscriberType = adminBuilder
  .objectRef<NewsletterSubscriberItem>('NewsletterSubscriber')
  .implement({
    description: 'A newsletter subscription (double opt-in: only confirmed ones get mail).',
    fields: (t) => ({
      id: t.exposeInt('id'),
      email: t.exposeString('email'),
      state: t.field({ type: NewsletterStateEnum, resolve: (s) => s.state }),
      tags: t.exposeStringList('tags', { description: 'Interest tags of the sign-up.' }),
      source: t.exposeString('source', { description: 'footer, account or api.' }),
      consentedAt: t.expose('consentedAt', { type: 'DateTime' }),
      confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
      unsubscribedAt: t.expose('unsubscribedAt', { type: 'DateTime', nullable: true }),
    }),
  });

const BackInStockType = adminBuilder.objectRef<BackInStockItem>('BackInStockRequest').implement({
  description: 'An open "tell me when this size is back" request (no mail sent yet).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    email: t.exposeString('email'),
    skuId: t.exposeInt('skuId'),
    articleNumber: t.exposeString('articleNumber'),
    size: t.exposeString('size'),
    productName: t.exposeString('productName'),
    productAlias: t.exposeString('productAlias'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const NewsletterPageType = adminBuilder
  .objectRef<SubscriberPage<NewsletterSubscriberItem>>('NewsletterSubscriberPage')
  .implement({
    description: 'A page of newsletter subscriptions and how many match in all.',
    fields: (t) => ({
      total: t.exposeInt('total'),
      items: t.field({ type: [NewsletterSubscriberType], resolve: (p) => p.items }),
    }),
  });

const BackInStockPageType = adminBuilder
  .objectRef<SubscriberPage<BackInStockItem>>('BackInStockRequestPage')
  .implement({
    description: 'A page of open back-in-stock requests and how many match in all.',
    fields: (t) => ({
      total: t.exposeInt('total'),
      items: t.field({ type: [BackInStockType], resolve: (p) => p.items }),
    }),
  });

interface ExportResult {
  csv: string;
  rows: number;
}

const ExportType = adminBuilder.objectRef<ExportResult>('SubscriberExport').implement({
  description: 'A CSV export (RFC 4180, UTF-8, CRLF lines, a header line).',
  fields: (t) => ({
    csv: t.exposeString('csv'),
    rows: t.exposeInt('rows', { description: 'Data rows (without the header).' }),
  }),
});

const pageArgs = z.object({
  query: z.string().trim().max(200).nullish(),
  skip: z.number().int().min(0).nullish(),
  take: z.number().int().min(1).max(SUBSCRIBERS_TAKE_MAX).nullish(),
});

adminBuilder.queryFields((t) => ({
  newsletterSubscribers: t.field({
    type: NewsletterPageType,
    description:
      'Newsletter subscriptions, newest first, optionally of one state and whose e-mail ' +
      `contains \`query\` (customers:read); skip >= 0, take 1–${SUBSCRIBERS_TAKE_MAX} (50).`,
    args: {
      state: t.arg({ type: NewsletterStateEnum, required: false }),
      query: t.arg.string({ required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'read');
      const input = parseInput(
        pageArgs.extend({ state: z.enum(NEWSLETTER_STATES).nullish() }),
        args,
      );
      return listNewsletterSubscribers(ctx.db, {
        state: input.state,
        query: input.query,
        skip: input.skip ?? 0,
        take: input.take ?? 50,
      });
    },
  }),
  backInStockRequests: t.field({
    type: BackInStockPageType,
    description:
      'Open back-in-stock requests, newest first, whose e-mail contains `query` ' +
      `(customers:read); skip >= 0, take 1–${SUBSCRIBERS_TAKE_MAX} (50).`,
    args: {
      query: t.arg.string({ required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 50 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'read');
      const input = parseInput(pageArgs, args);
      return listBackInStockRequests(ctx.db, {
        query: input.query,
        skip: input.skip ?? 0,
        take: input.take ?? 50,
      });
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  exportSubscribers: t.field({
    type: ExportType,
    description:
      'A CSV of the confirmed newsletter subscribers (email, tags, source, consented_at, ' +
      'confirmed_at, consent_text) or of the open back-in-stock requests (email, ' +
      'article_number, size, product, created_at) (customers:read). A mutation because it is ' +
      'recorded in the audit log (who exported personal data, how many rows).',
    args: { list: t.arg({ type: SubscriberListEnum, required: true }) },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'read');
      return exportSubscribers(ctx.db, args.list, actorOf(ctx), ctx.now);
    },
  }),
}));
