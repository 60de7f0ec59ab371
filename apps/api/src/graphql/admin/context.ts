/**
 * The per-request context of the admin API (issue 26): the database, the clock, the logged-in
 * staff user from the `trampa-admin-session` cookie (null when none or expired), and a way for
 * login/logout to set that cookie on the response.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../modules/audit/audit.service.ts';
import { resolveStaffSession, type StaffPrincipal } from '../../modules/staff/staff-sessions.ts';

/** Name of the back-office session cookie (Path=/admin, HttpOnly, SameSite=Strict). */
export const ADMIN_SESSION_COOKIE = 'trampa-admin-session';

/** What every admin resolver gets. */
export interface AdminContext {
  db: Database;
  config: Config;
  /** The request's time (tests inject a clock). */
  now: Date;
  /** The logged-in staff user, or null. */
  staff: StaffPrincipal | null;
  clientIp: string | undefined;
  requestId: string | undefined;
  /** Adds a `Set-Cookie` header to the response. */
  setCookie(value: string): void;
  /** Whether cookies get `Secure` (PUBLIC_URL is https). */
  secureCookies: boolean;
}

/** The value of cookie `name` in a `Cookie` header, or undefined. */
export function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/**
 * The `Set-Cookie` value of the session cookie: `token` for `maxAgeSeconds`, or a deletion when
 * `token` is null.
 */
export function sessionCookie(
  token: string | null,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return [
    `${ADMIN_SESSION_COOKIE}=${token ?? ''}`,
    'Path=/admin',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${token ? maxAgeSeconds : 0}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** What {@link createAdminContext} reads from the request. */
export interface AdminRequestInfo {
  db: Database;
  config: Config;
  now: Date;
  cookieHeader: string | null;
  clientIp: string | undefined;
  requestId: string | undefined;
  setCookie(value: string): void;
}

/** Builds the context, resolving the session cookie (one or two statements when present). */
export async function createAdminContext(info: AdminRequestInfo): Promise<AdminContext> {
  const token = readCookie(info.cookieHeader, ADMIN_SESSION_COOKIE);
  const staff = token ? await resolveStaffSession(info.db, token, info.now) : null;
  return {
    db: info.db,
    config: info.config,
    now: info.now,
    staff,
    clientIp: info.clientIp,
    requestId: info.requestId,
    setCookie: info.setCookie,
    secureCookies: info.config.publicUrl.startsWith('https:'),
  };
}

/** The audit actor of the request's staff user. */
export function actorOf(context: AdminContext): AuditActor {
  return {
    staffUserId: context.staff?.id ?? null,
    staffEmail: context.staff?.email ?? null,
    requestId: context.requestId,
    ip: context.clientIp,
  };
}
