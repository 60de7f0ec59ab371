/**
 * The support-session banner (issue 41): while a staff user is logged in as the customer (root
 * loader `account.supportSession`), every page starts with "Du är inloggad som en annan användare
 * (<e-mail>)" and the button "Avsluta supportsessionen", a plain form POST to
 * `/account/avsluta-support` (works without JavaScript; the button is reachable by keyboard). A
 * labelled region, its text a status message; white on the brand colour (contrast above 10:1).
 */
import { Form, useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import type { AccountSummary } from './account-summary';

/** Where the banner's form posts: ends the support session (routes/account-support-end.tsx). */
const END_SUPPORT_SESSION_PATH = '/account/avsluta-support';

/** The banner, or nothing outside a support session. */
export function SupportSessionBanner() {
  const root = useRouteLoaderData<{ account?: AccountSummary }>('root');
  const account = root?.account;
  if (!account?.loggedIn || !account.supportSession) return null;
  return (
    <section className="support-banner" aria-label={t('supportSession.label')}>
      <div className="container support-banner__inner">
        <p className="support-banner__text" role="status">
          {t('account.impersonated', { email: account.email })}
        </p>
        <Form method="post" action={END_SUPPORT_SESSION_PATH} reloadDocument>
          <button type="submit" className="support-banner__end">
            {t('supportSession.end')}
          </button>
        </Form>
      </div>
    </section>
  );
}
