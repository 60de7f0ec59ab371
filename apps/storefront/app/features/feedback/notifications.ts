/**
 * The shop's notifications (SPEC §3 "Notification: message, placement (default top-right),
 * mode", §4 "Notification: shown, hidden after 5 seconds", §9 "Notification time-out 5000 ms"):
 * one store per tab. Features call {@link notify}; the snackbar (snackbar.tsx) shows what the
 * store holds in a polite live region that never takes focus. Each notification hides itself
 * after {@link NOTIFICATION_MS}; a newer one with the same `key` replaces an older one (e.g. the
 * cart-added notification holds the last added item only).
 */
import { useSyncExternalStore } from 'react';

/** Milliseconds a notification stays (SPEC §9 "Notification time-out 5000 ms"). */
export const NOTIFICATION_MS = 5000;

/** Where the snackbar sits (SPEC §3 placement; default top-right). */
export type Placement = 'top-right' | 'top-left' | 'bottom-right' | 'bottom-left';

/** What kind of message it is: `error` is styled as one (still polite: it never steals focus). */
export type NotificationMode = 'info' | 'success' | 'error';

/** A notification as features pass it to {@link notify}. */
export interface NotificationInput {
  /** The main line (Swedish). */
  message: string;
  /** A second line, e.g. the added item "Cykel, storlek M – 4 995 kr". */
  detail?: string;
  /** A link under the text, e.g. "Visa varukorgen" to `/varukorg`. */
  link?: { to: string; label: string };
  mode?: NotificationMode;
  placement?: Placement;
  /** Replaces a shown notification with the same key (default: the message). */
  key?: string;
}

/** A shown notification. */
export interface ShopNotification extends Required<Pick<NotificationInput, 'message' | 'key'>> {
  id: number;
  detail?: string;
  link?: { to: string; label: string };
  mode: NotificationMode;
  placement: Placement;
}

let shown: readonly ShopNotification[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function publish(next: readonly ShopNotification[]): void {
  shown = next;
  for (const listener of listeners) listener();
}

/** Hides the notification `id` (no-op when it is gone already). */
export function dismiss(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (shown.some((n) => n.id === id)) publish(shown.filter((n) => n.id !== id));
}

/**
 * Shows a notification for {@link NOTIFICATION_MS} (top-right, mode `info` unless given).
 * Returns its id (for {@link dismiss}).
 */
export function notify(input: NotificationInput): number {
  const key = input.key ?? input.message;
  for (const old of shown) if (old.key === key) dismiss(old.id);
  const notification: ShopNotification = {
    id: nextId++,
    key,
    message: input.message,
    detail: input.detail,
    link: input.link,
    mode: input.mode ?? 'info',
    placement: input.placement ?? 'top-right',
  };
  publish([...shown, notification]);
  timers.set(
    notification.id,
    setTimeout(() => dismiss(notification.id), NOTIFICATION_MS),
  );
  return notification.id;
}

/** The shown notifications, oldest first. */
export function notifications(): readonly ShopNotification[] {
  return shown;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const none: readonly ShopNotification[] = [];

/** The shown notifications for a component (none while rendering on the server). */
export function useNotifications(): readonly ShopNotification[] {
  return useSyncExternalStore(subscribe, notifications, () => none);
}
