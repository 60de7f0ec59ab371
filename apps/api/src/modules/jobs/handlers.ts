/**
 * The kinds of job and what runs them (issue 15 "Jobs", ADR 011). Services enqueue through the
 * helpers here (`orderConfirmationJob`, …) inside their own transactions; the runner
 * (runner.ts) calls {@link JOB_HANDLERS}.
 *
 * E-mails are delivered at least once, never lost and in every ordinary case exactly once: the
 * job is written in the transaction of the order or reset key, a unique key makes it one job per
 * order (or reset key), and it is marked `done` right after the transport accepted the message.
 * The one window for a second copy is a crash (or lost lease) between the transport's accept
 * and that mark; the retry then sends the same message with the same Message-ID (derived from
 * the job key), so receivers that fold duplicates by Message-ID show it once.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { listMarketIds } from '../channel/channel.service.ts';
import { nextCampaignBoundarySql } from '../pricing/campaign-price.ts';
import { recordPriceChangesUntil } from '../pricing/price-log.ts';
import { sendOrderConfirmation } from '../orders/order-email.ts';
import { sendGuestOrdersMail } from '../customers/guest-orders-mail.ts';
import { sendResetMail } from '../customers/password-reset-mail.ts';
import { sendLeasingApprovalMail } from '../leasing/leasing-approval-mail.ts';
import { buildFacetPostings, buildPricePostings } from '../catalog/facet-postings.ts';
import { POSTINGS_SCAN_MS, scanPostings } from '../catalog/postings-scan.ts';
import { mailOptionsFromConfig } from '../mail/mail.service.ts';
import { jobMessageId } from './job-kinds.ts';
import { ENGAGEMENT_JOB_HANDLERS } from '../engagement/engagement.handlers.ts';
import { PAYMENT_JOB_HANDLERS } from '../payments/payment-operations.run.ts';
import { CHECKOUT_JOB_HANDLERS } from '../checkout/payment-reconcile.run.ts';
import { SHIPPING_JOB_HANDLERS } from '../shipping/booking.run.ts';

/** Where a job's notable events go. */
export interface JobLog {
  info(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** What a handler gets besides the payload. */
export interface JobContext {
  db: Database;
  /** The shop's configuration (mail settings); absent for a runner of index builds only. */
  config: Config | undefined;
  log: JobLog;
  /** The runner's clock. */
  now: Date;
  /** The job's idempotency key (e.g. for a stable Message-ID). */
  key: string;
}

/** What a handler may ask for when it succeeded. */
export interface JobOutcome {
  /** Queue the same job again for then (scheduled work such as price stamps). */
  rerunAt?: Date;
}

/** A kind of job. */
export interface JobHandler {
  /**
   * Does the work; throwing makes it a failed attempt (retried with back-off). Must be safe to
   * run again after a crash (see the module comment).
   */
  run(payload: Record<string, unknown>, ctx: JobContext): Promise<JobOutcome | void>;
  /** Empty the payload when the job ends (it carries a secret such as a reset key). */
  erasePayload?: boolean;
}

const HOUR_MS = 3_600_000;

/** The first campaign start or end after `now` (the price stamp's next change), or null. */
async function nextCampaignBoundary(db: Database, now: Date): Promise<Date | null> {
  const result = (await db.execute(
    sql`select ${nextCampaignBoundarySql(now)}::text as next`,
  )) as unknown as {
    rows: Array<{ next: string | null }>;
  };
  const next = result.rows[0]?.next;
  return next ? new Date(next) : null;
}

/**
 * Whether this shop reads the postings the index jobs build: not when its lists are answered
 * by the rows implementation (PRODUCT_SEARCH=rows, the embedded database's default: a build
 * there would hold the one connection every request needs; ADR 012). Without a configuration
 * (a runner of index builds only) they are built.
 */
function buildsPostings(config: Config | undefined): boolean {
  return config?.catalog.productSearch !== 'rows';
}

/** Every kind of job and its handler. */
export const JOB_HANDLERS: Readonly<Record<string, JobHandler>> = {
  'order-confirmation': {
    async run(payload, { db, config, key }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      await sendOrderConfirmation(db, Number(payload.orderId), mailOptionsFromConfig(config), {
        messageId: jobMessageId(key, config),
      });
    },
  },
  'leasing-approval': {
    async run(payload, { db, config, key }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      await sendLeasingApprovalMail(db, config, Number(payload.orderId), {
        messageId: jobMessageId(key, config),
      });
    },
  },
  'password-reset-mail': {
    erasePayload: true,
    async run(payload, { config, key, now }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      const expiresAt = new Date(String(payload.expiresAt));
      // A link that no longer works is not worth sending.
      if (!(expiresAt > now)) return;
      await sendResetMail(config, String(payload.to), String(payload.resetKey), {
        messageId: jobMessageId(key, config),
      });
    },
  },
  'guest-orders-mail': {
    async run(payload, { db, config, key, now }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      await sendGuestOrdersMail(db, config, Number(payload.customerId), now, {
        messageId: jobMessageId(key, config),
      });
    },
  },
  'facet-postings': {
    async run(_payload, { db, config }) {
      if (!buildsPostings(config)) return;
      await buildFacetPostings(db);
    },
  },
  'price-postings': {
    async run(payload, { db, config }) {
      if (!buildsPostings(config)) return;
      await buildPricePostings(db, String(payload.marketId), new Date(String(payload.now)));
    },
  },
  'price-stamp': {
    async run(_payload, { db, config, now }) {
      // The price log (issue 25, 7 a §): the selling prices that changed at the boundary.
      await recordPriceChangesUntil(db, now);
      const marketIds = buildsPostings(config) ? await listMarketIds(db) : [];
      for (const marketId of marketIds) await buildPricePostings(db, marketId, now);
      const next = await nextCampaignBoundary(db, now);
      const hour = new Date(now.getTime() + HOUR_MS);
      return { rerunAt: next && next < hour ? next : hour };
    },
  },
  'postings-scan': {
    async run(_payload, { db, config, now }) {
      if (buildsPostings(config)) await scanPostings(db, now);
      return { rerunAt: new Date(now.getTime() + POSTINGS_SCAN_MS) };
    },
  },
  // restock-scan, back-in-stock, newsletter-confirmation (issue 17).
  ...ENGAGEMENT_JOB_HANDLERS,
  ...PAYMENT_JOB_HANDLERS,
  // payment-reconcile (issue 42; ADR 019 §5).
  ...CHECKOUT_JOB_HANDLERS,
  // shipment-booking, order-shipped (issue 43; ADR 020 §5).
  ...SHIPPING_JOB_HANDLERS,
};
