/**
 * Content preview tokens (issue 16; GEINS-API §2.4 "Widget preview"): `widgetArea(preview: true)`
 * shows drafts only to a request whose `Authorization: Bearer <token>` is a preview token: an
 * HS256 JWT under a key derived from AUTH_JWT_SECRET for this purpose only, so a shopper's access
 * token is never a preview token. The back office issues staff tokens (issue 27: the claim
 * `staff` is the staff user's id, valid {@link STAFF_PREVIEW_TOKEN_SECONDS}, and only while that
 * user is active); the CLI (`npm run content -w apps/api -- preview-token`) issues operator
 * tokens without it.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthConfig } from '../../config.ts';

/** Issuer and audience of preview tokens. */
const PREVIEW_AUDIENCE = 'trampa-content-preview';
/** How long a preview token is valid by default: 8 hours. */
export const PREVIEW_TOKEN_SECONDS = 8 * 3600;
/** How long a back-office editor's preview token is valid: 1 hour. */
export const STAFF_PREVIEW_TOKEN_SECONDS = 3600;

function previewKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('trampa:content-preview').digest();
}

/**
 * Signs a preview token for `editor` (a name for the log), valid `seconds` from `now`; with
 * `staffUserId` a staff token, valid only while that staff user is active.
 * @returns the compact JWT
 */
export async function issuePreviewToken(
  editor: string,
  config: Pick<AuthConfig, 'jwtSecret'>,
  now: Date,
  seconds = PREVIEW_TOKEN_SECONDS,
  staffUserId?: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(staffUserId === undefined ? { editor } : { editor, staff: staffUserId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(PREVIEW_AUDIENCE)
    .setAudience(PREVIEW_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(previewKey(config.jwtSecret));
}

/**
 * True when `authorization` (`Bearer <jwt>`) carries a valid, unexpired preview token at `now`;
 * a staff token only when `staffActive` says its staff user is still active (without
 * `staffActive`, staff tokens are refused).
 */
export async function isPreviewAuthorized(
  authorization: string | null,
  config: Pick<AuthConfig, 'jwtSecret'>,
  now: Date,
  staffActive?: (staffUserId: number) => Promise<boolean>,
): Promise<boolean> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) return false;
  let staff: unknown;
  try {
    const { payload } = await jwtVerify(token, previewKey(config.jwtSecret), {
      issuer: PREVIEW_AUDIENCE,
      audience: PREVIEW_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    staff = payload.staff;
  } catch {
    return false;
  }
  if (staff === undefined) return true;
  return typeof staff === 'number' && staffActive !== undefined && (await staffActive(staff));
}
