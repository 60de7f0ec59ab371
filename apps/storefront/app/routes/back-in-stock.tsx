/**
 * `/bevaka` (issue 17): the action of the product page's "Bevaka" form, a back-in-stock request
 * for a sold-out size (GEINS-API §2.3 monitorProductAvailability). With JavaScript a fetcher
 * posts it and gets `{status, skuId}` as JSON; a plain form post is redirected back to the
 * product page with `?bevaka=<status>&bevakaSku=<skuId>`, which the form shows.
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/back-in-stock';
import type { BackInStockResult, BackInStockStatus } from '../features/product/back-in-stock';
import { MonitorProductAvailabilityDocument } from '../graphql/generated';
import { sameOriginPath } from '../routing/safe-redirect';

const requestSchema = z.object({
  skuId: z.coerce.number().int().positive(),
  email: z.string().max(300),
});

/** Nothing to show at this address: back to the start page. */
export function loader() {
  return redirect('/');
}

/** Records the request; answers JSON (fetcher) or redirects back (plain form post). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = requestSchema.safeParse({ skuId: form.get('skuId'), email: form.get('email') });
  let status: BackInStockStatus;
  if (!parsed.success) {
    status = parsed.error.issues.some((issue) => issue.path[0] === 'skuId')
      ? 'error'
      : 'invalid-email';
  } else {
    const result = await context.api.attempt(MonitorProductAvailabilityDocument, parsed.data);
    const code = result.errors[0]?.code ?? null;
    if (code === 'BAD_USER_INPUT') status = 'invalid-email';
    else if (code === 'RATE_LIMITED') status = 'rate-limited';
    else if (code || !result.data) status = 'error';
    else status = result.data.monitorProductAvailability ? 'subscribed' : 'in-stock';
    if (status === 'error') context.log.error('Back-in-stock request failed', { code });
  }
  const skuId = parsed.success ? parsed.data.skuId : 0;
  if (form.get('js') !== '1') {
    const back = new URL(sameOriginPath(form.get('returnTo'), '/'), 'https://shop.invalid');
    back.searchParams.set('bevaka', status);
    back.searchParams.set('bevakaSku', String(skuId));
    throw redirect(`${back.pathname}${back.search}#bevaka`, { status: 303 });
  }
  // 200 for every outcome: the form shows it (a 4xx would also be a console error).
  return Response.json({ status, skuId } satisfies BackInStockResult, {
    headers: { 'cache-control': 'no-store' },
  });
}
