/**
 * Widget areas and content pages (issue 16; GEINS-API §2.4, §3.1 `widgetArea`, `cmsPages`, §4.4
 * PageWidget* types): which widget collection a request sees, with its containers and widgets.
 * Services never import the GraphQL layer.
 */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  contentContainers,
  contentPages,
  contentWidgets,
  type StoredWidgetImage,
} from './content.tables.ts';
import { servedConfiguration } from './widget-configuration.ts';

/** One `PageWidgetCollectionFilterInputType`: a key (`Category`, `Brand`, ...) and a value. */
export interface AreaFilter {
  key?: string | null;
  value?: string | null;
}

/** What decides which collection a request sees. */
export interface AreaQuery {
  /** A content page's alias; when set, family and area are not used. */
  alias?: string | null;
  family?: string | null;
  areaName?: string | null;
  /** The request's market alias (`se`). */
  marketAlias: string;
  /** `PERSON` or `ORGANIZATION`. */
  customerType: string;
  /** Drafts too (the caller has checked the preview token). */
  preview: boolean;
  /**
   * `desktop` or `mobile`: only the widgets shown there; null or anything else returns every
   * widget, those for one device only marked by the class name `only-desktop` or `only-mobile`.
   */
  displaySetting?: string | null;
  filters?: ReadonlyArray<AreaFilter | null | undefined> | null;
  now: Date;
}

/** `PageWidgetImageSizeType`. */
export interface WidgetImageSize {
  imageWidth: number;
  imageHeight: number;
  imageRatio: number;
}

/** `PageWidgetImageType`. */
export interface WidgetImage {
  fileName: string;
  largestSize: WidgetImageSize;
  sizes: WidgetImageSize[];
}

/** `PageWidgetType`. */
export interface Widget {
  id: string;
  name: string;
  sortOrder: number;
  type: string;
  size: string;
  classNames: string[];
  images: WidgetImage[];
  configuration: string;
}

/** `PageWidgetContainerType`. */
export interface WidgetContainer {
  id: number;
  name: string;
  sortOrder: number;
  layout: string;
  responsiveMode: string;
  design: string;
  classNames: string[];
  widgets: Widget[];
}

/** `PageWidgetPageType` (cmsPages) and the page part of a collection. */
export interface ContentPage {
  id: number;
  name: string;
  title: string | null;
  alias: string | null;
  familyName: string;
  areaName: string;
  activeFrom: Date | null;
  activeTo: Date | null;
  tags: string[];
  meta: { title: string | null; description: string | null; keywords: string | null };
  /** `/{alias}` for a content page, null for an area's collection. */
  canonicalUrl: string | null;
}

/** `PageWidgetCollectionType`. */
export interface WidgetCollection extends ContentPage {
  pageArea: { id: number; name: string; index: number };
  containers: WidgetContainer[];
}

type PageRow = typeof contentPages.$inferSelect;

/** A `text[]` literal of bound parameters (`array[$1, $2]::text[]`). */
function textArray(values: readonly string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** Filter keys sent under another name: ralph sends `Campaign` for `DiscountCampaign`. */
const FILTER_KEY_ALIASES: Readonly<Record<string, string>> = { Campaign: 'DiscountCampaign' };

/**
 * The filters of a request as `Key:value` strings (what `content_pages.filters` holds); the key
 * `Campaign` is read as `DiscountCampaign` (GEINS-API §4.4).
 */
export function filterKeys(filters: AreaQuery['filters']): string[] {
  return (filters ?? [])
    .filter((f): f is AreaFilter => !!f && !!f.key && f.value != null && f.value !== '')
    .map((f) => `${FILTER_KEY_ALIASES[f.key!] ?? f.key}:${f.value}`);
}

/** The devices a request's `displaySetting` names, or null for every device. */
function deviceOf(displaySetting: string | null | undefined): 'desktop' | 'mobile' | null {
  const value = displaySetting?.trim().toLowerCase();
  return value === 'desktop' || value === 'mobile' ? value : null;
}

/**
 * A widget's class names with `only-desktop` or `only-mobile` added when its display settings
 * name one device only (the storefront hides it on the other with a media query).
 */
function widgetClassNames(classNames: string[], displaySettings: string[]): string[] {
  const devices = new Set(displaySettings.map((d) => d.toLowerCase()));
  if (devices.has('desktop') && !devices.has('mobile')) return [...classNames, 'only-desktop'];
  if (devices.has('mobile') && !devices.has('desktop')) return [...classNames, 'only-mobile'];
  return classNames;
}

/** The visibility rule of a widget: its device, market and customer type lists. */
function widgetVisible(query: AreaQuery): SQL {
  const w = contentWidgets;
  const device = deviceOf(query.displaySetting);
  return and(
    device
      ? sql`(cardinality(${w.displaySettings}) = 0 or ${device} = any(${w.displaySettings}))`
      : undefined,
    sql`(cardinality(${w.marketIds}) = 0 or ${query.marketAlias} = any(${w.marketIds}))`,
    sql`(cardinality(${w.customerTypes}) = 0 or ${query.customerType} = any(${w.customerTypes}))`,
  )!;
}

/** The visibility rule of a collection at `now` for a market, customer type and preview. */
function visible(query: AreaQuery): SQL {
  const p = contentPages;
  return and(
    query.preview ? sql`true` : eq(p.published, true),
    sql`(${p.activeFrom} is null or ${p.activeFrom} <= ${query.now.toISOString()})`,
    sql`(${p.activeTo} is null or ${p.activeTo} > ${query.now.toISOString()})`,
    sql`(cardinality(${p.marketIds}) = 0 or ${query.marketAlias} = any(${p.marketIds}))`,
    sql`(cardinality(${p.customerTypes}) = 0 or ${query.customerType} = any(${p.customerTypes}))`,
  )!;
}

function toPage(row: PageRow): ContentPage {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    alias: row.alias,
    familyName: row.family,
    areaName: row.areaName,
    activeFrom: row.activeFrom,
    activeTo: row.activeTo,
    tags: row.tags,
    meta: { title: row.metaTitle, description: row.metaDescription, keywords: null },
    canonicalUrl: row.alias ? `/${row.alias}` : null,
  };
}

function toImage(image: StoredWidgetImage): WidgetImage {
  const size = {
    imageWidth: image.width,
    imageHeight: image.height,
    imageRatio: image.height > 0 ? Math.round((image.width / image.height) * 1000) / 1000 : 0,
  };
  return { fileName: image.fileName, largestSize: size, sizes: [size] };
}

/**
 * The collection a request sees (GEINS-API §3.1 `widgetArea`), or null when none matches (an
 * unknown alias: the storefront answers 404). By `alias` when given, else by family and area.
 * Among several matches the most specific wins: more matching filters, then higher priority, a
 * draft before the published version in preview, then the lowest id. A collection whose filters
 * are not all among the request's is not a match. Widgets show only for the request's market,
 * customer type and `displaySetting` (see {@link AreaQuery.displaySetting}). Configurations
 * are served in ralph-ui's shape (./widget-configuration.ts), old documents mapped. Three
 * statements.
 */
export async function findWidgetArea(
  db: Database,
  query: AreaQuery,
): Promise<WidgetCollection | null> {
  const p = contentPages;
  const alias = query.alias?.trim() ?? '';
  let where: SQL;
  if (alias !== '') {
    where = eq(p.alias, alias.toLowerCase());
  } else if (query.family && query.areaName) {
    where = and(eq(p.family, query.family), eq(p.areaName, query.areaName))!;
  } else {
    return null;
  }
  const keys = filterKeys(query.filters);
  const rows = await db
    .select()
    .from(p)
    .where(and(where, visible(query), sql`${p.filters} <@ ${textArray(keys)}`))
    .orderBy(
      sql`cardinality(${p.filters}) desc`,
      sql`${p.priority} desc`,
      query.preview ? asc(p.published) : sql`1`,
      asc(p.id),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const containers = await db
    .select()
    .from(contentContainers)
    .where(eq(contentContainers.pageId, row.id))
    .orderBy(asc(contentContainers.sortOrder), asc(contentContainers.id));
  const widgets =
    containers.length === 0
      ? []
      : await db
          .select()
          .from(contentWidgets)
          .where(
            and(
              inArray(
                contentWidgets.containerId,
                containers.map((c) => c.id),
              ),
              widgetVisible(query),
            ),
          )
          .orderBy(asc(contentWidgets.sortOrder), asc(contentWidgets.id));
  return {
    ...toPage(row),
    pageArea: { id: row.id, name: row.areaName, index: 0 },
    containers: containers.map((c) => ({
      id: c.id,
      name: c.name,
      sortOrder: c.sortOrder,
      layout: c.layout,
      responsiveMode: c.responsiveMode,
      design: c.design,
      classNames: c.classNames,
      widgets: widgets
        .filter((w) => w.containerId === c.id)
        .map((w) => ({
          id: String(w.id),
          name: w.name,
          sortOrder: w.sortOrder,
          type: w.type,
          size: w.size,
          classNames: widgetClassNames(w.classNames, w.displaySettings),
          images: w.images.map(toImage),
          configuration: servedConfiguration(
            w.name,
            w.configuration,
            w.images.map((i) => i.fileName),
          ),
        })),
    })),
  };
}

/**
 * Published, active content pages with an alias (GEINS-API §3.1 `cmsPages`), by name: those
 * carrying at least one of `includeTags` (when given) and none of `excludeTags`.
 */
export async function listContentPages(
  db: Database,
  query: Pick<AreaQuery, 'marketAlias' | 'customerType' | 'now'> & {
    includeTags?: ReadonlyArray<string | null | undefined> | null;
    excludeTags?: ReadonlyArray<string | null | undefined> | null;
  },
): Promise<ContentPage[]> {
  const p = contentPages;
  const include = (query.includeTags ?? []).filter((t): t is string => !!t);
  const exclude = (query.excludeTags ?? []).filter((t): t is string => !!t);
  const rows = await db
    .select()
    .from(p)
    .where(
      and(
        isNotNull(p.alias),
        visible({ ...query, preview: false }),
        include.length > 0 ? sql`${p.tags} && ${textArray(include)}` : undefined,
        exclude.length > 0 ? sql`not (${p.tags} && ${textArray(exclude)})` : undefined,
      ),
    )
    .orderBy(asc(p.name), asc(p.id));
  return rows.map(toPage);
}
