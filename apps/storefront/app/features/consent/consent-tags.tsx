/**
 * The consent-dependent parts of the document (issue 19, SPEC §1): the head script with the
 * Consent Mode v2 defaults (before any tag), the tag manager's noscript frame, and the tag
 * manager and trust-seal scripts, inserted only once their category is allowed.
 */
import { useEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { pushEvent } from '../tracking/data-layer';
import { consentBootstrapScript, encodeConsent, pushConsentUpdate, type Consent } from './consent';

/** Consent data of the root loader. */
export interface ConsentView {
  /** The stored choice; null before the shopper chose (the banner shows). */
  choice: Consent | null;
  /** GTM_ID, null when unset. */
  gtmId: string | null;
  /** TRUST_SEAL_SRC, null when unset. */
  trustSealSrc: string | null;
}

const NO_CONSENT: ConsentView = { choice: null, gtmId: null, trustSealSrc: null };

/** The consent data of the root loader (none on the last-resort error page). */
export function useConsentView(): ConsentView {
  const root = useRouteLoaderData<{ consent?: ConsentView }>('root');
  return root?.consent ?? NO_CONSENT;
}

/** The tag manager's script URL for a container id. */
function gtmScriptUrl(gtmId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

/**
 * The inline head script defining `window.dataLayer` with the consent defaults (and the stored
 * choice). Its text is fixed at the first render: it runs once, in the server's HTML.
 */
export function ConsentBootstrap({ nonce }: { nonce: string | undefined }) {
  const { choice } = useConsentView();
  const [script] = useState(() => consentBootstrapScript(choice));
  return (
    <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} suppressHydrationWarning />
  );
}

/** The tag manager's frame for browsers without JavaScript, after statistics consent. */
export function TagManagerNoscript() {
  const { choice, gtmId } = useConsentView();
  if (!choice?.statistics || !gtmId) return null;
  return (
    <noscript>
      <iframe
        src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(gtmId)}`}
        title="Google Tag Manager"
        width="0"
        height="0"
        hidden
      />
    </noscript>
  );
}

/** Inserts an async script once, with the page's CSP nonce (read from a server-rendered script). */
function loadScript(id: string, src: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}

/**
 * Loads the tag manager after statistics consent and the trust seal after marketing consent, and
 * pushes `gtag('consent', 'update', …)` when the choice changes on this page (the head script
 * already pushed a stored one). A withdrawn category's script is not unloaded: the settings page
 * reloads the document after saving.
 */
export function ConsentTags() {
  const { choice, gtmId, trustSealSrc } = useConsentView();
  const stored = useRef(choice ? encodeConsent(choice) : '');
  const key = choice ? encodeConsent(choice) : '';
  useEffect(() => {
    if (!choice) return;
    if (key !== stored.current) {
      stored.current = key;
      pushConsentUpdate(choice);
    }
    if (choice.statistics && gtmId && !document.getElementById('gtm-script')) {
      pushEvent({ 'gtm.start': Date.now(), event: 'gtm.js' });
      loadScript('gtm-script', gtmScriptUrl(gtmId));
    }
    if (choice.marketing && trustSealSrc) loadScript('trust-seal-script', trustSealSrc);
    // `key` stands for `choice`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, gtmId, trustSealSrc]);
  return null;
}
