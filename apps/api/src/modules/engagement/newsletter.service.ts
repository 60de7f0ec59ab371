/**
 * The newsletter (issue 17; GEINS-API §3 `subscribeToNewsletter(email, tags)`), with double
 * opt-in: a sign-up (the footer form, the account's checkbox, or an API client) records the
 * consent (its text and time, GDPR Art. 7(1)) as `pending` and mails a signed confirmation link;
 * only a `confirmed` address counts (the CSV export). Every mail carries a signed unsubscribe
 * link. One row per address, shared by the footer form and the account's checkbox; the
 * customer's `newsletter` flag follows the row (confirm sets it, unsubscribe clears it).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badUserInput } from '../../errors.ts';
import { customers } from '../customers/customers.tables.ts';
import { writeCsv } from '../csv/safe-csv.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { mailOptionsFromConfig, sendMail } from '../mail/mail.service.ts';
import { parseEmail, requireEngagementAttempt } from './availability.service.ts';
import { signEmailToken, verifyEmailToken } from './email-tokens.ts';
import { newsletterConfirmationJob } from './engagement-jobs.ts';
import { newsletterSubscriptions } from './engagement.tables.ts';

/**
 * The consent a sign-up gives, stored with it (GDPR Art. 7(1)); the storefront shows the same
 * text next to the form (i18n `newsletter.consent`). `{shop}` is the shop's name.
 */
export const NEWSLETTER_CONSENT_TEXT =
  'Jag vill få nyhetsbrev från {shop} med nyheter och erbjudanden via e-post. Jag kan avsluta prenumerationen när jag vill via länken i varje utskick.';

/** Sign-ups per client address (IPv4, or IPv6 /64) in {@link SIGNUP_WINDOW_SECONDS}. */
export const SIGNUP_LIMIT = 10;
/** The window of {@link SIGNUP_LIMIT}: 10 minutes, in seconds. */
export const SIGNUP_WINDOW_SECONDS = 600;

/** The storefront pages of the links (issue 17). */
export const NEWSLETTER_CONFIRM_PATH = '/nyhetsbrev/bekrafta';
export const NEWSLETTER_UNSUBSCRIBE_PATH = '/nyhetsbrev/avsluta';

/** Tags: at most 10, each 1–40 characters of letters, digits, `-` and `_`. */
function parseTags(tags: ReadonlyArray<string | null | undefined> | null | undefined): string[] {
  const list = (tags ?? []).filter((tag): tag is string => typeof tag === 'string');
  if (list.length > 10 || list.some((tag) => !/^[\p{L}\p{N}_-]{1,40}$/u.test(tag))) {
    throw badUserInput('Tags must be at most 10 words of letters, digits, - and _', 'tags');
  }
  return [...new Set(list.map((tag) => tag.toLowerCase()))];
}

/** Where a sign-up came from (stored with the consent). */
export type NewsletterSource = 'footer' | 'account' | 'api';

/**
 * Signs an address up (double opt-in). A new, pending or unsubscribed address becomes
 * `pending` with this consent and gets a confirmation mail (one a day at most); a confirmed one keeps its state and gains the
 * tags. The answer is the same in every case (it does not tell whether the address is known).
 * @param clientIp for the per-address rate limit ({@link SIGNUP_LIMIT}); undefined: not limited
 * @returns true
 * @throws ShopError BAD_USER_INPUT (email, tags), RATE_LIMITED (`extensions.retryAfter` seconds)
 */
export async function subscribeToNewsletter(
  db: Database,
  config: Config,
  input: {
    email: string;
    tags?: ReadonlyArray<string | null | undefined> | null;
    source: NewsletterSource;
  },
  now: Date,
  clientIp?: string,
): Promise<boolean> {
  const email = parseEmail(input.email);
  const tags = parseTags(input.tags);
  await requireEngagementAttempt(
    db,
    'newsletter-ip',
    clientIp,
    now,
    SIGNUP_LIMIT,
    SIGNUP_WINDOW_SECONDS,
  );
  const consentText = NEWSLETTER_CONSENT_TEXT.replace('{shop}', config.shopName);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email, tags, source: input.source, consentText, consentedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: {
          tags: sql`array(select distinct unnest(${newsletterSubscriptions.tags} || excluded.tags) order by 1)`,
          // A confirmed address stays as it is; any other takes the new consent.
          state: sql`case when ${newsletterSubscriptions.state} = 'confirmed' then 'confirmed' else 'pending' end`,
          source: sql`case when ${newsletterSubscriptions.state} = 'confirmed' then ${newsletterSubscriptions.source} else excluded.source end`,
          consentText: sql`case when ${newsletterSubscriptions.state} = 'confirmed' then ${newsletterSubscriptions.consentText} else excluded.consent_text end`,
          consentedAt: sql`case when ${newsletterSubscriptions.state} = 'confirmed' then ${newsletterSubscriptions.consentedAt} else excluded.consented_at end`,
          unsubscribedAt: sql`case when ${newsletterSubscriptions.state} = 'confirmed' then ${newsletterSubscriptions.unsubscribedAt} else null end`,
          updatedAt: now,
        },
      })
      .returning({ state: newsletterSubscriptions.state });
    // One confirmation mail per address and day (the job key): a double submission, or a
    // stranger trying the form with someone's address, sends no second one.
    if (row?.state === 'pending') {
      await enqueueJob(tx, { ...newsletterConfirmationJob(email, now), runAt: now });
    }
  });
  return true;
}

/** The confirmation and unsubscribe links of `email`. */
export function newsletterLinks(
  config: Config,
  email: string,
): { confirm: string; unsubscribe: string } {
  const secret = config.auth.jwtSecret;
  return {
    confirm: `${config.publicUrl}${NEWSLETTER_CONFIRM_PATH}?token=${signEmailToken(secret, 'newsletter-confirm', email)}`,
    unsubscribe: `${config.publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?token=${signEmailToken(secret, 'newsletter-unsubscribe', email)}`,
  };
}

/**
 * Sends the confirmation mail of a pending sign-up (the `newsletter-confirmation` job); nothing
 * when the address is no longer pending (confirmed or unsubscribed meanwhile).
 * @returns true when a mail was sent
 * @throws the transport's error (the job is retried)
 */
export async function sendNewsletterConfirmation(
  db: Database,
  config: Config,
  email: string,
  options: { messageId?: string } = {},
): Promise<boolean> {
  const [row] = await db
    .select({ state: newsletterSubscriptions.state })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  if (row?.state !== 'pending') return false;
  const links = newsletterLinks(config, email);
  await sendMail(mailOptionsFromConfig(config), {
    to: email,
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...(await (
      await import('../mail/templates/newsletter-confirmation.tsx')
    ).newsletterConfirmationMail({
      shopName: config.shopName,
      shopUrl: config.publicUrl,
      seller: config.seller,
      confirmUrl: links.confirm,
      unsubscribeUrl: links.unsubscribe,
    })),
  });
  return true;
}

/**
 * Confirms a pending sign-up from the signed link (double opt-in) and sets the customer's
 * `newsletter` flag of that address.
 * @returns true when the address is confirmed now (also when it already was); false when it has
 *   no sign-up or was unsubscribed (sign up again)
 * @throws ShopError BAD_USER_INPUT for a malformed or forged token
 */
export async function confirmNewsletterSubscription(
  db: Database,
  config: Config,
  token: string,
  now: Date,
): Promise<boolean> {
  const email = verifyEmailToken(config.auth.jwtSecret, 'newsletter-confirm', token);
  if (!email) throw badUserInput('The link is invalid', 'token');
  return db.transaction(async (tx) => {
    await tx
      .update(newsletterSubscriptions)
      .set({ state: 'confirmed', confirmedAt: now, updatedAt: now })
      .where(
        and(eq(newsletterSubscriptions.email, email), eq(newsletterSubscriptions.state, 'pending')),
      );
    const [row] = await tx
      .select({ state: newsletterSubscriptions.state })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    if (row?.state !== 'confirmed') return false;
    await tx.update(customers).set({ newsletter: true }).where(eq(customers.email, email));
    return true;
  });
}

/**
 * Ends the subscription of an address (and clears the customer's `newsletter` flag).
 * @returns true when a subscription was ended or there was none to end
 */
export async function unsubscribeEmail(db: Database, email: string, now: Date): Promise<boolean> {
  await db.transaction(async (tx) => {
    await tx
      .update(newsletterSubscriptions)
      .set({ state: 'unsubscribed', unsubscribedAt: now, updatedAt: now })
      .where(
        and(
          eq(newsletterSubscriptions.email, email),
          sql`${newsletterSubscriptions.state} <> 'unsubscribed'`,
        ),
      );
    await tx.update(customers).set({ newsletter: false }).where(eq(customers.email, email));
  });
  return true;
}

/**
 * Ends a subscription from the signed unsubscribe link.
 * @throws ShopError BAD_USER_INPUT for a malformed or forged token
 */
export async function unsubscribeFromNewsletter(
  db: Database,
  config: Config,
  token: string,
  now: Date,
): Promise<boolean> {
  const email = verifyEmailToken(config.auth.jwtSecret, 'newsletter-unsubscribe', token);
  if (!email) throw badUserInput('The link is invalid', 'token');
  return unsubscribeEmail(db, email, now);
}

/**
 * The account's newsletter checkbox (`updateUser(user: {newsletter})`, GEINS-API §4.7): checked
 * signs the customer's address up (double opt-in, source `account`); unchecked ends it.
 */
export async function setAccountNewsletter(
  db: Database,
  config: Config,
  email: string,
  wanted: boolean,
  now: Date,
): Promise<void> {
  if (wanted) await subscribeToNewsletter(db, config, { email, source: 'account' }, now);
  else {
    const [row] = await db
      .select({ state: newsletterSubscriptions.state })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    if (row) await unsubscribeEmail(db, email, now);
  }
}

/** One confirmed subscriber as the export writes it. */
export interface ConfirmedSubscriber {
  email: string;
  tags: string[];
  source: string;
  consentText: string;
  consentedAt: Date;
  confirmedAt: Date | null;
}

/** The confirmed subscribers, oldest confirmation first. */
export async function confirmedSubscribers(db: Database): Promise<ConfirmedSubscriber[]> {
  return db
    .select({
      email: newsletterSubscriptions.email,
      tags: newsletterSubscriptions.tags,
      source: newsletterSubscriptions.source,
      consentText: newsletterSubscriptions.consentText,
      consentedAt: newsletterSubscriptions.consentedAt,
      confirmedAt: newsletterSubscriptions.confirmedAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.state, 'confirmed'))
    .orderBy(newsletterSubscriptions.confirmedAt, newsletterSubscriptions.id);
}

/**
 * The confirmed subscribers as CSV (RFC 4180, commas, CRLF lines, a header line; written by the
 * shop's one CSV writer, which neutralises formulas: csv/safe-csv.ts): email, tags
 * (`;`-separated), source, consented_at, confirmed_at (ISO 8601 UTC), consent_text.
 */
export function subscribersCsv(rows: readonly ConfirmedSubscriber[]): string {
  const lines = [['email', 'tags', 'source', 'consented_at', 'confirmed_at', 'consent_text']];
  for (const row of rows) {
    lines.push([
      row.email,
      row.tags.join(';'),
      row.source,
      row.consentedAt.toISOString(),
      row.confirmedAt?.toISOString() ?? '',
      row.consentText,
    ]);
  }
  return writeCsv(lines, { delimiter: ',', bom: false });
}
