/**
 * `/cookieinstallningar` (issue 19, the footer's "Cookieinställningar"): the cookie-consent
 * categories with the stored choice ticked, and the action of every consent form. The action
 * stores `ralph-consent` for a year (SPEC §9) and answers a fetcher (`js=1`, the banner) with data;
 * a plain form post goes back to `returnTo` with 303 (the banner without JavaScript; "Inställningar"
 * lands here). The page's own form reloads the document, so a withdrawn category's scripts leave.
 */
import { data as respond, Form, redirect, useSearchParams } from 'react-router';
import type { Route } from './+types/cookie-settings';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { consentFromForm, encodeConsent } from '../features/consent/consent';
import { CONSENT_SETTINGS_PATH } from '../features/consent/consent-banner';
import { ConsentFields } from '../features/consent/consent-fields';
import { useConsentView } from '../features/consent/consent-tags';
import { t } from '../i18n/i18n';
import { safeLocalPath } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Title; not for search engines. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('consent.pageTitle'), noindex: true });

/** Stores the choice; `choice=settings` (the banner's button without JavaScript) comes here. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const consent = consentFromForm(form);
  if (!consent) throw redirect(CONSENT_SETTINGS_PATH, { status: 303 });
  const secure = context.shop.publicUrl.startsWith('https:');
  const headers = {
    'Set-Cookie': await context.cookies.consent.serialize(encodeConsent(consent), secure),
  };
  if (form.get('js') !== '1') {
    throw redirect(safeLocalPath(form.get('returnTo')), { status: 303, headers });
  }
  return respond({ ok: true }, { headers });
}

/** The settings page. */
export default function CookieSettingsPage() {
  const { choice } = useConsentView();
  const [params] = useSearchParams();
  const saved = params.get('sparat') === '1';
  return (
    <div className="page page--narrow container">
      <Breadcrumbs items={[{ name: t('consent.pageTitle'), url: CONSENT_SETTINGS_PATH }]} />
      <h1>{t('consent.pageTitle')}</h1>
      <p>{t('consent.pageIntro')}</p>
      <p role="status" className="consent-settings__status">
        {saved ? t('consent.saved') : null}
      </p>
      <Form method="post" reloadDocument className="consent-settings">
        <input type="hidden" name="returnTo" value={`${CONSENT_SETTINGS_PATH}?sparat=1`} />
        <ConsentFields key={choice ? 'chosen' : 'none'} initial={choice} />
        <div className="consent-banner__actions">
          <button type="submit" name="choice" value="save" className="button button--primary">
            {t('consent.save')}
          </button>
          <button type="submit" name="choice" value="all" className="button consent-banner__button">
            {t('consent.acceptAll')}
          </button>
          <button
            type="submit"
            name="choice"
            value="necessary"
            className="button consent-banner__button"
          >
            {t('consent.necessaryOnly')}
          </button>
        </div>
      </Form>
    </div>
  );
}
