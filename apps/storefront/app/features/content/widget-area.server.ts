/**
 * Loads a widget area (issue 16; GEINS-API §2.4) and turns it into what the page renders: each
 * widget's configuration parsed and checked (zod), its rich text sanitised here on the server
 * (sanitize-html, ./sanitize.server.ts), links kept to safe targets, images given their URL and
 * size, and "Product list" widgets filled with their products (one `products` query each, in
 * parallel).
 */
import type { AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  WidgetAreaDocument,
  WidgetBrandsDocument,
  WidgetProductsDocument,
  type FilterInputType,
  type PageWidgetCollectionFilterInputType,
  type WidgetAreaQuery,
} from '../../graphql/generated';
import { present, toCardProduct } from '../product/card-product';
import { safeHref, sanitizeRichText } from './sanitize.server';
import type {
  AreaView,
  BrandLinkView,
  ContainerView,
  WidgetDevice,
  WidgetImageView,
  WidgetView,
} from './widget-view';

type ApiArea = NonNullable<WidgetAreaQuery['widgetArea']>;
type ApiWidget = NonNullable<
  NonNullable<NonNullable<ApiArea['containers']>[number]>['widgets']
>[number];

/** Most products a "Product list" widget shows. */
const MAX_LIST_PRODUCTS = 24;

/**
 * The configurations as the API serves them: ralph-ui's shape, the one widget data model (issue
 * 44 §1; api modules/content/widget-configuration.ts), plus Trampa's own extras (`variant`,
 * `eyebrow` and `buttons` of the hero, a product list's `url` and `link`, a video's `src`).
 */
const imageSchema = z.object({
  href: z.string().optional(),
  filename: z.string().optional(),
  altText: z.string().optional(),
});

const buttonSchema = z.object({
  buttonText: z.string(),
  url: z.string(),
  style: z.enum(['primary', 'secondary']).optional(),
});

const configSchemas = {
  banner: z.object({
    variant: z.string().optional(),
    eyebrow: z.string().optional(),
    text1: z.string().optional(),
    text2: z.string().optional(),
    buttonText: z.string().optional(),
    image: imageSchema.optional(),
    buttons: z.array(buttonSchema).optional(),
  }),
  image: z.object({ image: imageSchema.optional() }),
  text: z.object({
    title: z.string().optional(),
    text: z.string().optional(),
    html: z.string().optional(),
  }),
  productList: z.object({
    title: z.string().optional(),
    url: z.string().optional(),
    searchParameters: z.record(z.string(), z.unknown()).optional(),
    pageCount: z.number().int().positive().optional(),
    limitNrOfRows: z.boolean().optional(),
    link: z.object({ href: z.string(), what: z.string().optional() }).optional(),
  }),
  buttons: z.object({ buttons: z.array(buttonSchema) }),
  video: z.object({
    title: z.string().optional(),
    src: z.string().optional(),
    poster: z.string().optional(),
    image: imageSchema.optional(),
  }),
  /** A "JSON" widget's own document, in its `json` text. */
  json: z.object({ json: z.string() }),
  custom: z.object({
    component: z.string(),
    title: z.string().optional(),
    /** The brand strip's brand aliases, in order. */
    brands: z.array(z.string()).optional(),
  }),
};

/** Products in a row of a "Product list" widget (`pageCount` counts rows, as in ralph). */
const PRODUCT_LIST_ROW_SIZE = 4;

/** The URL of a widget image (GEINS-API §1 `/img/pagewidget/{folder}/{fileName}`). */
export function widgetImageUrl(fileName: string): string {
  return `/img/pagewidget/raw/${encodeURIComponent(fileName)}`;
}

function parse<T>(schema: z.ZodType<T>, configuration: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(configuration));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** The image file a widget names (ralph's `image.filename`); its first image when none. */
function fileNameOf(image: z.infer<typeof imageSchema> | undefined): string | undefined {
  return image?.filename || undefined;
}

function imageOf(
  widget: ApiWidget,
  fileName: string | undefined,
  alt: string,
): WidgetImageView | null {
  const image =
    present(widget?.images).find((i) => i.fileName === fileName) ?? present(widget?.images)[0];
  if (!image) return null;
  return {
    src: widgetImageUrl(image.fileName),
    width: image.largestSize?.imageWidth ?? 1200,
    height: image.largestSize?.imageHeight ?? 600,
    alt,
  };
}

function buttons(
  list: z.infer<typeof buttonSchema>[] | undefined,
  style: 'primary' | 'secondary' = 'primary',
) {
  return (list ?? []).flatMap((b) => {
    const href = safeHref(b.url);
    return href && b.buttonText ? [{ text: b.buttonText, href, style: b.style ?? style }] : [];
  });
}

/**
 * The brand strip: the configured brands (by alias, in the configuration's order) that the API
 * knows, each linking to its brand page; every brand by name when none is configured.
 */
async function brandLinks(
  context: AppLoadContext,
  aliases: readonly string[] | undefined,
): Promise<BrandLinkView[]> {
  const data = await context.api.query(WidgetBrandsDocument, {});
  const brands = present(data.brands).flatMap((b) =>
    b.alias
      ? [{ alias: b.alias, name: b.name ?? b.alias, href: b.canonicalUrl ?? `/b/${b.alias}` }]
      : [],
  );
  const chosen = aliases?.length
    ? aliases.flatMap((alias) => brands.filter((b) => b.alias === alias))
    : [...brands].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  return chosen.flatMap((b) => {
    const href = safeHref(b.href);
    return href ? [{ name: b.name, href }] : [];
  });
}

/** The device of a widget from its class names (`only-desktop`, `only-mobile`; GEINS-API §3.1). */
function deviceOf(classNames: ReadonlyArray<string | null> | null | undefined): WidgetDevice {
  if (classNames?.includes('only-desktop')) return 'desktop';
  if (classNames?.includes('only-mobile')) return 'mobile';
  return null;
}

/** One widget as the page renders it with its device, or null for one we cannot show. */
async function toWidgetView(
  widget: ApiWidget,
  context: AppLoadContext,
): Promise<WidgetView | null> {
  const view = await toKindView(widget, context);
  return view ? { ...view, device: deviceOf(widget?.classNames) } : null;
}

/** One widget's content by its name, or null for one we cannot show. */
async function toKindView(widget: ApiWidget, context: AppLoadContext): Promise<WidgetView | null> {
  if (!widget) return null;
  const id = widget.id;
  const config = widget.configuration;
  switch (widget.name) {
    case 'Banner': {
      const banner = parse(configSchemas.banner, config);
      if (!banner) return null;
      const href = safeHref(banner.image?.href);
      if (banner.variant === 'hero') {
        // ralph's one button (`buttonText`, the link in `image.href`), then Trampa's others.
        const first = buttons([{ buttonText: banner.buttonText ?? '', url: href ?? '' }]);
        return {
          kind: 'hero',
          id,
          eyebrow: banner.eyebrow,
          title: banner.text1 ?? '',
          text: banner.text2 ?? '',
          buttons: [...first, ...buttons(banner.buttons, 'secondary')],
        };
      }
      return {
        kind: 'banner',
        id,
        title: banner.text1 ?? '',
        text: banner.text2 ?? '',
        href,
        buttonText: banner.buttonText ?? '',
        image: imageOf(widget, fileNameOf(banner.image), banner.image?.altText ?? ''),
      };
    }
    case 'Image': {
      const image = parse(configSchemas.image, config);
      if (!image) return null;
      const view = imageOf(widget, fileNameOf(image.image), image.image?.altText ?? '');
      return view ? { kind: 'image', id, image: view, href: safeHref(image.image?.href) } : null;
    }
    case 'Text':
    case 'Rich text':
    case 'HTML': {
      const text = parse(configSchemas.text, config);
      if (!text) return null;
      return {
        kind: 'html',
        id,
        title: text.title ?? null,
        html: sanitizeRichText(text.text ?? text.html ?? '', context.market.basename),
      };
    }
    case 'Buttons': {
      const list = parse(configSchemas.buttons, config);
      return list ? { kind: 'buttons', id, buttons: buttons(list.buttons) } : null;
    }
    case 'Video': {
      // Trampa plays a video file (`src`); ralph's YouTube or Vimeo `videoId` is not shown here.
      const video = parse(configSchemas.video, config);
      const src = video ? safeHref(video.src) : null;
      if (!video || !src) return null;
      const poster = fileNameOf(video.image)
        ? imageOf(widget, fileNameOf(video.image), '')?.src
        : undefined;
      return {
        kind: 'video',
        id,
        title: video.title ?? '',
        src,
        poster: poster ?? safeHref(video.poster),
      };
    }
    case 'JSON': {
      const outer = parse(configSchemas.json, config);
      const json = outer ? parse(configSchemas.custom, outer.json) : null;
      if (json?.component === 'brand-strip') {
        const brands = await brandLinks(context, json.brands);
        return brands.length > 0
          ? { kind: 'brand-strip', id, title: json.title ?? '', brands }
          : null;
      }
      return json?.component === 'category-entries'
        ? { kind: 'category-entries', id, title: json.title ?? '' }
        : null;
    }
    case 'Product list': {
      const list = parse(configSchemas.productList, config);
      if (!list) return null;
      const data = await context.api.query(WidgetProductsDocument, {
        url: list.url ?? null,
        filter: (list.searchParameters ?? null) as FilterInputType | null,
        take: Math.min(
          list.limitNrOfRows === false
            ? MAX_LIST_PRODUCTS
            : (list.pageCount ?? 2) * PRODUCT_LIST_ROW_SIZE,
          MAX_LIST_PRODUCTS,
        ),
      });
      const link = list.link ? safeHref(list.link.href) : null;
      return {
        kind: 'products',
        id,
        title: list.title ?? '',
        link: link ? { href: link, what: list.link?.what ?? list.title ?? '' } : null,
        products: present(data.products?.products).map(toCardProduct),
      };
    }
    default:
      return null;
  }
}

/** Turns an API collection into the page's view (product lists fetched in parallel). */
export async function toAreaView(area: ApiArea, context: AppLoadContext): Promise<AreaView> {
  const containers: ContainerView[] = await Promise.all(
    present(area.containers).map(async (container) => ({
      id: container.id,
      layout: container.layout,
      design: container.design,
      widgets: (
        await Promise.all(present(container.widgets).map((w) => toWidgetView(w, context)))
      ).filter((w): w is WidgetView => w !== null),
    })),
  );
  return {
    id: area.id,
    title: area.title ?? null,
    tags: present(area.tags),
    meta: { title: area.meta?.title ?? null, description: area.meta?.description ?? null },
    containers: containers.filter((c) => c.widgets.length > 0),
  };
}

/**
 * What selects an area: a content alias, or a family and area name (narrowed by `filters`, e.g.
 * `[{key: 'Category', value: 'elcyklar'}]`); drafts in preview.
 */
export interface AreaSelector {
  alias?: string;
  family?: string;
  areaName?: string;
  filters?: PageWidgetCollectionFilterInputType[];
  /** A preview token (sent as Bearer); drafts are shown. */
  previewToken?: string;
}

/**
 * Loads an area as the page renders it, or null when the API has none (an unknown alias).
 * @throws Response 403 when a preview token is refused; the API client's error responses.
 */
export async function loadWidgetArea(
  context: AppLoadContext,
  selector: AreaSelector,
): Promise<AreaView | null> {
  const variables = {
    alias: selector.alias ?? null,
    family: selector.family ?? null,
    areaName: selector.areaName ?? null,
    customerType: context.market.customerType,
    preview: selector.previewToken ? true : null,
    filters: selector.filters ?? null,
  };
  let area: WidgetAreaQuery['widgetArea'];
  if (selector.previewToken) {
    const result = await context.api.attempt(WidgetAreaDocument, variables, {
      authorization: `Bearer ${selector.previewToken}`,
    });
    if (result.errors.some((e) => e.code === 'FORBIDDEN')) {
      throw new Response('Forbidden', { status: 403, statusText: 'Forbidden' });
    }
    area = result.data?.widgetArea ?? null;
  } else {
    area = (await context.api.query(WidgetAreaDocument, variables)).widgetArea;
  }
  return area ? toAreaView(area, context) : null;
}
