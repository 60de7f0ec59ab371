/** Assembly of the admin schema (issue 26): imports every admin `*.graphql.ts` for its effect. */
import type { GraphQLSchema } from 'graphql/index.js';
import { adminBuilder } from './builder.ts';
import './staff.graphql.ts';
import './two-factor.graphql.ts';
import './audit.graphql.ts';
import './campaigns.graphql.ts';
import './promotions.graphql.ts';
import './giftcards.graphql.ts';
import './catalogue.graphql.ts';
import './stock.graphql.ts';
import './csv.graphql.ts';
import './dashboard.graphql.ts';
import './orders.graphql.ts';
import './shipping-export.graphql.ts';
import './customers.graphql.ts';
import './reviews.graphql.ts';
import './leasing.graphql.ts';
import './subscribers.graphql.ts';
import './content.graphql.ts';
import './menus.graphql.ts';
import '../../modules/jobs/failed-jobs.graphql.ts';
import '../../modules/payments/payment-operations.admin.graphql.ts';
import '../../modules/shipping/booking-admin.graphql.ts';
import './seller.graphql.ts';

let schema: GraphQLSchema | undefined;

/** The admin API's executable schema (built once). */
export function getAdminSchema(): GraphQLSchema {
  schema ??= adminBuilder.toSchema({ sortSchema: true });
  return schema;
}
