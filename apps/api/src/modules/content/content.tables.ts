/**
 * Content (issue 16; GEINS-API §2.4, §4.4): widget collections ("pages") that fill a content page
 * (`/{alias}`) or a widget area of a family (the start page's "Frontpage" area, list and product
 * page areas), their containers (a row with a layout) and widgets (text, image, banner, product
 * list, buttons, video, HTML). Menus are another module's.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A widget image as stored: the file under `/product-image`-style URLs and its pixel size. */
export interface StoredWidgetImage {
  /** File name, e.g. `hero-varkollektion.jpg` (served under the contract's image URL pattern). */
  fileName: string;
  /** Width of the largest size, pixels. */
  width: number;
  /** Height of the largest size, pixels. */
  height: number;
}

/**
 * A widget collection: a content page with an alias, or the content of a family's area (the start
 * page is family "Frontpage", area "The front page area"). Visible when `published` (drafts only
 * with `preview`), within `[active_from, active_to)` and for the market and customer type when
 * those lists are not empty. `filters` ("Key:value", e.g. `Category:cyklar`) narrow an area to
 * the pages that ask for them; an empty list matches every request.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** URL alias of a content page (`kopvillkor`), null for an area's collection. */
    alias: text(),
    /** Internal name. */
    name: text().notNull(),
    /** Heading shown to shoppers. */
    title: text(),
    /** Family: `Content`, `Frontpage`, `Productlist`, `Product`. */
    family: text().notNull(),
    /** Area name within the family, e.g. `The front page area`. */
    areaName: text().notNull(),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    filters: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    metaTitle: text(),
    metaDescription: text(),
    activeFrom: timestamp({ withTimezone: true }),
    activeTo: timestamp({ withTimezone: true }),
    /** Market ids (`se`) it shows on; empty means every market. */
    marketIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Customer types (`PERSON`, `ORGANIZATION`) it shows to; empty means both. */
    customerTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** False for a draft (seen only in preview). */
    published: boolean().notNull().default(false),
    /** Higher wins when several collections match an area. */
    priority: integer().notNull().default(0),
    /**
     * The published collection this draft will replace when published in the back office
     * (issue 27); null for a published collection or a new, never published one.
     */
    draftOf: integer(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_pages_alias_published')
      .on(t.alias)
      .where(sql`${t.alias} is not null and ${t.published}`),
    index('content_pages_area').on(t.family, t.areaName),
  ],
);

/** Container layouts ralph knows (GEINS-API §4.4 PageWidgetContainerType.layout). */
export const CONTAINER_LAYOUTS = ['full', 'half', 'third', 'quarter'] as const;

/** A row of widgets in a collection. */
export const contentContainers = pgTable(
  'content_containers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    pageId: integer()
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** `full`, `half`, `third` or `quarter`: each widget's share of the row. */
    layout: text().notNull().default('full'),
    /** `standard` or `reverse` (stack order on small screens). */
    responsiveMode: text().notNull().default('standard'),
    /** `contained`, `full-width` or `highlight`. */
    design: text().notNull().default('contained'),
    classNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    index('content_containers_page').on(t.pageId, t.sortOrder),
    check('content_containers_layout', sql`${t.layout} in ('full', 'half', 'third', 'quarter')`),
  ],
);

/**
 * Widget names ralph renders (GEINS-API §4.4 rendering note), each served in the configuration
 * shape its ralph-ui component reads (./widget-configuration.ts).
 */
export const WIDGET_NAMES = [
  'Text',
  'Rich text',
  'HTML',
  'Image',
  'Banner',
  'Buttons',
  'Product list',
  'Video',
  'JSON',
  'Flowbox',
] as const;

/**
 * One widget: its `configuration` is the Geins JSON document, kept as text. Within a visible
 * collection, a widget shows only for its display settings, customer types and markets (each an
 * empty list for all).
 */
export const contentWidgets = pgTable(
  'content_widgets',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    containerId: integer()
      .notNull()
      .references(() => contentContainers.id, { onDelete: 'cascade' }),
    /** One of {@link WIDGET_NAMES} (ralph chooses the component by name). */
    name: text().notNull(),
    /** Geins widget type id, e.g. `TextPageWidget`. */
    type: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** `full`, `half`, ... (as the container's layout unless set). */
    size: text().notNull().default('full'),
    classNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The configuration JSON document as text, in ralph-ui's shape (./widget-configuration.ts;
     * older documents are mapped when served).
     */
    configuration: text().notNull().default('{}'),
    images: jsonb().$type<StoredWidgetImage[]>().notNull().default([]),
    /** `desktop` and/or `mobile`: where it shows; empty means both (GEINS-API §3.1 displaySetting). */
    displaySettings: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Customer types (`PERSON`, `ORGANIZATION`) it shows to; empty means both. */
    customerTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Market aliases (`se`) it shows on; empty means every market. */
    marketIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('content_widgets_container').on(t.containerId, t.sortOrder)],
);
