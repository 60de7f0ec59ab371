/**
 * Back-in-stock requests (issue 17; GEINS-API §2.3/§3 `monitorProductAvailability(email, skuId)`):
 * a shopper asks to be told when a sold-out size is back.
 *
 * Life of a request, and why no mail is lost or sent twice:
 * 1. {@link monitorProductAvailability} writes one open row per (SKU, address); a second
 *    submission finds the unique key and changes nothing.
 * 2. The recurring `restock-scan` job ({@link notifyRestockedSkus}, every
 *    RESTOCK_SCAN_INTERVAL_SECONDS) finds open rows whose SKU has sellable stock again, whatever
 *    raised it, and in one transaction closes them (`notified_at`) and enqueues one
 *    `back-in-stock` job each (unique job key). A crash before the commit leaves both undone (the
 *    next scan does it); after it, the jobs are durable and the rows are closed, so a second
 *    raise of the stock finds nothing to send.
 * 3. The job ({@link sendBackInStockMail}) sends the mail and then deletes the row (the request
 *    has ended). A worker that dies before sending leaves the job to be claimed again once its
 *    lease runs out; a retry after the row was deleted sends nothing. The one window for a second
 *    copy is a crash between the transport's accept and the delete (ADR 011): the retry uses the
 *    same Message-ID.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { badUserInput, ShopError } from '../../errors.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import { emailSchema } from '../customers/customers.service.ts';
import { stock } from '../inventory/inventory.tables.ts';
import { backInStockJob } from '../jobs/job-kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { mailOptionsFromConfig, sendMail } from '../mail/mail.service.ts';
import { addressKey, takeAttempt } from '../rate-limits/rate-limits.service.ts';
import { signEmailToken, verifyEmailToken } from './email-tokens.ts';
import { availabilitySubscriptions } from './engagement.tables.ts';

/** At most this many requests per client address (IPv4, or IPv6 /64) in {@link MONITOR_WINDOW_SECONDS}. */
export const MONITOR_LIMIT = 10;
/** The window of {@link MONITOR_LIMIT}: 10 minutes, in seconds. */
export const MONITOR_WINDOW_SECONDS = 600;
/** Open requests one restock scan closes at most (the next scan takes the rest). */
export const SCAN_BATCH = 500;

/** The storefront page of the unsubscribe link (SPEC §2 has none; issue 17). */
export const AVAILABILITY_UNSUBSCRIBE_PATH = '/bevaka/avsluta';

/** Sellable units of a SKU's stock row (inStock + oversellable + static, `StockType.totalStock`). */
const sellable = sql<number>`coalesce(${stock.inStock} + ${stock.oversellable} + ${stock.static}, 0)`;

/** Validates an address: lower case, trimmed. @throws ShopError BAD_USER_INPUT */
export function parseEmail(email: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw badUserInput('A valid e-mail address is required', 'email');
  return parsed.data;
}

/** Counts one attempt of the caller's address under `prefix`. @throws ShopError RATE_LIMITED */
export async function requireEngagementAttempt(
  db: Database,
  prefix: string,
  clientIp: string | undefined,
  now: Date,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const address = addressKey(clientIp);
  if (!address) return;
  const attempt = await takeAttempt(
    db,
    [{ key: `${prefix}:${address}`, limit, windowSeconds }],
    now,
  );
  if (!attempt.allowed) {
    throw new ShopError('RATE_LIMITED', 'Too many requests; try again later', {
      retryAfter: attempt.retryAfterSeconds,
    });
  }
}

/**
 * Records a back-in-stock request for a sold-out SKU (GEINS-API §2.3).
 * @param clientIp the caller's address for the rate limit ({@link MONITOR_LIMIT}); undefined is
 *   not limited (in-process callers without one)
 * @returns true when the request is recorded (also when it already was: no duplicate); false when
 *   the SKU is in stock (there is nothing to wait for)
 * @throws ShopError BAD_USER_INPUT (invalid address), NOT_FOUND (unknown SKU or inactive
 *   product), RATE_LIMITED (`extensions.retryAfter` seconds)
 */
export async function monitorProductAvailability(
  db: Database,
  input: { email: string; skuId: number },
  now: Date,
  clientIp?: string,
): Promise<boolean> {
  const email = parseEmail(input.email);
  await requireEngagementAttempt(
    db,
    'availability-ip',
    clientIp,
    now,
    MONITOR_LIMIT,
    MONITOR_WINDOW_SECONDS,
  );
  const [sku] = await db
    .select({ id: skus.id, units: sellable })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(stock, eq(stock.skuId, skus.id))
    .where(and(eq(skus.id, input.skuId), eq(products.active, true)));
  if (!sku) throw new ShopError('NOT_FOUND', 'SKU not found', { argument: 'skuId' });
  if (Number(sku.units) > 0) return false;
  await db
    .insert(availabilitySubscriptions)
    .values({ skuId: sku.id, email, createdAt: now })
    .onConflictDoNothing();
  return true;
}

/**
 * The restock scan: closes the open requests whose SKU has sellable stock and enqueues one
 * `back-in-stock` mail job for each, in one transaction (at most {@link SCAN_BATCH}; rows locked
 * by a concurrent scan are skipped).
 * @returns how many mails were enqueued
 */
export async function notifyRestockedSkus(db: Database, now: Date): Promise<number> {
  return db.transaction((tx) => enqueueBackInStockMails(tx, now));
}

/**
 * The restock scan's step inside the caller's transaction `tx`: closes the open requests whose
 * SKU has sellable stock and enqueues one `back-in-stock` job each (at most {@link SCAN_BATCH};
 * rows locked by a concurrent scan are skipped). With `skuIds`, only the requests of those SKUs:
 * the back office calls it in the transaction that raises a SKU's stock from 0 (issue 26), so
 * the mails are queued with the change, not at the next scan.
 * @returns how many mails were enqueued
 */
export async function enqueueBackInStockMails(
  tx: Database,
  now: Date,
  skuIds?: readonly number[],
): Promise<number> {
  if (skuIds && skuIds.length === 0) return 0;
  const due = await tx
    .select({
      id: availabilitySubscriptions.id,
      skuId: availabilitySubscriptions.skuId,
      email: availabilitySubscriptions.email,
      createdAt: availabilitySubscriptions.createdAt,
    })
    .from(availabilitySubscriptions)
    .innerJoin(stock, eq(stock.skuId, availabilitySubscriptions.skuId))
    .where(
      and(
        isNull(availabilitySubscriptions.notifiedAt),
        sql`${sellable} > 0`,
        skuIds ? inArray(availabilitySubscriptions.skuId, [...skuIds]) : undefined,
      ),
    )
    .orderBy(availabilitySubscriptions.id)
    .limit(SCAN_BATCH)
    .for('update', { of: availabilitySubscriptions, skipLocked: true });
  for (const row of due) {
    await enqueueJob(tx, { ...backInStockJob(row.skuId, row.email, row.createdAt), runAt: now });
    await tx
      .update(availabilitySubscriptions)
      .set({ notifiedAt: now })
      .where(eq(availabilitySubscriptions.id, row.id));
  }
  return due.length;
}

/** The link that ends every back-in-stock request of `email`. */
export function availabilityUnsubscribeLink(config: Config, email: string): string {
  const token = signEmailToken(config.auth.jwtSecret, 'availability-unsubscribe', email);
  return `${config.publicUrl}${AVAILABILITY_UNSUBSCRIBE_PATH}?token=${token}`;
}

/**
 * Sends the "back in stock" mail of a closed request and ends it (the `back-in-stock` job).
 * Nothing is sent when the request no longer exists (unsubscribed, or already sent by an earlier
 * run of the job) or its product is gone.
 * @param options.messageId the job's stable Message-ID
 * @returns true when a mail was sent
 * @throws the transport's error (the job is retried)
 */
export async function sendBackInStockMail(
  db: Database,
  config: Config,
  request: { skuId: number; email: string },
  options: { messageId?: string } = {},
): Promise<boolean> {
  const open = and(
    eq(availabilitySubscriptions.skuId, request.skuId),
    eq(availabilitySubscriptions.email, request.email),
    isNotNull(availabilitySubscriptions.notifiedAt),
  );
  const [row] = await db
    .select({
      id: availabilitySubscriptions.id,
      product: products.name,
      alias: products.alias,
      size: skus.name,
      sizes: sql<number>`(select count(*)::int from ${skus} s where s.product_id = ${products.id})`,
    })
    .from(availabilitySubscriptions)
    .innerJoin(skus, eq(skus.id, availabilitySubscriptions.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(open);
  if (!row) return false;
  const link = `${config.publicUrl}/product/${encodeURIComponent(row.alias)}`;
  await sendMail(mailOptionsFromConfig(config), {
    to: request.email,
    ...(options.messageId ? { messageId: options.messageId } : {}),
    ...(await (
      await import('../mail/templates/back-in-stock.tsx')
    ).backInStockMail({
      shopName: config.shopName,
      shopUrl: config.publicUrl,
      seller: config.seller,
      product: row.product,
      // The size only when the product comes in more than one.
      size: Number(row.sizes) > 1 && row.size ? row.size : undefined,
      productUrl: link,
      unsubscribeUrl: availabilityUnsubscribeLink(config, request.email),
    })),
  });
  await db.delete(availabilitySubscriptions).where(eq(availabilitySubscriptions.id, row.id));
  return true;
}

/**
 * Ends every back-in-stock request of the address a signed unsubscribe link names.
 * @returns the number of requests ended (0 when there were none)
 * @throws ShopError BAD_USER_INPUT for a malformed or forged token
 */
export async function endAvailabilityMonitoring(
  db: Database,
  config: Config,
  token: string,
): Promise<number> {
  const email = verifyEmailToken(config.auth.jwtSecret, 'availability-unsubscribe', token);
  if (!email) throw badUserInput('The link is invalid', 'token');
  const rows = await db
    .delete(availabilitySubscriptions)
    .where(eq(availabilitySubscriptions.email, email))
    .returning({ id: availabilitySubscriptions.id });
  return rows.length;
}
