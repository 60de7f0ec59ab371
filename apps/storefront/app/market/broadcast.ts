/**
 * The cross-tab channel (SPEC §3 "Cross-tab channel named ralph_channel", §4 "Market change ...
 * notifies other tabs"): one BroadcastChannel named `ralph_channel` whose messages carry the
 * sender tab's `id`, the `currentMarket` and `checkoutMarket` aliases and a type:
 * - `cart`: the cart changed (payload: the cart, or nothing: refetch);
 * - `auth`: the user changed (payload: the user, or nothing: refetch);
 * - `market`: the current market changed;
 * - `checkout-market`: the checkout market changed.
 * A tab ignores its own messages. Browser only: on the server and in browsers without
 * BroadcastChannel the functions do nothing.
 *
 * Other features post through {@link postRalphMessage} and listen with {@link useRalphChannel}.
 */
import { useEffect, useRef } from 'react';

/** The channel's name (SPEC §3). */
export const RALPH_CHANNEL = 'ralph_channel';

/** Message types (SPEC §3). */
export type RalphMessageType = 'cart' | 'auth' | 'market' | 'checkout-market';

/** A message on the channel. */
export interface RalphMessage {
  type: RalphMessageType;
  /** The sending tab's id. */
  id: string;
  /** The sender's current market alias, e.g. `no`. */
  currentMarket: string;
  /** The sender's checkout market alias. */
  checkoutMarket: string;
  /** Type-specific data (the cart, the user), when the sender has it. */
  payload?: unknown;
}

const TYPES: readonly RalphMessageType[] = ['cart', 'auth', 'market', 'checkout-market'];

/** This tab's id (random per page load). */
export const tabId: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(RALPH_CHANNEL);
  }
  return channel;
}

/** True for a well-formed message of another tab. */
export function isForeignMessage(data: unknown, ownId: string = tabId): data is RalphMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<RalphMessage>;
  return (
    typeof message.id === 'string' &&
    message.id !== ownId &&
    TYPES.includes(message.type as RalphMessageType) &&
    typeof message.currentMarket === 'string' &&
    typeof message.checkoutMarket === 'string'
  );
}

/** Posts a message to the other tabs (adds this tab's id). */
export function postRalphMessage(message: Omit<RalphMessage, 'id'>): void {
  getChannel()?.postMessage({ ...message, id: tabId });
}

/**
 * Listens for other tabs' messages while the component is mounted. The latest `handler` is
 * called; own messages are ignored.
 */
export function useRalphChannel(handler: (message: RalphMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const ch = getChannel();
    if (!ch) return;
    const listener = (event: MessageEvent) => {
      if (isForeignMessage(event.data)) latest.current(event.data);
    };
    ch.addEventListener('message', listener);
    return () => ch.removeEventListener('message', listener);
  }, []);
}
