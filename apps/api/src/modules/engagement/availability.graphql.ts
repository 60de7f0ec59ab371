/**
 * GraphQL of the back-in-stock requests (issue 17; GEINS-API §2.3/§3):
 * `monitorProductAvailability(email, skuId)` and the unsubscribe link's
 * `endProductAvailabilityMonitoring(token)` (ours; Geins has no such field).
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { endAvailabilityMonitoring, monitorProductAvailability } from './availability.service.ts';

builder.mutationFields((t) => ({
  monitorProductAvailability: t.boolean({
    nullable: false,
    description:
      'Asks for one e-mail when the sold-out SKU `skuId` has stock again (the "Bevaka" panel of ' +
      'the product page; GEINS-API §2.3). True when the request is recorded, also when it ' +
      'already was (no duplicate); false when the SKU is in stock (nothing to wait for). The mail ' +
      'goes out within a minute of the restock and ends the request. Errors: BAD_USER_INPUT ' +
      '(email), NOT_FOUND (skuId), RATE_LIMITED (per IP address; extensions.retryAfter seconds).',
    args: {
      email: t.arg.string({ required: true, description: 'Where to send the mail.' }),
      skuId: t.arg.int({ required: true, description: 'The sold-out SKU (size).' }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      monitorProductAvailability(
        ctx.db,
        { email: args.email, skuId: args.skuId },
        ctx.now,
        ctx.clientIp,
      ),
  }),
  endProductAvailabilityMonitoring: t.boolean({
    nullable: false,
    description:
      'Ends every back-in-stock request of the address named by the signed `token` of the ' +
      "mail's unsubscribe link (issue 17; not a Geins field). True also when none was open. " +
      'Errors: BAD_USER_INPUT (token malformed or forged).',
    args: {
      token: t.arg.string({ required: true, description: 'The `token` of the unsubscribe link.' }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      await endAvailabilityMonitoring(ctx.db, ctx.config, args.token);
      return true;
    },
  }),
}));
