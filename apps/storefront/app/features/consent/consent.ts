/**
 * Cookie consent (GDPR, LEK 9:28; issue 19): the shopper's choice of categories beyond the
 * necessary ones, stored in the signed `ralph-consent` cookie for a year (SPEC §9), and the
 * Google Consent Mode v2 signals it gives. Shared by the server (cookie, bootstrap script) and
 * the browser (banner, tag loading).
 */

/** The consent cookie's name (SPEC §9 `ralph-` prefix). */
export const CONSENT_COOKIE = 'ralph-consent';

/** Categories a shopper may allow; necessary cookies need no consent and are always on. */
export interface Consent {
  /** Statistics: the tag manager (web analytics). */
  statistics: boolean;
  /** Marketing: advertising signals and the trust-seal script. */
  marketing: boolean;
}

/** Everything allowed ("Godkänn alla"). */
export const ALL: Consent = { statistics: true, marketing: true };

/** Only necessary cookies ("Endast nödvändiga"). */
export const NECESSARY_ONLY: Consent = { statistics: false, marketing: false };

/** The cookie value of a choice: `necessary`, then `statistics` and `marketing` when allowed. */
export function encodeConsent(consent: Consent): string {
  return [
    'necessary',
    ...(consent.statistics ? ['statistics'] : []),
    ...(consent.marketing ? ['marketing'] : []),
  ].join(',');
}

const VALUE = /^necessary(,statistics)?(,marketing)?$/;

/** True for a value {@link encodeConsent} can write (the cookie's accept check). */
export function isConsentValue(value: string): boolean {
  return VALUE.test(value);
}

/** The choice stored in a cookie value; null when there is none (the banner shows). */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value || !isConsentValue(value)) return null;
  const parts = value.split(',');
  return { statistics: parts.includes('statistics'), marketing: parts.includes('marketing') };
}

/**
 * What a consent form asked for: `all`, `necessary`, or `save` with the ticked `statistics` and
 * `marketing` boxes; null for anything else (e.g. `settings`, which opens the settings page).
 */
export function consentFromForm(form: FormData): Consent | null {
  switch (form.get('choice')) {
    case 'all':
      return ALL;
    case 'necessary':
      return NECESSARY_ONLY;
    case 'save':
      return {
        statistics: form.get('statistics') === 'on',
        marketing: form.get('marketing') === 'on',
      };
    default:
      return null;
  }
}

/** Google Consent Mode v2 states: `granted` or `denied` per storage type. */
export type ConsentModeState = Record<string, 'granted' | 'denied'>;

/**
 * The Consent Mode v2 signals of a choice (null: nothing chosen, all denied): statistics grants
 * `analytics_storage`, marketing `ad_storage`, `ad_user_data` and `ad_personalization`;
 * `functionality_storage` and `security_storage` are necessary and always granted.
 */
export function consentModeState(consent: Consent | null): ConsentModeState {
  const state = (allowed: boolean | undefined) => (allowed ? 'granted' : 'denied');
  return {
    ad_storage: state(consent?.marketing),
    ad_user_data: state(consent?.marketing),
    ad_personalization: state(consent?.marketing),
    analytics_storage: state(consent?.statistics),
    functionality_storage: 'granted',
    security_storage: 'granted',
  };
}

/**
 * The inline head script that runs before any tag: defines `window.dataLayer` and `gtag`, pushes
 * `gtag('consent', 'default', …)` with everything denied and, when a choice is stored,
 * `gtag('consent', 'update', …)` with it. Only JSON of fixed keys goes into it.
 */
export function consentBootstrapScript(consent: Consent | null): string {
  const lines = [
    'window.dataLayer=window.dataLayer||[];',
    'window.gtag=function(){window.dataLayer.push(arguments)};',
    `gtag('consent','default',${JSON.stringify(consentModeState(null))});`,
  ];
  if (consent) lines.push(`gtag('consent','update',${JSON.stringify(consentModeState(consent))});`);
  return lines.join('');
}

/**
 * Pushes `gtag('consent', 'update', …)` for a choice made on this page (the bootstrap script
 * defined `gtag`; a stand-in pushes the same arguments object when it did not run).
 */
export function pushConsentUpdate(consent: Consent): void {
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };
  w.dataLayer ??= [];
  const gtag =
    w.gtag ??
    function (this: unknown) {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  gtag('consent', 'update', consentModeState(consent));
}
