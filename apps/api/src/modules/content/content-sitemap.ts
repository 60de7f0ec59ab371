/**
 * The content pages a sitemap lists (issue 20; issue 16's `content_pages`): read-only queries
 * beside content.service.ts. A page is listed when a search engine's anonymous visit sees it at
 * its canonical path `/{alias}`: it has an alias, is published, is active at `now`
 * (`[active_from, active_to)`), and is limited to no market and to no customer type but private
 * persons (the visitor every crawler is). Pages limited to some markets are left out: the
 * per-type sitemap files are the same under every market prefix.
 */
import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contentPages } from './content.tables.ts';

/** One listed content page: its canonical path and last change (the row's `updated_at`). */
export interface ContentSitemapPage {
  /** `/{alias}`, e.g. `/kopvillkor`. */
  path: string;
  /** The page's update time. */
  updatedAt: Date;
}

/** The listing rule (module comment) at `now`, as one SQL condition. */
function indexable(now: Date): SQL {
  const p = contentPages;
  const at = now.toISOString();
  return and(
    isNotNull(p.alias),
    eq(p.published, true),
    sql`(${p.activeFrom} is null or ${p.activeFrom} <= ${at})`,
    sql`(${p.activeTo} is null or ${p.activeTo} > ${at})`,
    sql`cardinality(${p.marketIds}) = 0`,
    sql`(cardinality(${p.customerTypes}) = 0 or 'PERSON' = any(${p.customerTypes}))`,
  )!;
}

/** The content pages a sitemap lists at `now` (module comment), by alias. One statement. */
export async function contentSitemapPages(db: Database, now: Date): Promise<ContentSitemapPage[]> {
  const rows = await db
    .select({ alias: contentPages.alias, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(indexable(now))
    .orderBy(asc(contentPages.alias));
  return rows.map((row) => ({ path: `/${row.alias}`, updatedAt: row.updatedAt }));
}

/**
 * A text that changes whenever the listed pages may have: a digest of every aliased page's
 * listing fields (id, alias, published, update time, activity window, markets, customer types)
 * and the latest activity boundary (a page's `active_from` or `active_to`) at or before `now`.
 * A scalar SQL expression, for a cache stamp read in one statement with others.
 */
export function contentSitemapStampSql(now: Date): SQL {
  const p = contentPages;
  const at = now.toISOString();
  return sql`(select md5(coalesce(string_agg(concat_ws('|', ${p.id}, ${p.alias}, ${p.published},
      ${p.updatedAt}, ${p.activeFrom}, ${p.activeTo}, ${p.marketIds}::text, ${p.customerTypes}::text),
      ',' order by ${p.id}), ''))
      || '|' || coalesce(greatest(max(${p.activeFrom}) filter (where ${p.activeFrom} <= ${at}),
      max(${p.activeTo}) filter (where ${p.activeTo} <= ${at}))::text, '')
    from ${p} where ${p.alias} is not null)`;
}
