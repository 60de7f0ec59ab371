/**
 * "The shop is briefly unavailable" on the storefront server (issue 28): every 503 answer gets
 * `Retry-After` ({@link RETRY_AFTER_SECONDS}), and a failure that never reached React Router
 * (e.g. while building the request context) gets a small static Swedish page that needs no
 * data. Pages rendered by React Router show the same texts through their error boundary
 * (error-page.tsx, `UnavailableContent`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from '@trampa/api/unavailable';
import { t } from '../../i18n/i18n';

export { RETRY_AFTER_SECONDS };

/**
 * Node/Express middleware: a response sent with status 503 (by any later handler) gets
 * `Retry-After: 5` and `Cache-Control: no-store` unless it set its own.
 */
export function retryAfterOn503(
  _req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  (res as unknown as { writeHead: (...args: unknown[]) => ServerResponse }).writeHead = (
    ...args: unknown[]
  ) => {
    const status = typeof args[0] === 'number' ? args[0] : res.statusCode;
    if (status === 503 && !res.headersSent) {
      if (!res.hasHeader('retry-after')) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.setHeader('Cache-Control', 'no-store');
    }
    return writeHead(...args);
  };
  next();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` safe inside HTML text and double-quoted attributes. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

/**
 * The static 503 page (Swedish, `lang="sv"`): the shop's name, "Butiken är tillfälligt
 * otillgänglig", a short text and a "Försök igen" link to `retryPath` (the page asked for).
 * No scripts, styles or data from the API.
 */
export function unavailablePageHtml(shopName: string, retryPath: string): string {
  const title = t('error.unavailable.title');
  const safePath = retryPath.startsWith('/') && !retryPath.startsWith('//') ? retryPath : '/';
  return `<!doctype html>
<html lang="sv">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${title} | ${shopName}`)}</title>
</head>
<body>
<main id="main">
<p>${escapeHtml(shopName)}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t('error.unavailable.text'))}</p>
<p><a href="${escapeHtml(safePath)}">${escapeHtml(t('error.retry'))}</a></p>
</main>
</body>
</html>
`;
}
