/**
 * GraphQL account operations (GEINS-API §3, §4.7, §7.2): `getUser`, `updateUser`, `deleteUser`,
 * `requestPasswordReset`, `commitReset`. Account fields need `Authorization: Bearer <jwt>` and act
 * on the caller's own account only: no operation takes a customer id from the client.
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { AddressInputRef, AddressRef, CustomerTypeEnum } from '../../graphql/address.ts';
import { MarketRef } from '../channel/channel.graphql.ts';
import type { ChannelInfo } from '../channel/channel.service.ts';
import { formatMoney, minorToDecimal } from '../pricing/money.ts';
import { customerAddress, GENDERS, updateCustomer, type Customer } from './customers.service.ts';
import { deleteCustomerAccount } from './gdpr.service.ts';
import { commitReset, requestPasswordReset } from './password-reset.service.ts';
import { setAccountNewsletter } from '../engagement/newsletter.service.ts';

/** `Gender` enum (GEINS-API §4.7). */
export const GenderEnum = builder.enumType('Gender', {
  description: 'Gender of a customer (GEINS-API §4.7; SPEC §3: unspecified, woman, man).',
  values: {
    UNSET: { value: 'UNSET', description: 'Not given.' },
    UNSPECIFIED: { value: 'UNSPECIFIED', description: 'The customer chose not to say.' },
    WOMAN: { value: 'WOMAN', description: 'Woman.' },
    MAN: { value: 'MAN', description: 'Man.' },
  } as const,
});
void GENDERS;

/** A balance in one currency. */
interface UserBalance {
  currency: string;
  /** Minor units (öre). */
  minor: number;
}

/** `UserBalanceType`. */
export const UserBalanceRef = builder.objectRef<UserBalance>('UserBalanceType').implement({
  description: "The customer's store credit in one currency (GEINS-API §4.7).",
  fields: (t) => ({
    currency: t.exposeString('currency', {
      nullable: false,
      description: 'ISO 4217 code, e.g. "SEK".',
    }),
    amount: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'The balance in major units (kronor).',
      resolve: (b) => minorToDecimal(b.minor, b.currency),
    }),
    amountFormatted: t.string({
      description: 'The balance formatted for Swedish, e.g. "250 kr".',
      resolve: (b) => formatMoney(b.minor, b.currency, 'sv-SE'),
    }),
  }),
});

/** `UserChannelType`: a channel the customer may shop in, with its markets. */
const UserChannelRef = builder.objectRef<ChannelInfo>('UserChannelType').implement({
  description:
    'A channel the customer can use, with the markets they can buy in (GEINS-API §4.7 availableChannels).',
  fields: (t) => ({
    channelId: t.exposeString('id', {
      nullable: false,
      description: 'The channel id, `{id}|{alias}` e.g. "1|se".',
    }),
    availableMarkets: t.field({
      type: [MarketRef],
      description: "The channel's active markets, in display order.",
      resolve: (channel) => channel.markets,
    }),
  }),
});

/** `UserType`. */
export const UserRef = builder.objectRef<Customer>('UserType').implement({
  description: 'The logged-in customer (GEINS-API §4.7, SPEC §3 Customer).',
  fields: (t) => ({
    id: t.exposeInt('id', { nullable: false, description: "Customer id (the token's `sid`)." }),
    email: t.exposeString('email', {
      nullable: false,
      description: 'E-mail address, the username (lower case).',
    }),
    address: t.field({
      type: AddressRef,
      description: 'Name, address, company and phone numbers of the customer.',
      resolve: (c) => customerAddress(c),
    }),
    gender: t.field({
      type: GenderEnum,
      description: 'Gender (UNSET when not given).',
      resolve: (c) => c.gender as 'UNSET',
    }),
    customerType: t.field({
      type: CustomerTypeEnum,
      description: 'PERSON or ORGANIZATION.',
      resolve: (c) => (c.customerType === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON'),
    }),
    newsletter: t.exposeBoolean('newsletter', {
      description: 'Consent to the newsletter.',
    }),
    personalId: t.string({
      description:
        'Personnummer (12 digits, PERSON) or organisationsnummer (NNNNNN-NNNN, ORGANIZATION); "" when not given.',
      resolve: (c) => c.personalId,
    }),
    memberType: t.exposeString('memberType', {
      nullable: false,
      description: 'Member type ("" for ordinary customers).',
    }),
    memberId: t.exposeInt('id', {
      nullable: false,
      description: 'Member id; the customer id.',
    }),
    balances: t.field({
      type: [UserBalanceRef],
      description: 'Store credit per currency.',
      resolve: (c) => [{ currency: c.balanceCurrency, minor: c.balance }],
    }),
    balance: t.field({
      type: 'Decimal',
      nullable: false,
      deprecationReason: 'Use balances.',
      description: 'Store credit in kronor (deprecated: use balances).',
      resolve: (c) => minorToDecimal(c.balance, c.balanceCurrency),
    }),
    balanceFormatted: t.string({
      deprecationReason: 'Use balances.',
      description: 'Store credit formatted, e.g. "0 kr" (deprecated, but selected by ralph).',
      resolve: (c) => formatMoney(c.balance, c.balanceCurrency, 'sv-SE'),
    }),
    metaData: t.exposeString('metaData', {
      description: "The client's free-form metadata (JSON text).",
    }),
    availableChannels: t.field({
      type: [UserChannelRef],
      description:
        'The channels and markets the customer can shop in: every channel with its active markets (accounts are not limited to some).',
      resolve: async (_customer, _args, ctx) => (await ctx.directory()).channels,
    }),
  }),
});

/** `UserInputType`. */
export const UserInputRef = builder.inputType('UserInputType', {
  description:
    'Changes to the account (GEINS-API §4.7): null or omitted fields are left unchanged.',
  fields: (t) => ({
    address: t.field({ type: AddressInputRef, description: 'Name, address and phone numbers.' }),
    gender: t.field({ type: GenderEnum, description: 'Gender.' }),
    newsletter: t.boolean({ description: 'Consent to the newsletter.' }),
    personalId: t.string({
      description:
        'Personnummer (PERSON) or organisationsnummer (ORGANIZATION), validated; "" clears it.',
    }),
    customerType: t.field({
      type: CustomerTypeEnum,
      description: 'PERSON (default) or ORGANIZATION.',
    }),
    metaData: t.string({
      description: 'Free-form metadata (JSON text, at most 10 000 characters).',
    }),
  }),
});

builder.queryFields((t) => ({
  getUser: t.field({
    type: UserRef,
    description:
      'The logged-in customer (Bearer token required; GEINS-API §3.1). Errors: UNAUTHENTICATED.',
    args: { ...contextArgs },
    resolve: async (_root, _args, ctx) => (await ctx.requireViewer()).customer,
  }),
}));

builder.mutationFields((t) => ({
  updateUser: t.field({
    type: UserRef,
    description:
      "Updates the caller's account; right after registration it creates the profile " +
      '(GEINS-API §7.2 step 6). Errors: UNAUTHENTICATED, BAD_USER_INPUT (personalId). The ' +
      'e-mail and the password are not fields here (a password changes at /auth/password, which ' +
      'refuses a support session); with the token of a support session (staff logged in as the ' +
      'customer) the change is allowed and recorded in the audit log.',
    args: {
      user: t.arg({ type: UserInputRef, required: true, description: 'The changes.' }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      const viewer = await ctx.requireViewer();
      const updated = await updateCustomer(ctx.db, viewer.customerId, args.user, ctx.now);
      // The checkbox and the footer form share one subscription (issue 17, double opt-in).
      const wanted = args.user.newsletter;
      if (typeof wanted === 'boolean' && wanted !== viewer.customer.newsletter) {
        await setAccountNewsletter(ctx.db, ctx.config, updated.email, wanted, ctx.now);
      }
      return updated;
    },
  }),
  deleteUser: t.boolean({
    nullable: false,
    description:
      "Deletes the caller's account; orders are kept for bookkeeping with the personal data " +
      'anonymised. Errors: UNAUTHENTICATED; FORBIDDEN (`extensions.reason` SUPPORT_SESSION) ' +
      'with the token of a support session (staff logged in as the customer): only the account ' +
      'holder may delete it.',
    args: { ...contextArgs },
    resolve: async (_root, _args, ctx) => {
      const viewer = await ctx.requireAccountHolder();
      return deleteCustomerAccount(ctx.db, viewer.customerId);
    },
  }),
  requestPasswordReset: t.boolean({
    nullable: false,
    description:
      'Mails a single-use reset link (valid 1 hour) when the address has an account. Always ' +
      'true: the answer never tells whether the address is known (the same work either way; the ' +
      'mail goes out after the answer). Errors: BAD_USER_INPUT, RATE_LIMITED (per IP address, ' +
      'shared with commitReset; extensions.retryAfter in seconds).',
    args: {
      email: t.arg.string({ required: true, description: 'The e-mail address.' }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      requestPasswordReset(ctx.db, ctx.config, args.email, ctx.now, ctx.clientIp),
  }),
  commitReset: t.boolean({
    nullable: false,
    description:
      'Sets a new password with the key from the reset link. `password` is the digest ' +
      '(GEINS-API §7.3). False for an unknown, used or expired key. Errors: BAD_USER_INPUT, ' +
      'RATE_LIMITED (per IP address, shared with requestPasswordReset).',
    args: {
      resetKey: t.arg.string({ required: true, description: 'The `resetKey` of the link.' }),
      password: t.arg.string({
        required: true,
        description: 'base64 SHA-384 digest of the new password plus the public salt.',
      }),
      ...contextArgs,
    },
    resolve: (_root, args, ctx) =>
      commitReset(ctx.db, ctx.config, args.resetKey, args.password, ctx.now, ctx.clientIp),
  }),
}));
