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

const buttonSchema = z.object({
  text: z.string(),
  href: z.string(),
  style: z.enum(['primary', 'secondary']).optional(),
});

const configSchemas = {
  hero: z.object({
    eyebrow: z.string().optional(),
    title: z.string(),
    text: z.string().optional(),
    buttons: z.array(buttonSchema).optional(),
  }),
  banner: z.object({
    title: z.string().optional(),
    text: z.string().optional(),
    href: z.string().optional(),
    buttonText: z.string().optional(),
    image: z.string().optional(),
    altText: z.string().optional(),
  }),
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
    link: z.object({ href: z.string(), what: z.string().optional() }).optional(),
  }),
  buttons: z.object({ buttons: z.array(buttonSchema) }),
  video: z.object({ title: z.string().optional(), src: z.string(), poster: z.string().optional() }),
  json: z.object({
    component: z.string(),
    title: z.string().optional(),
    /** The brand strip's brand aliases, in order. */
    brands: z.array(z.string()).optional(),
  }),
};

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

function buttons(list: z.infer<typeof buttonSchema>[] | undefined) {
  return (list ?? []).flatMap((b) => {
    const href = safeHref(b.href);
    return href ? [{ text: b.text, href, style: b.style ?? 'primary' }] : [];
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
      const hero = config.includes('"variant":"hero"') ? parse(configSchemas.hero, config) : null;
      if (hero)
        return { kind: 'hero', id, ...hero, text: hero.text ?? '', buttons: buttons(hero.buttons) };
      const banner = parse(configSchemas.banner, config);
      if (!banner) return null;
      return {
        kind: 'banner',
        id,
        title: banner.title ?? '',
        text: banner.text ?? '',
        href: safeHref(banner.href),
        buttonText: banner.buttonText ?? '',
        image: imageOf(widget, banner.image, banner.altText ?? ''),
      };
    }
    case 'Image': {
      const image = parse(configSchemas.banner, config);
      if (!image) return null;
      const view = imageOf(widget, image.image, image.altText ?? '');
      return view ? { kind: 'image', id, image: view, href: safeHref(image.href) } : null;
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
      const video = parse(configSchemas.video, config);
      const src = video ? safeHref(video.src) : null;
      return video && src
        ? { kind: 'video', id, title: video.title ?? '', src, poster: safeHref(video.poster) }
        : null;
    }
    case 'JSON': {
      const json = parse(configSchemas.json, config);
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
        take: Math.min(list.pageCount ?? 8, MAX_LIST_PRODUCTS),
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
