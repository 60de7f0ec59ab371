/**
 * GraphQL of the newsletter (issue 17; GEINS-API §3 `subscribeToNewsletter(email, tags)`) and
 * its mail links (ours; not Geins fields): `confirmNewsletterSubscription(token)` (double opt-in)
 * and `unsubscribeFromNewsletter(token)`.
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import {
  confirmNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './newsletter.service.ts';

builder.mutationFields((t) => ({
  subscribeToNewsletter: t.boolean({
    nullable: false,
    description:
      'Signs an address up for the newsletter with double opt-in (GEINS-API §3; the footer ' +
      'form): the consent text and time are stored and a confirmation link is mailed; only a ' +
      'confirmed address receives newsletters. Always true (it does not tell whether the address ' +
      'is known). Errors: BAD_USER_INPUT (email; tags: at most 10 words of letters, digits, - ' +
      'and _), RATE_LIMITED (per IP address; extensions.retryAfter seconds).',
    args: {
      email: t.arg.string({ required: true, description: 'The address to sign up.' }),
      tags: t.arg({
        type: ['String'],
        required: { list: false, items: false },
        description:
          'Interests to store with the subscription, e.g. ["racer"] (null items ignored).',
      }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      subscribeToNewsletter(
        ctx.db,
        ctx.config,
        { email: args.email, tags: args.tags, source: 'footer' },
        ctx.now,
        ctx.clientIp,
      ),
  }),
  confirmNewsletterSubscription: t.boolean({
    nullable: false,
    description:
      'Confirms a sign-up with the signed `token` of the confirmation mail (double opt-in; ' +
      'issue 17, not a Geins field). True when the address is confirmed (also when it already ' +
      'was); false when it has no sign-up or was unsubscribed. Errors: BAD_USER_INPUT (token).',
    args: {
      token: t.arg.string({ required: true, description: 'The `token` of the link.' }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      confirmNewsletterSubscription(ctx.db, ctx.config, args.token, ctx.now),
  }),
  unsubscribeFromNewsletter: t.boolean({
    nullable: false,
    description:
      "Ends the subscription of the address named by the signed `token` of a mail's " +
      'unsubscribe link (issue 17, not a Geins field). Always true for a valid token. Errors: ' +
      'BAD_USER_INPUT (token).',
    args: {
      token: t.arg.string({ required: true, description: 'The `token` of the link.' }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      unsubscribeFromNewsletter(ctx.db, ctx.config, args.token, ctx.now),
  }),
}));
