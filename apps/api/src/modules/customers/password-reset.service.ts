/**
 * Password reset through GraphQL (GEINS-API §7.2 step 7): `requestPasswordReset(email)` mails a
 * single-use key that expires after {@link RESET_KEY_LIFETIME_SECONDS}; `commitReset(resetKey,
 * password digest)` sets the new password and ends every session. Neither tells whether an
 * e-mail address has an account.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import { refreshTokens } from '../auth/auth.tables.ts';
import { isPasswordDigest } from '../auth/password-digest.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { hashOpaqueToken } from '../auth/tokens.ts';
import { sendMail } from '../mail/mail.service.ts';
import { emailSchema, findCustomerByEmail } from './customers.service.ts';
import { customers, passwordResets } from './customers.tables.ts';

/** How long a reset link works: 1 hour, in seconds. */
export const RESET_KEY_LIFETIME_SECONDS = 3600;
/** At most this many reset mails per account and hour (no mail bombing). */
export const MAX_RESETS_PER_HOUR = 5;

/** The storefront page of the link (SPEC §2 /account/reset-password). */
export const RESET_PATH = '/account/reset-password';

/**
 * Mails a reset link when the e-mail has an account. Always resolves true (no hint whether the
 * address is known); an invalid address is a BAD_USER_INPUT error.
 */
export async function requestPasswordReset(
  db: Database,
  config: Config,
  email: string,
  now: Date,
): Promise<boolean> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw badUserInput('Du måste ange en giltig email', 'email');
  const customer = await findCustomerByEmail(db, parsed.data);
  if (!customer) return true;
  const hourAgo = new Date(now.getTime() - 3600_000);
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.customerId, customer.id), gt(passwordResets.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= MAX_RESETS_PER_HOUR) return true;
  const key = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    keyHash: hashOpaqueToken(key),
    customerId: customer.id,
    expiresAt: new Date(now.getTime() + RESET_KEY_LIFETIME_SECONDS * 1000),
    createdAt: now,
  });
  const link = `${config.publicUrl}${RESET_PATH}?resetKey=${key}`;
  await sendMail(
    {
      outboxDir: config.mail.outboxDir,
      fromName: config.shopName,
      fromAddress: `no-reply@${new URL(config.publicUrl).hostname}`,
    },
    {
      to: customer.email,
      subject: `Återställ ditt lösenord hos ${config.shopName}`,
      text: [
        'Hej!',
        '',
        `Någon (förhoppningsvis du) har bett om ett nytt lösenord till ditt konto hos ${config.shopName}.`,
        'Välj ett nytt lösenord via länken nedan. Länken fungerar en gång och i en timme.',
        '',
        link,
        '',
        'Om du inte bad om det här kan du bortse från mejlet; ditt lösenord är oförändrat.',
      ].join('\n'),
    },
  );
  return true;
}

/**
 * Sets a new password with a reset key.
 * @param password the client's digest of the new password (GEINS-API §7.3)
 * @returns false for an unknown, used or expired key (the shopper asks for a new one)
 * @throws ShopError BAD_USER_INPUT when `password` is not a digest
 */
export async function commitReset(
  db: Database,
  config: Config,
  resetKey: string,
  password: string,
  now: Date,
): Promise<boolean> {
  if (!isPasswordDigest(password)) {
    throw badUserInput('password must be the base64 SHA-384 digest', 'password');
  }
  const hash = await hashPassword(password, config.auth.scryptLogN);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.keyHash, hashOpaqueToken(resetKey)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ customerId: passwordResets.customerId });
    if (!used) return false;
    await tx
      .update(customers)
      .set({ passwordHash: hash, updatedAt: now })
      .where(eq(customers.id, used.customerId));
    // Other outstanding keys die with this one; every session ends.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.customerId, used.customerId), isNull(passwordResets.usedAt)));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.customerId, used.customerId), isNull(refreshTokens.revokedAt)));
    return true;
  });
}
