/**
 * `/nyhetsbrev` (issue 17): the action of the footer's newsletter form
 * (GEINS-API §3 subscribeToNewsletter, double opt-in). With JavaScript a fetcher posts it and gets
 * `{status}` as JSON; a plain form post is redirected back with `?nyhetsbrev=<status>`.
 */
import { redirect } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/newsletter';
import type { NewsletterStatus } from '../features/newsletter/newsletter-form';
import { SubscribeToNewsletterDocument } from '../graphql/generated';
import { sameOriginPath } from '../routing/safe-redirect';

/** Nothing to show at this address: back to the start page. */
export function loader() {
  return redirect('/');
}

/** Signs the address up; answers JSON (fetcher) or redirects back (plain form post). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = z.string().max(300).safeParse(form.get('email'));
  let status: NewsletterStatus = 'invalid-email';
  if (email.success) {
    const result = await context.api.attempt(SubscribeToNewsletterDocument, {
      email: email.data,
    });
    const code = result.errors[0]?.code ?? null;
    if (code === 'BAD_USER_INPUT') status = 'invalid-email';
    else if (code === 'RATE_LIMITED') status = 'rate-limited';
    else if (code || !result.data?.subscribeToNewsletter) status = 'error';
    else status = 'pending';
    if (status === 'error') context.log.error('Newsletter sign-up failed', { code });
  }
  if (form.get('js') !== '1') {
    const back = new URL(sameOriginPath(form.get('returnTo'), '/'), 'https://shop.invalid');
    back.searchParams.set('nyhetsbrev', status);
    throw redirect(`${back.pathname}${back.search}#nyhetsbrev`, { status: 303 });
  }
  return Response.json({ status }, { headers: { 'cache-control': 'no-store' } });
}
