/**
 * The per-request Content-Security-Policy nonce, from `getLoadContext` through entry.server to
 * the `<Scripts>` and `<ScrollRestoration>` of the root layout. Empty in the browser (browsers
 * hide nonce attributes after parsing).
 */
import { createContext, useContext } from 'react';

/** React context holding the nonce of the current server render. */
export const NonceContext = createContext('');

/** The CSP nonce of this render ('' on the client). */
export function useNonce(): string {
  return useContext(NonceContext);
}
