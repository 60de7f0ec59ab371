/**
 * `/nyhetsbrev/bekrafta?token=…` (issue 17): the newsletter mail's link that confirms a newsletter sign-up (double opt-in).
 * The page asks first and acts on the button's POST, then confirms in Swedish; a malformed or
 * forged token says the link is invalid.
 */
import { data } from 'react-router';
import type { Route } from './+types/newsletter-confirm';
import { EmailLinkPage, type EmailLinkResult } from '../features/newsletter/email-link-page';
import { ConfirmNewsletterSubscriptionDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** The page title, never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('newsletter.confirm.title'), noindex: true });

/** The token of the link (checked when the button is pressed). */
export function loader({ request }: Route.LoaderArgs) {
  return { token: (new URL(request.url).searchParams.get('token') ?? '').slice(0, 600) };
}

/** Calls the API with the token. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '').slice(0, 600);
  const result = await context.api.attempt(ConfirmNewsletterSubscriptionDocument, { token });
  if (result.data) {
    const outcome = result.data.confirmNewsletterSubscription ? 'done' : 'not-done';
    return { outcome } satisfies EmailLinkResult;
  }
  if (result.errors[0]?.code !== 'BAD_USER_INPUT') {
    context.log.error('Newsletter link failed', { code: result.errors[0]?.code });
    throw data({ message: t('error.generic.text') }, { status: 500 });
  }
  return data({ outcome: 'invalid' } satisfies EmailLinkResult, { status: 400 });
}

/** The question, then the outcome. */
export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      token={loaderData.token}
      result={actionData}
      texts={{
        title: t('newsletter.confirm.title'),
        question: t('newsletter.confirm.question'),
        submit: t('newsletter.confirm.submit'),
        done: t('newsletter.confirm.done'),
        notDone: t('newsletter.confirm.notDone'),
      }}
    />
  );
}
