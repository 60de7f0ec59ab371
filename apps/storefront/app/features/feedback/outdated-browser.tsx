/**
 * The outdated-browser warning (issue 19): a notice in the page, hidden, that a tiny inline script
 * (with the CSP nonce) shows when the browser lacks what the shop's scripts need: ES modules
 * (`noModule`), `fetch`, `Promise`, `URLSearchParams`, `IntersectionObserver` or CSS custom
 * properties. The script is ES5 so it runs where the shop's own code cannot. Rendered by the
 * root layout at the top of `<body>`.
 */
import { t } from '../../i18n/i18n';

/** The notice's element id (the script shows it). */
const NOTICE_ID = 'outdated-browser';

/** The feature test: shows the notice when a needed feature is missing. */
export const OUTDATED_BROWSER_SCRIPT =
  '(function(){var d=document,w=window;try{' +
  "var ok='noModule' in d.createElement('script')&&'fetch' in w&&'Promise' in w&&" +
  "'URLSearchParams' in w&&'IntersectionObserver' in w&&!!(w.CSS&&CSS.supports&&CSS.supports('--a','0'));" +
  '}catch(e){ok=false}' +
  `if(!ok){var n=d.getElementById('${NOTICE_ID}');if(n)n.removeAttribute('hidden')}})();`;

/** The hidden notice and its script. */
export function OutdatedBrowser({ nonce }: { nonce?: string }) {
  return (
    <>
      <div id={NOTICE_ID} className="outdated-browser" role="alert" hidden>
        <p>
          <strong>{t('feedback.outdated.title')}</strong> {t('feedback.outdated.text')}
        </p>
      </div>
      <script
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: OUTDATED_BROWSER_SCRIPT }}
      />
    </>
  );
}
