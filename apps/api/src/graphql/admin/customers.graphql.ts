/**
 * Customers on the admin API (issue 27 "Customers"): `customerSearch` and `customer`
 * (customers:read); `eraseCustomer`, `impersonateCustomer` and `exportCustomerData`
 * (customers:write), each one transaction with its audit entry in the services
 * (modules/customers/customer-admin.service.ts). Guest buyers (orders, no account) are
 * customers by their e-mail address (issue 40 point 5): found by the search, read, exported and
 * erased by `email` (modules/customers/guest-admin.service.ts).
 */
import { z } from 'zod';
import {
  eraseCustomer,
  eraseCustomerSchema,
  exportCustomerData,
  impersonationSchema,
  startImpersonation,
  type Impersonation,
} from '../../modules/customers/customer-admin.service.ts';
import {
  customerOverview,
  guestOverview,
  MAX_CUSTOMER_PAGE,
  searchCustomers,
  type CustomerOrderSummary,
  type CustomerOverview,
  type CustomerPage,
  type CustomerSummary,
} from '../../modules/customers/customer-search.service.ts';
import type { ErasureOutcome } from '../../modules/customers/gdpr.service.ts';
import {
  eraseGuest,
  eraseGuestSchema,
  exportGuestData,
  guestEmailSchema,
} from '../../modules/customers/guest-admin.service.ts';
import { swedishInputError } from '../../errors.ts';
import type {
  AvailabilityRequestRecord,
  NewsletterRecord,
  ReviewRecord,
} from '../../modules/engagement/personal-data.ts';
import { ORDER_STATUS_NAMES, type OrderStatus } from '../../modules/orders/order-process.ts';
import { adminBuilder } from './builder.ts';
import { actorOf } from './context.ts';
import { requireStaff } from './guard.ts';
import { parseInput } from './staff.graphql.ts';

const CustomerSummaryType = adminBuilder.objectRef<CustomerSummary>('CustomerSummary').implement({
  description:
    'A customer as a search result lists it: an account, or a guest buyer (orders with this ' +
    'e-mail and no account; issue 40).',
  fields: (t) => ({
    id: t.exposeInt('id', {
      nullable: true,
      description: "The account's id; null for a guest (read it by `email`).",
    }),
    guest: t.exposeBoolean('guest', {
      description: 'True for a guest buyer: orders placed with the address, no account.',
    }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    company: t.exposeString('company'),
    phone: t.exposeString('phone'),
    customerType: t.exposeString('customerType', { description: 'PERSON or ORGANIZATION.' }),
    newsletter: t.exposeBoolean('newsletter', {
      description:
        "The account's newsletter choice (updateUser); the subscription may still await " +
        'its confirmation (see newsletterSubscription on the customer page).',
    }),
    balance: t.exposeInt('balance', { description: 'Store credit, öre of balanceCurrency.' }),
    balanceCurrency: t.exposeString('balanceCurrency'),
    createdAt: t.expose('createdAt', {
      type: 'DateTime',
      description: "When the account was made; a guest's first order.",
    }),
  }),
});

const CustomerPageType = adminBuilder.objectRef<CustomerPage>('CustomerSearchPage').implement({
  description: 'A page of customers, newest accounts first, and how many match in all.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    items: t.field({ type: [CustomerSummaryType], resolve: (page) => page.items }),
  }),
});

const CustomerOrderType = adminBuilder
  .objectRef<CustomerOrderSummary>('CustomerOrderSummary')
  .implement({
    description: "One of a customer's orders (its page in the back office: /admin/ordrar/<id>).",
    fields: (t) => ({
      id: t.exposeInt('id', { description: 'The order number.' }),
      guest: t.exposeBoolean('guest', {
        description: 'Placed without an account (a guest order with the address).',
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      status: t.exposeString('status', {
        description: 'awaiting_approval, received, processing, completed or cancelled (SPEC §4).',
      }),
      statusName: t.string({
        description:
          "The status's Swedish name, as the order pages show it (ORDER_STATUS_NAMES; issue 40: one name for an order awaiting the employer).",
        resolve: (o) => ORDER_STATUS_NAMES[o.status as OrderStatus] ?? o.status,
      }),
      marketId: t.exposeString('marketId'),
      currencyCode: t.exposeString('currencyCode'),
      orderValueIncVat: t.exposeInt('orderValueIncVat', {
        description: 'Order value incl. VAT, öre of currencyCode.',
      }),
      quantity: t.exposeInt('quantity', { description: 'Units ordered, all lines.' }),
    }),
  });

const NewsletterType = adminBuilder.objectRef<NewsletterRecord>('CustomerNewsletter').implement({
  description:
    "The newsletter subscription of the customer's address and the consent it was given " +
    'with (GDPR Art. 7(1)).',
  fields: (t) => ({
    state: t.exposeString('state', {
      description: 'pending (not confirmed), confirmed or unsubscribed.',
    }),
    source: t.exposeString('source', { description: 'footer, account or api.' }),
    tags: t.exposeStringList('tags'),
    consentText: t.exposeString('consentText', { description: 'What the person agreed to.' }),
    consentedAt: t.expose('consentedAt', { type: 'DateTime' }),
    confirmedAt: t.expose('confirmedAt', { type: 'DateTime', nullable: true }),
    unsubscribedAt: t.expose('unsubscribedAt', { type: 'DateTime', nullable: true }),
  }),
});

const AvailabilityRequestType = adminBuilder
  .objectRef<AvailabilityRequestRecord>('CustomerAvailabilityRequest')
  .implement({
    description: 'A back-in-stock request ("Bevaka") of the address.',
    fields: (t) => ({
      skuId: t.exposeInt('skuId'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      notifiedAt: t.expose('notifiedAt', { type: 'DateTime', nullable: true }),
    }),
  });

const ReviewType = adminBuilder.objectRef<ReviewRecord>('CustomerReview').implement({
  description: 'A review the customer wrote.',
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    rating: t.exposeInt('rating', { description: '1–5 stars.' }),
    comment: t.exposeString('comment'),
    state: t.exposeString('state', { description: 'pending, published or rejected.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CustomerType = adminBuilder.objectRef<CustomerOverview>('CustomerDetail').implement({
  description:
    'A customer account with its orders, balance, newsletter status and consents, back-in-stock ' +
    'requests and reviews.',
  fields: (t) => ({
    id: t.int({
      nullable: true,
      description: "The account's id; null for a guest buyer.",
      resolve: (c) => c.customer.id,
    }),
    guest: t.boolean({
      description: 'A guest buyer: the profile is the newest order’s, there is no account.',
      resolve: (c) => c.guest,
    }),
    email: t.string({ resolve: (c) => c.customer.email }),
    customerType: t.string({ resolve: (c) => c.customer.customerType }),
    firstName: t.string({ resolve: (c) => c.customer.firstName }),
    lastName: t.string({ resolve: (c) => c.customer.lastName }),
    company: t.string({ resolve: (c) => c.customer.company }),
    phone: t.string({ resolve: (c) => c.customer.phone }),
    mobile: t.string({ resolve: (c) => c.customer.mobile }),
    addressLine1: t.string({ resolve: (c) => c.customer.addressLine1 }),
    zip: t.string({ resolve: (c) => c.customer.zip }),
    city: t.string({ resolve: (c) => c.customer.city }),
    country: t.string({ resolve: (c) => c.customer.country }),
    personalId: t.string({
      description: 'Personnummer (12 digits) or organisationsnummer, or empty.',
      resolve: (c) => c.customer.personalId,
    }),
    balance: t.int({
      description: 'Store credit, öre of balanceCurrency.',
      resolve: (c) => c.customer.balance,
    }),
    balanceCurrency: t.string({ resolve: (c) => c.customer.balanceCurrency }),
    newsletter: t.boolean({
      description:
        "The account's newsletter choice (updateUser); the subscription may still await " +
        'its confirmation (see newsletterSubscription on the customer page).',
      resolve: (c) => c.customer.newsletter,
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (c) => c.customer.createdAt }),
    orders: t.field({
      type: [CustomerOrderType],
      description: 'Newest first.',
      resolve: (c) => c.orders,
    }),
    newsletterSubscription: t.field({
      type: NewsletterType,
      nullable: true,
      description: 'Null when the address never signed up.',
      resolve: (c) => c.engagement.newsletter,
    }),
    availabilityRequests: t.field({
      type: [AvailabilityRequestType],
      resolve: (c) => c.engagement.availabilityRequests,
    }),
    reviews: t.field({ type: [ReviewType], resolve: (c) => c.engagement.reviews }),
  }),
});

const ErasureType = adminBuilder.objectRef<ErasureOutcome>('CustomerErasure').implement({
  description: 'What an erasure did.',
  fields: (t) => ({
    ordersAnonymised: t.exposeInt('ordersAnonymised', {
      description: 'Orders kept for bookkeeping with the personal data replaced.',
    }),
    newsletterRemoved: t.exposeInt('newsletterRemoved'),
    availabilityRequestsRemoved: t.exposeInt('availabilityRequestsRemoved'),
  }),
});

const ImpersonationType = adminBuilder.objectRef<Impersonation>('CustomerImpersonation').implement({
  description: 'A single-use link that logs the browser in as the customer (support).',
  fields: (t) => ({
    path: t.exposeString('path', {
      description: 'Storefront path with ?loginToken= (same origin as the back office).',
    }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      description: 'Until when the link can be opened, once.',
    }),
    sessionSeconds: t.exposeInt('sessionSeconds', {
      description: 'How long the customer session it starts lasts, seconds.',
    }),
  }),
});

/** An account by `customerId` or a guest by `email`: exactly one of them. */
const personSchema = z.union([
  z.object({ customerId: z.number().int().positive(), email: z.null().optional() }),
  z.object({ customerId: z.null().optional(), email: guestEmailSchema }),
]);

/**
 * The account or guest an argument pair names.
 * @throws ShopError BAD_USER_INPUT (Swedish) unless exactly one of them is given
 */
function personOf(args: {
  customerId?: number | null | undefined;
  email?: string | null | undefined;
}): { customerId: number } | { email: string } {
  const parsed = personSchema.safeParse({
    customerId: args.customerId ?? null,
    email: args.email ?? null,
  });
  if (!parsed.success) {
    throw swedishInputError('Ange antingen kundnummer eller gästkundens e-postadress.', 'email');
  }
  const { customerId, email } = parsed.data;
  return customerId != null ? { customerId } : { email: email! };
}

adminBuilder.queryFields((t) => ({
  customerSearch: t.field({
    type: CustomerPageType,
    description:
      'Customers by e-mail, name or company (contains), phone or personal/organisation number ' +
      '(digits), customer id or order number; newest first (customers:read). An empty query ' +
      `lists all. take 1–${MAX_CUSTOMER_PAGE}.`,
    args: {
      query: t.arg.string({ required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 20 }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'read');
      const input = parseInput(
        z.object({
          query: z.string().max(200).nullish(),
          skip: z.number().int().min(0).max(1_000_000).nullish(),
          take: z.number().int().min(1).max(MAX_CUSTOMER_PAGE).nullish(),
        }),
        args,
      );
      return searchCustomers(ctx.db, input.query ?? '', input.take ?? 20, input.skip ?? 0);
    },
  }),
  customer: t.field({
    type: CustomerType,
    nullable: true,
    description:
      'One customer with orders, newsletter and consents (customers:read): an account by ' +
      '`customerId`, or a guest buyer by `email` (exactly one); null if none. Errors: ' +
      'BAD_USER_INPUT (neither or both).',
    args: {
      customerId: t.arg.int({ required: false }),
      email: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'read');
      const person = personOf(args);
      return 'customerId' in person
        ? customerOverview(ctx.db, person.customerId)
        : guestOverview(ctx.db, person.email);
    },
  }),
}));

adminBuilder.mutationFields((t) => ({
  eraseCustomer: t.field({
    type: ErasureType,
    description:
      'GDPR erasure (customers:write): the orders are kept for bookkeeping (7 years) with the ' +
      'personal data replaced; the account, its sessions, reviews, newsletter subscription and ' +
      'back-in-stock requests go; the guest orders placed with the address are anonymised ' +
      'too. A guest buyer is erased by `email` instead of `customerId` (issue 40). ' +
      '`confirmEmail` must be the customer’s address. Errors: NOT_FOUND, BAD_USER_INPUT ' +
      '(confirmEmail; an open order; neither or both of customerId and email).',
    args: {
      customerId: t.arg.int({ required: false }),
      email: t.arg.string({ required: false }),
      confirmEmail: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'write');
      const person = personOf(args);
      if ('customerId' in person) {
        const input = parseInput(eraseCustomerSchema, {
          ...person,
          confirmEmail: args.confirmEmail,
        });
        return eraseCustomer(ctx.db, input, actorOf(ctx), ctx.now);
      }
      const input = parseInput(eraseGuestSchema, { ...person, confirmEmail: args.confirmEmail });
      return eraseGuest(ctx.db, input, actorOf(ctx), ctx.now);
    },
  }),
  impersonateCustomer: t.field({
    type: ImpersonationType,
    description:
      'Log in as the customer for support (customers:write): a link valid once for 10 minutes ' +
      'that starts a 1-hour customer session marked "logged in as another user" (SPEC §2); ' +
      "`path` an account page (default /mina-sidor/ordrar). Audited. The session's tokens " +
      'name the staff user (`act` claim, kept through refreshes); it may not delete the ' +
      'account or change its password (FORBIDDEN), and each of its shop-API mutations is ' +
      'audited as customer.support-mutation (issue 41). Errors: NOT_FOUND.',
    args: {
      customerId: t.arg.int({ required: true }),
      path: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      const staff = requireStaff(ctx, 'customers', 'write');
      const input = parseInput(impersonationSchema, args);
      return startImpersonation(
        ctx.db,
        ctx.config,
        input,
        { ...actorOf(ctx), staffUserId: staff.id },
        ctx.now,
      );
    },
  }),
  exportCustomerData: t.field({
    type: 'JSON',
    description:
      'Everything the shop stores about the customer (GDPR art. 15, 20) as JSON: profile, ' +
      'orders with lines, newsletter subscription and consent, back-in-stock requests, reviews ' +
      '(customers:write; recorded in the audit log). An account by `customerId`, a guest ' +
      'buyer by `email` (issue 40). Errors: NOT_FOUND, BAD_USER_INPUT (neither or both).',
    args: {
      customerId: t.arg.int({ required: false }),
      email: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      requireStaff(ctx, 'customers', 'write');
      const person = personOf(args);
      return 'customerId' in person
        ? exportCustomerData(ctx.db, person.customerId, actorOf(ctx), ctx.now)
        : exportGuestData(ctx.db, person.email, actorOf(ctx), ctx.now);
    },
  }),
}));
