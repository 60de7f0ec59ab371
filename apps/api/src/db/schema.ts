/** Every table of the shop, for Drizzle's relational queries and drizzle-kit. */
export * from '../modules/channel/channel.tables.ts';
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/inventory/inventory.tables.ts';
export * from '../modules/pricing/pricing.tables.ts';
export * from '../modules/persisted-queries/persisted-queries.tables.ts';
export * from '../modules/cart/cart.tables.ts';
export * from '../modules/promotions/promotions.tables.ts';
export * from '../modules/shipping/shipping.tables.ts';
export * from '../modules/orders/orders.tables.ts';
export * from '../modules/payments/payments.tables.ts';
export * from '../modules/giftcards/giftcards.tables.ts';
export * from '../modules/customers/customers.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/search/search.tables.ts';
export * from '../modules/rate-limits/rate-limits.tables.ts';
export * from '../modules/jobs/jobs.tables.ts';
export * from '../modules/engagement/engagement.tables.ts';
