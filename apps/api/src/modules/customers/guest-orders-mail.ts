/**
 * The mail that lets a new account prove its address (issue 40 point 5: "a guest's orders join
 * the account that the same verified e-mail registers later"). Registration enqueues the
 * `guest-orders-mail` job (jobs/job-kinds.ts `guestOrdersMailJob`) when guest orders with the address exist (auth.service.ts
 * `register`); the job writes a single-use login link (tokens.ts `issueLoginToken`,
 * `'email-proof'`, valid {@link EMAIL_PROOF_TOKEN_SECONDS}) to the address. Redeeming it
 * (`loginWithToken`) joins the guest orders to the account: only someone who reads that
 * mailbox can, so a registration with somebody else's address sees nothing of theirs.
 * Template: mail/templates/guest-orders.tsx.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { EMAIL_PROOF_TOKEN_SECONDS, issueLoginToken } from '../auth/tokens.ts';
import { mailOptionsFromConfig, sendMail } from '../mail/mail.service.ts';
import { listGuestOrdersByEmail } from '../orders/orders.service.ts';
import { findCustomer } from './customers.service.ts';

/** The storefront page the link opens (the account's orders; it redeems `?loginToken=`). */
export const GUEST_ORDERS_PATH = '/mina-sidor/ordrar';

/**
 * Sends the proof link to account `customerId`'s address, when the account still exists and
 * its address still has guest orders (else nothing).
 * @param options.messageId a Message-ID that stays the same when the job is retried
 * @throws the transport's error
 */
export async function sendGuestOrdersMail(
  db: Database,
  config: Config,
  customerId: number,
  now: Date,
  options: { messageId?: string } = {},
): Promise<void> {
  const customer = await findCustomer(db, customerId);
  if (!customer) return;
  const orders = await listGuestOrdersByEmail(db, customer.email);
  if (orders.length === 0) return;
  const token = await issueLoginToken(
    customer.email,
    config.auth,
    now,
    EMAIL_PROOF_TOKEN_SECONDS,
    'email-proof',
  );
  const link = `${config.publicUrl}${GUEST_ORDERS_PATH}?${new URLSearchParams({ loginToken: token })}`;
  const { guestOrdersMail } = await import('../mail/templates/guest-orders.tsx');
  await sendMail(mailOptionsFromConfig(config), {
    to: customer.email,
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...(await guestOrdersMail({
      shopName: config.shopName,
      shopUrl: config.publicUrl,
      link,
      orderCount: orders.length,
      days: EMAIL_PROOF_TOKEN_SECONDS / 86_400,
    })),
  });
}
