/**
 * Schema assembly: imports every module's GraphQL file (each registers its types and root
 * fields on the shared builder) and builds the executable schema once.
 */
import type { GraphQLSchema } from 'graphql/index.js';
import { builder } from './builder.ts';
import './scalars.ts';
import '../modules/channel/channel.graphql.ts';
import '../modules/catalog/catalog.graphql.ts';
import '../modules/pricing/pricing.graphql.ts';
import '../modules/pricing/lowest-price.graphql.ts';
import '../modules/inventory/inventory.graphql.ts';
import '../modules/search/search.graphql.ts';
import '../modules/cart/cart.graphql.ts';
import '../modules/checkout/checkout.graphql.ts';
import '../modules/checkout/checkout-confirm.graphql.ts';
import '../modules/shipping/shipping.graphql.ts';
import '../modules/customers/customers.graphql.ts';
import '../modules/customers/customer-orders.graphql.ts';
import '../modules/engagement/engagement.graphql.ts';
import '../modules/menus/menus.graphql.ts';
import '../modules/content/content.graphql.ts';
import '../modules/leasing/leasing.graphql.ts';
import '../modules/leasing/leasing-order.graphql.ts';

let schema: GraphQLSchema | undefined;

/** The API schema (GEINS-API names), built on first use. Types are sorted by name. */
export function getSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
