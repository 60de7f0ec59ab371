/**
 * The reconciliation job (issue 42; ADR 019 §5): a purchase the provider authorised whose push
 * or webhook never arrived, and whose shopper never reached the confirm page, still becomes an
 * order within minutes. Every {@link RECONCILE_EVERY_MS} the job reads back, at Kustom or
 * Stripe, each open session (created or approved, no order) last changed between
 * {@link RECONCILE_AFTER_MS} and {@link RECONCILE_WITHIN_MS} ago, and places its order through
 * the same code as the push and the confirm page (one order per session whatever races it). A
 * session the provider has not authorised is left as it is.
 *
 * Second half, in the same run: orders whose authorisation is not yet captured are read back
 * now and then and flagged when the provider reports it cancelled, expired or expiring
 * (payments/authorisation-checks.service.ts).
 */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import {
  loadChannelDirectory,
  requireCurrency,
  resolveShopContext,
} from '../channel/channel.service.ts';
import type { NewJob } from '../jobs/queue.ts';
import { checkAuthorisations } from '../payments/authorisation-checks.service.ts';
import { quietOpenSessions } from '../payments/open-sessions.service.ts';
import { completeKustomPayment } from './kustom-payment.service.ts';
import { completeStripePayment } from './stripe-payment.service.ts';

/** How often the job runs: every 2 minutes (milliseconds). */
const RECONCILE_EVERY_MS = 120_000;
/** A session is read back once it has been quiet this long (milliseconds): 2 minutes. */
export const RECONCILE_AFTER_MS = 120_000;
/** …and while it is younger than this (Kustom's checkout orders expire after 48 h; Stripe's
 * uncaptured authorisations after 7 days): 7 days, milliseconds. */
const RECONCILE_WITHIN_MS = 7 * 24 * 3_600_000;
/** Sessions read back per run, oldest first. */
const BATCH = 50;

/** The scheduled job (one row, rearmed at every start). */
export const PAYMENT_RECONCILE_JOB: NewJob = {
  kind: 'payment-reconcile',
  key: 'payment-reconcile',
};

/** What one run did. */
export interface ReconcileResult {
  /** Sessions read back at their provider. */
  checked: number;
  /** Orders placed by this run. */
  placed: number[];
}

/**
 * Reads back the quiet open sessions of Kustom and Stripe and places the orders of those the
 * provider authorised (see the module comment). A provider not configured is skipped.
 */
export async function reconcilePayments(
  db: Database,
  config: Config,
  now: Date,
): Promise<ReconcileResult> {
  const providers = [
    ...(config.payments.kustom ? ['kustom'] : []),
    ...(config.payments.stripe ? ['stripe'] : []),
  ];
  if (providers.length === 0) return { checked: 0, placed: [] };
  const sessions = await quietOpenSessions(
    db,
    providers,
    new Date(now.getTime() - RECONCILE_WITHIN_MS),
    new Date(now.getTime() - RECONCILE_AFTER_MS),
    BATCH,
  );
  const directory = sessions.length > 0 ? await loadChannelDirectory(db) : null;
  const placed: number[] = [];
  for (const session of sessions) {
    const shop = requireCurrency(
      resolveShopContext(directory!, { marketId: session.marketId }, () => undefined),
    );
    const outcome =
      session.provider === 'kustom'
        ? await completeKustomPayment(db, session, shop, now, config.payments)
        : await completeStripePayment(db, session, shop, now, config.payments);
    if (outcome.order) placed.push(outcome.order.order.id);
  }
  return { checked: sessions.length, placed };
}

/** A job handler as modules/jobs/handlers.ts calls it (declared here: no import cycle). */
interface ReconcileJobHandler {
  run(
    payload: Record<string, unknown>,
    ctx: {
      db: Database;
      config: Config | undefined;
      now: Date;
      log: { info(message: string, details?: Record<string, unknown>): void };
    },
  ): Promise<{ rerunAt?: Date } | void>;
}

/** The checkout's job handlers (merged into JOB_HANDLERS). */
export const CHECKOUT_JOB_HANDLERS: Readonly<Record<string, ReconcileJobHandler>> = {
  'payment-reconcile': {
    async run(_payload, { db, config, now, log }) {
      if (config) {
        const result = await reconcilePayments(db, config, now);
        if (result.placed.length > 0) {
          log.info('Payments reconciled: orders placed without a push or webhook', {
            checked: result.checked,
            orderIds: result.placed,
          });
        }
        const checks = await checkAuthorisations(db, config.payments, now);
        if (checks.flagged.length > 0) {
          log.info('Payments reconciled: authorisations cancelled, expired or expiring', {
            checked: checks.checked,
            flagged: checks.flagged,
          });
        }
      }
      return { rerunAt: new Date(now.getTime() + RECONCILE_EVERY_MS) };
    },
  },
};
