/**
 * Content preview tokens (issue 16; GEINS-API §2.4 "Widget preview"): `widgetArea(preview: true)`
 * shows drafts only to a request whose `Authorization: Bearer <token>` is a preview token. Until
 * the back office exists (its users' tokens will do), the token is made by a CLI command
 * (`npm run content -w apps/api -- preview-token`): an HS256 JWT under a key derived from
 * AUTH_JWT_SECRET for this purpose only, so a shopper's access token is never a preview token.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AuthConfig } from '../../config.ts';

/** Issuer and audience of preview tokens. */
const PREVIEW_AUDIENCE = 'trampa-content-preview';
/** How long a preview token is valid by default: 8 hours. */
export const PREVIEW_TOKEN_SECONDS = 8 * 3600;

function previewKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('trampa:content-preview').digest();
}

/**
 * Signs a preview token for `editor` (a name for the log), valid `seconds` from `now`.
 * @returns the compact JWT
 */
export async function issuePreviewToken(
  editor: string,
  config: Pick<AuthConfig, 'jwtSecret'>,
  now: Date,
  seconds = PREVIEW_TOKEN_SECONDS,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ editor })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(PREVIEW_AUDIENCE)
    .setAudience(PREVIEW_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(previewKey(config.jwtSecret));
}

/**
 * True when `authorization` (`Bearer <jwt>`) carries a valid, unexpired preview token at `now`.
 */
export async function isPreviewAuthorized(
  authorization: string | null,
  config: Pick<AuthConfig, 'jwtSecret'>,
  now: Date,
): Promise<boolean> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token) return false;
  try {
    await jwtVerify(token, previewKey(config.jwtSecret), {
      issuer: PREVIEW_AUDIENCE,
      audience: PREVIEW_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    return true;
  } catch {
    return false;
  }
}
