/**
 * The password reset mail (GEINS-API §7.2 step 7): the link with a single-use key. Sent by the
 * `password-reset-mail` job (modules/jobs), which password-reset.service.ts enqueues together
 * with the key. Template: mail/templates/password-reset.tsx.
 */
import type { Config } from '../../config.ts';
import { mailOptionsFromConfig, sendMail } from '../mail/mail.service.ts';

/** The storefront page of the link (SPEC §2 /account/reset-password). */
export const RESET_PATH = '/account/reset-password';

/**
 * Sends the reset link for `key` to `to`.
 * @param options.messageId a Message-ID that stays the same when the job is retried
 * @throws the transport's error
 */
export async function sendResetMail(
  config: Config,
  to: string,
  key: string,
  options: { messageId?: string } = {},
): Promise<void> {
  const link = `${config.publicUrl}${RESET_PATH}?resetKey=${key}`;
  // The shop's mail settings, SMTP_URL included (the reset mail ignored SMTP_URL before).
  await sendMail(mailOptionsFromConfig(config), {
    to,
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...(await (
      await import('../mail/templates/password-reset.tsx')
    ).passwordResetMail({
      shopName: config.shopName,
      shopUrl: config.publicUrl,
      seller: config.seller,
      link,
    })),
  });
}
