/**
 * `POST /kundtyp`: the customer-type switch (SPEC §4 "Customer type change": sets the type and
 * whether VAT is included). Stores `ralph-user-type` for a year; unknown values give PERSON.
 * Without JavaScript the browser is sent back to `returnTo`; with a fetcher the page's loaders
 * revalidate and every price follows.
 */
import { redirect } from 'react-router';
import type { Route } from './+types/customer-type';
import { parseCustomerType } from '../market/request-market';
import { safeLocalPath } from '../routing/local-path';

/** `GET /kundtyp` has nothing to show: back to the start page. */
export function loader() {
  return redirect('/');
}

/** Stores the customer type and returns to the page the switch was on. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const customerType = parseCustomerType(String(form.get('customerType') ?? ''));
  const secure = context.shop.publicUrl.startsWith('https:');
  // React Router adds the request's market/locale prefix to the path.
  return redirect(safeLocalPath(form.get('returnTo')), {
    headers: { 'Set-Cookie': await context.cookies.userType.serialize(customerType, secure) },
  });
}
