/**
 * `/bevaka/avsluta?token=…` (issue 17): the unsubscribe link of the back-in-stock mail. The page
 * asks first and ends the address's requests on the button's POST (mail scanners that open
 * links do not end anything), then confirms in Swedish. A malformed or forged token says the
 * link is invalid.
 */
import { data, Form, Link } from 'react-router';
import type { Route } from './+types/back-in-stock-unsubscribe';
import { EndProductAvailabilityMonitoringDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Avsluta bevakningar | <shop>", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('backInStock.unsubscribe.title'), noindex: true });

/** The token of the link (checked when the button is pressed). */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token: token.slice(0, 600) };
}

/** Ends the requests; `{done: true}` or `{invalid: true}` (400). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '').slice(0, 600);
  const result = await context.api.attempt(EndProductAvailabilityMonitoringDocument, { token });
  if (result.data?.endProductAvailabilityMonitoring) return { done: true, invalid: false };
  if (result.errors[0]?.code !== 'BAD_USER_INPUT') {
    context.log.error('Ending back-in-stock requests failed', { code: result.errors[0]?.code });
    throw data({ message: t('error.generic.text') }, { status: 500 });
  }
  return data({ done: false, invalid: true }, { status: 400 });
}

/** The question, the confirmation or the invalid-link notice. */
export default function BackInStockUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const invalid = actionData?.invalid || !loaderData.token;
  return (
    <article className="page container content-page engagement-page">
      <h1>{t('backInStock.unsubscribe.title')}</h1>
      {actionData?.done ? (
        <p role="status">{t('backInStock.unsubscribe.done')}</p>
      ) : invalid ? (
        <p role="alert">{t('backInStock.unsubscribe.invalid')}</p>
      ) : (
        <Form method="post">
          <p>{t('backInStock.unsubscribe.question')}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button button--primary">
            {t('backInStock.unsubscribe.submit')}
          </button>
        </Form>
      )}
      <p className="engagement-page__actions">
        <Link to="/">{t('backInStock.unsubscribe.home')}</Link>
      </p>
    </article>
  );
}
