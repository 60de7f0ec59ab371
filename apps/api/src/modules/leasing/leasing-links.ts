/**
 * The employer's signed approve and decline links of a förmånscykel application (issue 21).
 * A token is `base64url(JSON payload).base64url(HMAC-SHA256)`; the key is derived from
 * AUTH_JWT_SECRET (HMAC of a fixed label, as the cookie key is), so production, which requires
 * that secret, never signs with a development key and no second secret is needed. A token
 * names the order's public id, the decision and when it expires; it is single use because the
 * application is decided once (leasing-order.service.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ShopError } from '../../errors.ts';

/** How long the employer's links work: 14 days from the application. */
export const LEASING_LINK_TTL_MS = 14 * 24 * 3_600_000;

/** When the employer's links of an application placed at `placedAt` stop working (ms epoch). */
export function leasingLinksExpireAt(placedAt: Date): number {
  return placedAt.getTime() + LEASING_LINK_TTL_MS;
}

/** The storefront page the links open (it asks for a confirming POST). */
export const LEASING_DECISION_PATH = '/formanscykel/arbetsgivare';

/** What the employer may decide. */
export type LeasingDecision = 'approve' | 'decline';

/** A verified token's content. */
export interface LeasingLinkClaims {
  /** The order's public id (UUID). */
  orderPublicId: string;
  decision: LeasingDecision;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
}

const claimsSchema = z.object({
  o: z.uuid(),
  d: z.enum(['approve', 'decline']),
  e: z.number().int().positive(),
});

/** The signing key of the links, derived from the JWT secret. */
function linkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('trampa-leasing-approval-links').digest();
}

function sign(body: string, jwtSecret: string): string {
  return createHmac('sha256', linkKey(jwtSecret)).update(body).digest('base64url');
}

/** A signed token for the decision on an order, valid until `expiresAt`. */
export function signLeasingLink(claims: LeasingLinkClaims, jwtSecret: string): string {
  const body = Buffer.from(
    JSON.stringify({ o: claims.orderPublicId, d: claims.decision, e: claims.expiresAt }),
  ).toString('base64url');
  return `${body}.${sign(body, jwtSecret)}`;
}

/**
 * Verifies a token: its signature, shape and expiry.
 * @throws ShopError FORBIDDEN (extensions.reason `invalid`: tampered or malformed; `expired`)
 */
export function verifyLeasingLink(token: string, jwtSecret: string, now: Date): LeasingLinkClaims {
  const invalid = () => new ShopError('FORBIDDEN', 'Invalid approval link', { reason: 'invalid' });
  const [body, signature, ...rest] = token.trim().split('.');
  if (!body || !signature || rest.length > 0) throw invalid();
  const expected = Buffer.from(sign(body, jwtSecret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let parsed;
  try {
    parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    throw invalid();
  }
  if (!parsed.success) throw invalid();
  const claims = {
    orderPublicId: parsed.data.o,
    decision: parsed.data.d,
    expiresAt: parsed.data.e,
  };
  if (claims.expiresAt <= now.getTime()) {
    throw new ShopError('FORBIDDEN', 'The approval link has expired', { reason: 'expired' });
  }
  return claims;
}
