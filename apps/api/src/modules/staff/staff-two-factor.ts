/**
 * Optional TOTP two-factor login for staff (issue 26 "Access": "optional TOTP two-factor (a
 * well-kept library, e.g. otplib)"; ADR 017). RFC 6238 codes of 6 digits per 30 s period, the
 * format every authenticator app reads (otplib). A staff user turns it on by scanning a QR code
 * and confirming a first code; from then on `login` needs the current code too. Each code logs in
 * once: the period that was used is stored and an older or equal one is refused (atomically, so
 * two parallel requests with one code cannot both pass).
 *
 * Secrets are stored sealed with AES-256-GCM under a key derived from AUTH_JWT_SECRET
 * (HMAC-SHA256 with a label of its own), so a copy of the database alone cannot mint codes.
 * Rotating AUTH_JWT_SECRET therefore turns the sealed secrets unreadable: staff then set up
 * two-factor again after an administrator resets it ({@link resetStaffTwoFactor}).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/client.ts';
import type { ShopError } from '../../errors.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { staffUsers } from './staff.tables.ts';

/** Seconds per TOTP period (RFC 6238 default, what authenticator apps use). */
export const TOTP_PERIOD_SECONDS = 30;
/** Periods accepted either side of the current one (clock drift of phones): ±30 s. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** The issuer the authenticator app shows beside the e-mail. */
const ISSUER = 'Trampa administration';

/** The 32-byte key that seals TOTP secrets, derived from AUTH_JWT_SECRET. */
export function totpSealingKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('trampa-staff-totp').digest();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url) of a secret: AES-256-GCM with a random 96-bit IV. */
export function sealSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** The secret of {@link sealSecret}'s output, or null when the key does not open it. */
export function openSecret(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** A normalised code: the digits the user typed (spaces allowed), or null if not 6 digits. */
export function normaliseCode(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The TOTP period the code belongs to (within ±1 period of `now`), or null when it is wrong.
 * @param secret base32 secret
 */
export async function matchingTimeStep(
  secret: string,
  code: string,
  now: Date,
): Promise<number | null> {
  const digits = normaliseCode(code);
  if (!digits) return null;
  const result = await verify({
    secret,
    token: digits,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** What the back office shows to set up two-factor login. */
export interface TwoFactorSetup {
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
  /** The `otpauth://totp/…` URI the QR code holds. */
  uri: string;
  /** The QR code as an SVG document (text). */
  qrSvg: string;
}

/**
 * Starts setting up two-factor login for the staff user: a new secret, kept sealed as pending
 * until {@link confirmTwoFactorSetup} gets a code of it. Calling it again replaces the pending
 * secret. One statement; nothing to audit until it is confirmed.
 * @throws ShopError BAD_USER_INPUT (Swedish) when two-factor is already on
 */
export async function startTwoFactorSetup(
  db: Database,
  staff: { id: number; email: string },
  key: Buffer,
): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  const [row] = await db
    .update(staffUsers)
    .set({ totpPendingSecret: sealSecret(secret, key) })
    .where(and(eq(staffUsers.id, staff.id), isNull(staffUsers.totpSecret)))
    .returning({ id: staffUsers.id });
  if (!row) throw swedishInputError('Tvåstegsverifiering är redan påslagen.');
  const uri = generateURI({ issuer: ISSUER, label: staff.email, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** The sealed secrets and last period of a staff user. */
async function twoFactorRow(db: Database, staffUserId: number) {
  const [row] = await db
    .select({
      totpSecret: staffUsers.totpSecret,
      totpPendingSecret: staffUsers.totpPendingSecret,
      totpLastStep: staffUsers.totpLastStep,
    })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffUserId));
  if (!row) throw swedishNotFound('Personalen finns inte.');
  return row;
}

/**
 * Marks period `step` used by the user, if no later or equal one was: true when this call took
 * it (atomic: of two requests with one code only one gets true).
 */
async function takeTimeStep(db: Database, staffUserId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, staffUserId),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

/** A code that is wrong, expired or used: BAD_USER_INPUT for the setup forms. */
function wrongCode(): ShopError {
  return swedishInputError(
    'Koden stämmer inte. Ange den sexsiffriga koden som appen visar nu.',
    'code',
  );
}

/**
 * Turns two-factor login on with the pending secret when `code` is one of its current codes
 * (action `staff.two-factor.enable`, one transaction).
 * @throws ShopError BAD_USER_INPUT (Swedish) when nothing is pending or the code is wrong
 */
export async function confirmTwoFactorSetup(
  db: Database,
  staffUserId: number,
  code: string,
  key: Buffer,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const row = await twoFactorRow(db, staffUserId);
  const pending = row.totpPendingSecret ? openSecret(row.totpPendingSecret, key) : null;
  if (!pending) throw swedishInputError('Starta inställningen av tvåstegsverifiering igen.');
  const step = await matchingTimeStep(pending, code, now);
  if (step === null) throw wrongCode();
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(staffUsers)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpLastStep: step,
        updatedAt: now,
      })
      .where(and(eq(staffUsers.id, staffUserId), isNull(staffUsers.totpSecret)))
      .returning({ id: staffUsers.id });
    if (!done) throw swedishInputError('Tvåstegsverifiering är redan påslagen.');
    await recordAudit(tx, {
      actor,
      action: 'staff.two-factor.enable',
      entityType: 'staff_user',
      entityId: staffUserId,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true },
    });
  });
}

/**
 * Checks a login's code against the user's secret and uses up its period: `off` when the user
 * has no two-factor login, `ok` for a right code not used before, `missing` without a code,
 * `wrong` for a wrong, expired or used code (or a secret the key cannot open).
 */
export async function checkLoginCode(
  db: Database,
  staffUserId: number,
  code: string | undefined,
  key: Buffer,
  now: Date,
): Promise<'off' | 'ok' | 'missing' | 'wrong'> {
  const row = await twoFactorRow(db, staffUserId);
  if (!row.totpSecret) return 'off';
  if (!code) return 'missing';
  const secret = openSecret(row.totpSecret, key);
  const step = secret ? await matchingTimeStep(secret, code, now) : null;
  if (step === null) return 'wrong';
  return (await takeTimeStep(db, staffUserId, step)) ? 'ok' : 'wrong';
}

/** Turns two-factor off and forgets the secrets, in `tx`, with an audit entry. */
async function clearTwoFactor(
  db: Database,
  staffUserId: number,
  action: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ on: staffUsers.totpSecret })
      .from(staffUsers)
      .where(eq(staffUsers.id, staffUserId))
      .for('update');
    if (!before) throw swedishNotFound('Personalen finns inte.');
    await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(staffUsers.id, staffUserId));
    await recordAudit(tx, {
      actor,
      action,
      entityType: 'staff_user',
      entityId: staffUserId,
      before: { twoFactorEnabled: before.on !== null },
      after: { twoFactorEnabled: false },
    });
  });
}

/**
 * Turns the user's own two-factor login off; needs a current code (action
 * `staff.two-factor.disable`).
 * @throws ShopError BAD_USER_INPUT (Swedish) when it is off or the code is wrong
 */
export async function disableTwoFactor(
  db: Database,
  staffUserId: number,
  code: string,
  key: Buffer,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const outcome = await checkLoginCode(db, staffUserId, code, key, now);
  if (outcome === 'off') throw swedishInputError('Tvåstegsverifiering är inte påslagen.');
  if (outcome !== 'ok') throw wrongCode();
  await clearTwoFactor(db, staffUserId, 'staff.two-factor.disable', actor, now);
}

/**
 * An administrator turns another user's two-factor login off (a lost phone; action
 * `staff.two-factor.reset`). The user can then log in with the password and set it up again.
 * @throws ShopError NOT_FOUND for an unknown id
 */
export async function resetStaffTwoFactor(
  db: Database,
  staffUserId: number,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await clearTwoFactor(db, staffUserId, 'staff.two-factor.reset', actor, now);
}
