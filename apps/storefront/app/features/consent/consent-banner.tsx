/**
 * The cookie-consent banner (GDPR, LEK 9:28; issue 19): a non-modal region with a heading at the
 * top of the page, in the document flow so it covers nothing, server-rendered while no choice is
 * stored. "Godkänn alla", "Endast nödvändiga" and "Inställningar" are equal buttons. Without
 * JavaScript the form posts to `/cookieinstallningar`, which stores the choice and redirects back
 * ("Inställningar" goes to that page); with JavaScript a fetcher posts it, "Inställningar" opens
 * the categories in place, and focus moves to the page's main content once the banner is gone.
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { ConsentFields } from './consent-fields';
import { useConsentView } from './consent-tags';
import { JsFlag } from '../../components/ui/js-flag';

/** The settings page's path (routes/cookie-settings.tsx). */
export const CONSENT_SETTINGS_PATH = '/cookieinstallningar';

/** The banner, while no choice is stored (not on the settings page itself). */
export function ConsentBanner() {
  const { choice } = useConsentView();
  const fetcher = useFetcher({ key: 'consent' });
  const location = useLocation();
  const [settings, setSettings] = useState(false);
  const firstBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (settings) firstBox.current?.focus();
  }, [settings]);
  const chosen = fetcher.state !== 'idle' || fetcher.data !== undefined;
  if (choice || chosen || location.pathname === CONSENT_SETTINGS_PATH) return null;

  const leave = () => {
    // The focused button disappears with the banner: continue in the page.
    requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
  };
  return (
    <section className="consent-banner" aria-labelledby="consent-title">
      <fetcher.Form
        method="post"
        action={CONSENT_SETTINGS_PATH}
        className="consent-banner__inner container"
        onSubmit={leave}
      >
        <h2 id="consent-title" className="consent-banner__title">
          {t('consent.title')}
        </h2>
        <p className="consent-banner__text">{t('consent.text')}</p>
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        <JsFlag />
        {settings ? <ConsentFields ref={firstBox} initial={null} /> : null}
        <div className="consent-banner__actions">
          {/* First with the boxes shown: the form's default button (Enter) saves what is ticked. */}
          {settings ? (
            <button
              type="submit"
              name="choice"
              value="save"
              className="button consent-banner__button"
            >
              {t('consent.save')}
            </button>
          ) : null}
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
          {settings ? null : (
            <button
              type="submit"
              name="choice"
              value="settings"
              className="button consent-banner__button"
              onClick={(event) => {
                event.preventDefault();
                setSettings(true);
              }}
            >
              {t('consent.settings')}
            </button>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
