/**
 * Subscribers in the back office (issue 27 "Moderation and content"; issue 17): the newsletter's
 * subscriptions (every state, the confirmed ones exported as newsletter.service.ts's CSV, the
 * CLI's export) and the open back-in-stock requests ("Bevaka"), listed and exported as CSV.
 * Both are lists of customers' e-mail addresses (the customers area); an export is recorded in
 * the audit log (who took the personal data out, and how many rows).
 */
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { products, skus } from '../catalog/catalog.tables.ts';
import { writeCsv } from '../csv/safe-csv.ts';
import type { NEWSLETTER_STATES } from './engagement.tables.ts';
import { availabilitySubscriptions, newsletterSubscriptions } from './engagement.tables.ts';
import { confirmedSubscribers, subscribersCsv } from './newsletter.service.ts';

/** Most rows one page of a subscriber list holds. */
export const SUBSCRIBERS_TAKE_MAX = 200;

/** A newsletter state. */
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/** A list's filter and page: `query` is a part of the e-mail address (case-insensitive). */
export interface SubscriberFilter {
  query?: string | null | undefined;
  skip: number;
  take: number;
}

/** One newsletter subscription as the back office lists it. */
export interface NewsletterSubscriberItem {
  id: number;
  email: string;
  state: NewsletterState;
  tags: string[];
  /** footer, account or api. */
  source: string;
  consentedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** A page of rows and how many match in all. */
export interface SubscriberPage<T> {
  total: number;
  items: T[];
}

/** `%part%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
function containing(part: string): string {
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newsletter subscriptions (optionally of one state), newest consent first. */
export async function listNewsletterSubscribers(
  db: Database,
  filter: SubscriberFilter & { state?: NewsletterState | null | undefined },
): Promise<SubscriberPage<NewsletterSubscriberItem>> {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(newsletterSubscriptions.state, filter.state));
  if (filter.query) conditions.push(ilike(newsletterSubscriptions.email, containing(filter.query)));
  const where = and(...conditions);
  const [totals] = await db.select({ n: count() }).from(newsletterSubscriptions).where(where);
  const items = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      state: newsletterSubscriptions.state,
      tags: newsletterSubscriptions.tags,
      source: newsletterSubscriptions.source,
      consentedAt: newsletterSubscriptions.consentedAt,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
    })
    .from(newsletterSubscriptions)
    .where(where)
    .orderBy(desc(newsletterSubscriptions.consentedAt), desc(newsletterSubscriptions.id))
    .offset(filter.skip)
    .limit(filter.take);
  return { total: Number(totals?.n ?? 0), items };
}

/** One open back-in-stock request as the back office lists it. */
export interface BackInStockItem {
  id: number;
  email: string;
  skuId: number;
  articleNumber: string;
  /** The size (the SKU's name). */
  size: string;
  productName: string;
  productAlias: string;
  createdAt: Date;
}

const backInStockColumns = {
  id: availabilitySubscriptions.id,
  email: availabilitySubscriptions.email,
  skuId: availabilitySubscriptions.skuId,
  articleNumber: skus.articleNumber,
  size: skus.name,
  productName: products.name,
  productAlias: products.alias,
  createdAt: availabilitySubscriptions.createdAt,
};

/**
 * The open back-in-stock requests (no mail queued yet), newest first; `query` matches a part of
 * the e-mail address. `take` null: all of them (the export).
 */
export async function listBackInStockRequests(
  db: Database,
  filter: { query?: string | null | undefined; skip: number; take: number | null },
): Promise<SubscriberPage<BackInStockItem>> {
  const where = and(
    isNull(availabilitySubscriptions.notifiedAt),
    filter.query ? ilike(availabilitySubscriptions.email, containing(filter.query)) : undefined,
  );
  const [totals] = await db.select({ n: count() }).from(availabilitySubscriptions).where(where);
  const query = db
    .select(backInStockColumns)
    .from(availabilitySubscriptions)
    .innerJoin(skus, eq(skus.id, availabilitySubscriptions.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .where(where)
    .orderBy(desc(availabilitySubscriptions.createdAt), desc(availabilitySubscriptions.id))
    .offset(filter.skip);
  const items = filter.take === null ? await query : await query.limit(filter.take);
  return { total: Number(totals?.n ?? 0), items };
}

/**
 * The open back-in-stock requests as CSV (RFC 4180, commas, CRLF lines, a header line; the
 * shop's one CSV writer, csv/safe-csv.ts, neutralises formulas): email, article_number, size,
 * product, created_at (ISO 8601 UTC).
 */
export function backInStockCsv(rows: readonly BackInStockItem[]): string {
  const lines = [['email', 'article_number', 'size', 'product', 'created_at']];
  for (const row of rows) {
    lines.push([
      row.email,
      row.articleNumber,
      row.size,
      row.productName,
      row.createdAt.toISOString(),
    ]);
  }
  return writeCsv(lines, { delimiter: ',', bom: false });
}

/** Which list an export is of. */
export type SubscriberExportKind = 'newsletter' | 'back-in-stock';

/**
 * The export of a list as CSV (the newsletter: confirmed subscribers only, as the CLI exports;
 * back-in-stock: the open requests), recorded in the audit log as `subscribers.export` with the
 * list and the number of rows (the addresses themselves are not copied into the log).
 */
export async function exportSubscribers(
  db: Database,
  kind: SubscriberExportKind,
  actor: AuditActor,
  now: Date,
): Promise<{ csv: string; rows: number }> {
  let csv: string;
  let rows: number;
  if (kind === 'newsletter') {
    const subscribers = await confirmedSubscribers(db);
    csv = subscribersCsv(subscribers);
    rows = subscribers.length;
  } else {
    const requests = await listBackInStockRequests(db, { skip: 0, take: null });
    csv = backInStockCsv(requests.items);
    rows = requests.items.length;
  }
  await recordAudit(db, {
    actor,
    action: 'subscribers.export',
    entityType: 'subscribers',
    entityId: kind,
    before: null,
    after: { list: kind, rows },
    at: now,
  });
  return { csv, rows };
}
