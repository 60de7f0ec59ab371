/**
 * `/mina-sidor/mina-uppgifter.json` (GDPR art. 15 and 20): everything the shop stores about the
 * logged-in customer, as a JSON download: the profile and the orders.
 */
import type { Route } from './+types/account-export';
import { runRouteGuards } from '../features/account/guards.server';
import { AccountOrdersDocument, AccountUserDocument } from '../graphql/generated';

/** The JSON file (no-store: personal data). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await runRouteGuards(['ralph-authenticated'], { request, context });
  const [user, orders] = await Promise.all([
    context.api.query(AccountUserDocument),
    context.api.query(AccountOrdersDocument),
  ]);
  const body = JSON.stringify(
    { exportedAt: new Date().toISOString(), customer: user.getUser, orders: orders.getOrders },
    null,
    2,
  );
  return new Response(body, {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': 'attachment; filename="mina-uppgifter.json"',
      'cache-control': 'no-store',
    },
  });
}
