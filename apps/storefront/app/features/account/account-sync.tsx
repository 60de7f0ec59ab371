/**
 * Keeps the session alive and the tabs in step (SPEC §3 cross-tab channel, §4 authentication):
 * - refreshes the token at 0.9 × maxAge through POST /account/refresh (SPEC §9);
 * - when this tab logs in or out it posts an `auth` message on `ralph_channel`
 *   (`{type, id, currentMarket, checkoutMarket, payload: {email} | null}`); other tabs then reload
 *   their data (login resets cached data; after a logout the account pages' guard sends them to
 *   the start page).
 * Renders nothing. Mounted once in the root.
 */
import { parse } from 'cookie';
import { useEffect, useRef } from 'react';
import { useFetcher, useRevalidator, useRouteLoaderData } from 'react-router';
import { MAXAGE_COOKIE } from './cookies';
import type { AccountSummary } from './account-summary';

/** The channel's name (SPEC §3). */
export const RALPH_CHANNEL = 'ralph_channel';

/** Share of maxAge after which the token is refreshed (SPEC §9). */
export const REFRESH_AT = 0.9;

const tabId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);

/** Milliseconds until the refresh: 0.9 × maxAge after the token was issued. */
export function refreshDelay(cookie: string, fallbackMaxAge: number, nowMs: number): number {
  const match = /^(\d+):(\d+)$/.exec(parse(cookie)[MAXAGE_COOKIE] ?? '');
  if (match) {
    const maxAge = Number(match[1]);
    const issued = Number(match[2]);
    return Math.max(0, issued + REFRESH_AT * maxAge * 1000 - nowMs);
  }
  return Math.max(0, REFRESH_AT * fallbackMaxAge * 1000);
}

/** The refresh timer and the cross-tab auth messages. */
export function AccountSync() {
  const root = useRouteLoaderData<{ account?: AccountSummary; market?: { marketAlias?: string } }>(
    'root',
  );
  const account = root?.account;
  const refresher = useFetcher();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const lastEmail = useRef<string | null | undefined>(undefined);
  const fromOtherTab = useRef(false);

  // Marks the document as hydrated (forms now digest passwords in the browser; tests wait on it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // Refresh at 0.9 × maxAge while logged in with a refresh token.
  useEffect(() => {
    if (!account?.loggedIn || !account.canRefresh) return;
    const delay = refreshDelay(document.cookie, account.maxAge, Date.now());
    const timer = window.setTimeout(() => {
      void refresher.submit(null, { method: 'post', action: '/account/refresh' });
    }, delay);
    return () => window.clearTimeout(timer);
    // The timer restarts whenever the root data changes (after each refresh).
  }, [account, refresher.submit]); // eslint-disable-line react-hooks/exhaustive-deps

  // Tell other tabs when this tab's user changes; follow theirs.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(RALPH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; id?: string } | null;
      if (message?.type !== 'auth' || message.id === tabId) return;
      fromOtherTab.current = true;
      void revalidate.current();
    };
    return () => channel.close();
  }, []);

  const email = account?.loggedIn ? account.email : null;
  useEffect(() => {
    const previous = lastEmail.current;
    lastEmail.current = email;
    if (previous === undefined || previous === email) return;
    if (fromOtherTab.current) {
      fromOtherTab.current = false;
      return;
    }
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(RALPH_CHANNEL);
    const market = root?.market?.marketAlias ?? '';
    channel.postMessage({
      type: 'auth',
      id: tabId,
      currentMarket: market,
      checkoutMarket: market,
      payload: email ? { email } : null,
    });
    channel.close();
  }, [email, root?.market?.marketAlias]);

  return null;
}
