/**
 * The jobs of the engagement module (issue 17, ADR 011): the recurring restock scan and the
 * mails it and the newsletter sign-up enqueue. Kept apart from the handlers
 * (engagement.handlers.ts) so that services can enqueue without importing mail code.
 */
import type { NewJob } from '../jobs/queue.ts';

/**
 * Default seconds between two restock scans (the longest a back-in-stock mail waits after a
 * restock); RESTOCK_SCAN_INTERVAL_SECONDS in the environment overrides it (config.ts).
 */
export const RESTOCK_SCAN_INTERVAL_SECONDS = 60;

/**
 * The recurring restock scan: finds open back-in-stock requests whose SKU has sellable stock
 * again, whatever raised it (a stock import, a cancelled order, the back office), and enqueues
 * their mails. One row; the runner schedules it when it starts and it reschedules itself.
 */
export const RESTOCK_SCAN_JOB: NewJob = { kind: 'restock-scan', key: 'restock-scan' };

/**
 * The confirmation mail of a newsletter sign-up (double opt-in). One per address and UTC day:
 * a double submission sends one mail, and nobody can flood an address through the form.
 */
export function newsletterConfirmationJob(email: string, now: Date): NewJob {
  return {
    kind: 'newsletter-confirmation',
    key: `newsletter-confirmation:${email}:${now.toISOString().slice(0, 10)}`,
    payload: { email },
    maxAttempts: 6,
  };
}
