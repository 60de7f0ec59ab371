/**
 * The job handlers of the engagement module (issue 17), merged into the queue's JOB_HANDLERS
 * (modules/jobs/handlers.ts): the restock scan, the back-in-stock mail and the newsletter
 * confirmation mail.
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { jobMessageId } from '../jobs/job-kinds.ts';
import { notifyRestockedSkus, sendBackInStockMail } from './availability.service.ts';
import { RESTOCK_SCAN_INTERVAL_SECONDS } from './engagement-jobs.ts';
import { sendNewsletterConfirmation } from './newsletter.service.ts';

/**
 * A job handler as modules/jobs/handlers.ts `JobHandler` calls it (declared here, so that this
 * module does not import the handlers' module that imports it).
 */
export interface EngagementJobHandler {
  run(
    payload: Record<string, unknown>,
    ctx: { db: Database; config: Config | undefined; now: Date; key: string },
  ): Promise<{ rerunAt?: Date } | void>;
}

/** The handlers by job kind. */
export const ENGAGEMENT_JOB_HANDLERS: Readonly<Record<string, EngagementJobHandler>> = {
  'restock-scan': {
    async run(_payload, { db, config, now }) {
      await notifyRestockedSkus(db, now);
      const seconds = config?.jobs.restockScanIntervalSeconds ?? RESTOCK_SCAN_INTERVAL_SECONDS;
      return { rerunAt: new Date(now.getTime() + seconds * 1000) };
    },
  },
  'back-in-stock': {
    async run(payload, { db, config, key }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      await sendBackInStockMail(
        db,
        config,
        { skuId: Number(payload.skuId), email: String(payload.email) },
        { messageId: jobMessageId(key, config) },
      );
    },
  },
  'newsletter-confirmation': {
    async run(payload, { db, config, key }) {
      if (!config) throw new Error('The mail jobs need the configuration');
      await sendNewsletterConfirmation(db, config, String(payload.email), {
        messageId: jobMessageId(key, config),
      });
    },
  },
};
