/**
 * Price campaigns in the back office (issue 26 "Prices": campaign prices with dates, per market;
 * a store manager creates a campaign and the storefront shows it): list, read, create, edit and
 * end early. The rule of which campaign price applies stays in campaign-price.ts; this module
 * only writes `price_campaigns` and `price_campaign_prices`.
 *
 * A campaign's prices are rows per product and market (the model of issue 22). A campaign on a
 * category or a brand, or a percentage off, is expanded here into those rows from the products'
 * regular prices at the time of the write (products added to the category later are not in it).
 *
 * Every write runs in one transaction that also records the selling prices it changes now in the
 * price log (price-log.ts `recordPriceChanges`, 7 a §), moves the price-stamp job to the
 * campaign's next start or end (so the log and the price postings follow at that moment), and
 * writes the audit entry with before/after. The list cache and price postings learn of the
 * change through the catalogue version the tables' triggers raise (list-cache.ts): the
 * storefront shows a campaign without a restart.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { swedishInputError, swedishNotFound } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import {
  productIdsByArticleNumber,
  productIdsInScope,
  productLabels,
  type ProductScope,
} from '../catalog/product-scope.ts';
import { PRICE_STAMP_JOB } from '../jobs/job-kinds.ts';
import { enqueueJobBy } from '../jobs/queue.ts';
import { promotionStatus, type PromotionStatus } from '../promotions/promotion-status.ts';
import { recordPriceChanges } from './price-log.ts';
import { priceCampaignPrices, priceCampaigns, productPrices } from './pricing.tables.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Where a campaign is in time at `now` (promotion-status.ts; never `disabled`). */
export type CampaignStatus = PromotionStatus;

/** A campaign in the back office's list. */
export interface CampaignSummary {
  id: number;
  alias: string;
  name: string;
  startsAt: Date;
  /** Exclusive; null: open-ended. */
  endsAt: Date | null;
  status: CampaignStatus;
  /** Distinct products with a campaign price. */
  productCount: number;
  /** Markets (ids such as `SE|SEK`) with campaign prices, sorted. */
  marketIds: string[];
}

/** One campaign price with what the back office shows beside it. */
export interface CampaignPriceRow {
  productId: number;
  productName: string;
  articleNumber: string;
  marketId: string;
  /** Minor units incl. VAT. */
  sellingPriceIncVat: number;
  /** The product's regular price in the market (minor units incl. VAT), null without one. */
  regularPriceIncVat: number | null;
}

/** A campaign with its prices. */
export interface CampaignDetail extends CampaignSummary {
  prices: CampaignPriceRow[];
}

/** An explicit campaign price (minor units incl. VAT). */
export interface CampaignPriceInput {
  productId: number;
  marketId: string;
  sellingPriceIncVat: number;
}

/**
 * The prices of a campaign: explicit rows, or a percentage off the regular price of the products
 * in a scope in some markets.
 */
export type CampaignPricesInput =
  | { kind: 'explicit'; prices: CampaignPriceInput[] }
  | { kind: 'percent'; percentOff: number; scope: ProductScope; marketIds: string[] };

/** What {@link createCampaign} needs; {@link updateCampaign} takes it with `prices` optional. */
export interface CampaignInput {
  name: string;
  /** URL alias (`/dc/<alias>`); default from the name. */
  alias?: string | undefined;
  startsAt: Date;
  endsAt: Date | null;
  prices: CampaignPricesInput;
}

/**
 * A campaign's status at `now`: the one rule of promo codes and campaigns (promotion-status.ts,
 * issue 40 §3); a campaign has no switch of its own, so it is never `disabled`.
 */
export function campaignStatus(
  campaign: { startsAt: Date; endsAt: Date | null },
  now: Date,
): CampaignStatus {
  return promotionStatus(campaign, now);
}

/** A URL alias from a name: lower case, å/ä → a, ö → o, other runs of non-letters → `-`. */
export function campaignAlias(name: string): string {
  return name
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/**
 * The selling price of `percentOff` whole percent off a regular price (minor units incl. VAT),
 * rounded to whole kronor/euro (minor units / 100) as shelf prices are, never below 0.
 */
export function percentOffPrice(regularPriceIncVat: number, percentOff: number): number {
  const exact = (regularPriceIncVat * (100 - percentOff)) / 100;
  return Math.max(0, Math.round(exact / 100) * 100);
}

/**
 * Checks the dates of a campaign written at `now`.
 * @throws ShopError BAD_USER_INPUT (Swedish) when the end is not after the start or has passed
 */
function checkDates(input: { startsAt: Date; endsAt: Date | null }, now: Date): void {
  if (input.endsAt === null) return;
  if (input.endsAt <= input.startsAt) {
    throw swedishInputError('Slutdatumet måste vara efter startdatumet.', 'input.endsAt');
  }
  if (input.endsAt <= now) {
    throw swedishInputError('Slutdatumet har redan passerat.', 'input.endsAt');
  }
}

/** The rows a prices input gives, checked against the regular prices. */
async function expandPrices(tx: Tx, input: CampaignPricesInput): Promise<CampaignPriceInput[]> {
  if (input.kind === 'explicit') {
    const keys = new Set<string>();
    for (const row of input.prices) {
      const key = `${row.productId}|${row.marketId}`;
      if (keys.has(key)) {
        throw swedishInputError('Samma produkt och marknad finns två gånger.', 'input.prices');
      }
      keys.add(key);
    }
    const regular = await regularPrices(
      tx,
      input.prices.map((row) => row.productId),
      [...new Set(input.prices.map((row) => row.marketId))],
    );
    for (const row of input.prices) {
      const price = regular.get(`${row.productId}|${row.marketId}`);
      if (price === undefined) {
        throw swedishInputError(
          `Produkt ${row.productId} har inget ordinarie pris i marknaden ${row.marketId}.`,
          'input.prices',
        );
      }
      if (row.sellingPriceIncVat >= price) {
        throw swedishInputError(
          `Kampanjpriset för produkt ${row.productId} måste vara lägre än ordinarie pris.`,
          'input.prices',
        );
      }
    }
    return input.prices;
  }
  if ('articleNumbers' in input.scope) {
    const found = await productIdsByArticleNumber(tx, input.scope.articleNumbers);
    const missing = input.scope.articleNumbers.filter((number) => !found.has(number));
    if (missing.length > 0) {
      throw swedishInputError(
        `Okänt artikelnummer: ${missing.slice(0, 5).join(', ')}.`,
        'input.articleNumbers',
      );
    }
  }
  const ids = await productIdsInScope(tx, input.scope);
  const regular = await regularPrices(tx, ids, input.marketIds);
  const rows: CampaignPriceInput[] = [];
  for (const productId of ids) {
    for (const marketId of input.marketIds) {
      const price = regular.get(`${productId}|${marketId}`);
      if (price === undefined) continue;
      rows.push({
        productId,
        marketId,
        sellingPriceIncVat: percentOffPrice(price, input.percentOff),
      });
    }
  }
  return rows.filter(
    (row) => row.sellingPriceIncVat < regular.get(`${row.productId}|${row.marketId}`)!,
  );
}

/** Regular prices of products in markets, by `productId|marketId` (one statement). */
async function regularPrices(
  tx: Tx,
  productIds: number[],
  marketIds: string[],
): Promise<Map<string, number>> {
  if (productIds.length === 0 || marketIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(productPrices)
    .where(
      and(
        inArray(productPrices.productId, [...new Set(productIds)]),
        inArray(productPrices.marketId, marketIds),
      ),
    );
  return new Map(rows.map((row) => [`${row.productId}|${row.marketId}`, row.regularPriceIncVat]));
}

/** The audit view of a campaign: its fields and every price. */
function auditView(detail: CampaignDetail | null): Record<string, unknown> | null {
  if (!detail) return null;
  return {
    id: detail.id,
    alias: detail.alias,
    name: detail.name,
    startsAt: detail.startsAt.toISOString(),
    endsAt: detail.endsAt?.toISOString() ?? null,
    prices: detail.prices.map((p) => ({
      productId: p.productId,
      marketId: p.marketId,
      sellingPriceIncVat: p.sellingPriceIncVat,
    })),
  };
}

/**
 * Every campaign, newest start first, with its status at `now`; only those of `status` when
 * given (issue 40 §3 filter). Two statements.
 */
export async function listCampaigns(
  db: Database,
  now: Date,
  status: CampaignStatus | null = null,
): Promise<CampaignSummary[]> {
  const campaigns = await db
    .select()
    .from(priceCampaigns)
    .orderBy(desc(priceCampaigns.startsAt), desc(priceCampaigns.id));
  const counts = await db
    .select({
      campaignId: priceCampaignPrices.campaignId,
      productCount: sql<number>`count(distinct ${priceCampaignPrices.productId})::int`,
      marketIds: sql<string[]>`array_agg(distinct ${priceCampaignPrices.marketId})`,
    })
    .from(priceCampaignPrices)
    .groupBy(priceCampaignPrices.campaignId);
  const byId = new Map(counts.map((row) => [row.campaignId, row]));
  return campaigns
    .map((c) => ({
      ...c,
      status: campaignStatus(c, now),
      productCount: byId.get(c.id)?.productCount ?? 0,
      marketIds: [...(byId.get(c.id)?.marketIds ?? [])].sort(),
    }))
    .filter((c) => status === null || c.status === status);
}

/** A campaign with its prices, null when unknown (four statements). */
export async function getCampaign(
  db: Database,
  id: number,
  now: Date,
): Promise<CampaignDetail | null> {
  const [campaign] = await db.select().from(priceCampaigns).where(eq(priceCampaigns.id, id));
  if (!campaign) return null;
  const rows = await db
    .select({
      productId: priceCampaignPrices.productId,
      marketId: priceCampaignPrices.marketId,
      sellingPriceIncVat: priceCampaignPrices.sellingPriceIncVat,
      regularPriceIncVat: productPrices.regularPriceIncVat,
    })
    .from(priceCampaignPrices)
    .leftJoin(
      productPrices,
      and(
        eq(productPrices.productId, priceCampaignPrices.productId),
        eq(productPrices.marketId, priceCampaignPrices.marketId),
      ),
    )
    .where(eq(priceCampaignPrices.campaignId, id))
    .orderBy(asc(priceCampaignPrices.productId), asc(priceCampaignPrices.marketId));
  const labels = await productLabels(db, [...new Set(rows.map((row) => row.productId))]);
  const prices = rows.map((row) => ({
    ...row,
    productName: labels.get(row.productId)?.name ?? '',
    articleNumber: labels.get(row.productId)?.articleNumber ?? '',
  }));
  return {
    ...campaign,
    status: campaignStatus(campaign, now),
    productCount: new Set(rows.map((row) => row.productId)).size,
    marketIds: [...new Set(rows.map((row) => row.marketId))].sort(),
    prices,
  };
}

/**
 * After a write: the selling prices that changed now go to the price log, and the price stamp
 * runs at the campaign's next start or end.
 */
async function afterWrite(
  tx: Tx,
  now: Date,
  touched: Array<{ productId: number; marketId: string }>,
  moments: Array<Date | null>,
): Promise<void> {
  if (touched.length > 0) {
    await recordPriceChanges(tx, now, {
      productIds: [...new Set(touched.map((row) => row.productId))],
      marketIds: [...new Set(touched.map((row) => row.marketId))].sort(),
    });
  }
  const next = moments
    .filter((at): at is Date => at !== null && at > now)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (next) await enqueueJobBy(tx, PRICE_STAMP_JOB, next);
}

/** Writes the price rows of a campaign (replacing its old ones). */
async function writePrices(tx: Tx, campaignId: number, rows: CampaignPriceInput[]): Promise<void> {
  await tx.delete(priceCampaignPrices).where(eq(priceCampaignPrices.campaignId, campaignId));
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(priceCampaignPrices)
      .values(rows.slice(i, i + 1000).map((row) => ({ campaignId, ...row })));
  }
}

/** Refuses an alias another campaign has (any case). */
async function checkAliasFree(tx: Tx, alias: string, exceptId: number | null): Promise<void> {
  const [taken] = await tx
    .select({ id: priceCampaigns.id })
    .from(priceCampaigns)
    .where(eq(sql`lower(${priceCampaigns.alias})`, alias.toLowerCase()));
  if (taken && taken.id !== exceptId) {
    throw swedishInputError('Det finns redan en kampanj med den adressen (alias).', 'input.alias');
  }
}

/**
 * Creates a campaign (action `campaign.create`).
 * @throws ShopError BAD_USER_INPUT (Swedish) for an end not after the start or already passed, a
 *   taken alias, prices not below the regular price, or no product with a price in the scope
 */
export async function createCampaign(
  db: Database,
  input: CampaignInput,
  actor: AuditActor,
  now: Date,
): Promise<CampaignDetail> {
  checkDates(input, now);
  const alias = input.alias?.trim() || campaignAlias(input.name);
  if (!alias) throw swedishInputError('Ange ett alias med bokstäver eller siffror.', 'input.alias');
  return db.transaction(async (tx) => {
    // Ids are not generated by the table (the seed writes its own): one writer at a time.
    await tx.execute(sql`lock table ${priceCampaigns} in exclusive mode`);
    await checkAliasFree(tx, alias, null);
    const rows = await expandPrices(tx, input.prices);
    if (rows.length === 0) {
      throw swedishInputError(
        'Kampanjen omfattar ingen produkt med ordinarie pris i de valda marknaderna.',
        'input',
      );
    }
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${priceCampaigns.id}), 0)::int + 1` })
      .from(priceCampaigns)) as [{ next: number }];
    await tx.insert(priceCampaigns).values({
      id: next,
      alias,
      name: input.name.trim(),
      startsAt: input.startsAt,
      endsAt: input.endsAt,
    });
    await writePrices(tx, next, rows);
    await afterWrite(tx, now, rows, [input.startsAt, input.endsAt]);
    const detail = (await getCampaign(tx, next, now))!;
    await recordAudit(tx, {
      actor,
      action: 'campaign.create',
      entityType: 'price_campaign',
      entityId: next,
      before: null,
      after: auditView(detail),
    });
    return detail;
  });
}

/** The campaign locked for a change. @throws ShopError NOT_FOUND */
async function lockCampaign(tx: Tx, id: number, now: Date): Promise<CampaignDetail> {
  await tx
    .select({ id: priceCampaigns.id })
    .from(priceCampaigns)
    .where(eq(priceCampaigns.id, id))
    .for('update');
  const detail = await getCampaign(tx, id, now);
  if (!detail) throw swedishNotFound('Kampanjen finns inte.');
  return detail;
}

/**
 * Changes a campaign (action `campaign.update`): name, alias, dates, and its prices when
 * `input.prices` is given (else they stay). An ended campaign cannot change; a started one keeps
 * its start (the price log has what shoppers saw).
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (Swedish) as {@link createCampaign}, for an ended
 *   campaign, or a new start of a started one
 */
export async function updateCampaign(
  db: Database,
  id: number,
  input: Omit<CampaignInput, 'prices'> & { prices?: CampaignPricesInput | undefined },
  actor: AuditActor,
  now: Date,
): Promise<CampaignDetail> {
  checkDates(input, now);
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id, now);
    if (before.status === 'ended') {
      throw swedishInputError('Kampanjen har slutat och kan inte ändras.', 'id');
    }
    if (before.status === 'active' && input.startsAt.getTime() !== before.startsAt.getTime()) {
      throw swedishInputError(
        'En pågående kampanj kan inte få ett nytt startdatum.',
        'input.startsAt',
      );
    }
    const alias = input.alias?.trim() || before.alias;
    await checkAliasFree(tx, alias, id);
    const rows = input.prices ? await expandPrices(tx, input.prices) : null;
    if (rows && rows.length === 0) {
      throw swedishInputError(
        'Kampanjen omfattar ingen produkt med ordinarie pris i de valda marknaderna.',
        'input',
      );
    }
    await tx
      .update(priceCampaigns)
      .set({ alias, name: input.name.trim(), startsAt: input.startsAt, endsAt: input.endsAt })
      .where(eq(priceCampaigns.id, id));
    if (rows) await writePrices(tx, id, rows);
    await afterWrite(tx, now, [...before.prices, ...(rows ?? [])], [input.startsAt, input.endsAt]);
    const after = (await getCampaign(tx, id, now))!;
    await recordAudit(tx, {
      actor,
      action: 'campaign.update',
      entityType: 'price_campaign',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}

/**
 * Ends a campaign now (action `campaign.end`): a running one ends at `now`, a planned one never
 * starts (its end is set to its start).
 * @throws ShopError NOT_FOUND; BAD_USER_INPUT (Swedish) when it has already ended
 */
export async function endCampaign(
  db: Database,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<CampaignDetail> {
  return db.transaction(async (tx) => {
    const before = await lockCampaign(tx, id, now);
    if (before.status === 'ended') throw swedishInputError('Kampanjen har redan slutat.', 'id');
    const endsAt = before.status === 'active' ? now : before.startsAt;
    await tx.update(priceCampaigns).set({ endsAt }).where(eq(priceCampaigns.id, id));
    await afterWrite(tx, now, before.prices, []);
    const after = (await getCampaign(tx, id, now))!;
    await recordAudit(tx, {
      actor,
      action: 'campaign.end',
      entityType: 'price_campaign',
      entityId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
}
