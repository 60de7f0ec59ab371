/**
 * Page head helpers: title "<page> | <SHOP_NAME>" (page N of a list: "<page> – sida N | …"),
 * meta description, absolute canonical link, rel=prev/next, hreflang alternates, and the Open
 * Graph and Twitter card tags of a shared link (issue 20), as React Router meta descriptors.
 */
import type { MetaDescriptor } from 'react-router';
import { t } from '../i18n/i18n';
import type { LocaleLinks } from './alternates';
import { absoluteUrl } from './paths';

/** The shop's trade name and public base URL (root loader data). */
export interface ShopInfo {
  name: string;
  publicUrl: string;
  /**
   * The request's market/locale path prefix and the page's hreflang alternates (issue 4,
   * `routing/alternates.ts`): canonical, prev and next links carry the prefix; each alternate
   * links the same path under its prefix.
   */
  locale?: LocaleLinks;
}

/** What a page says about itself in the head. */
export interface PageSeo {
  /** The page name; becomes "<title> | <shop>" unless `fullTitle` is set. */
  title: string;
  /** Use `title` as the whole title (start page). */
  fullTitle?: boolean;
  description?: string | null;
  /** Path (and query) of the canonical URL, made absolute with PUBLIC_URL. */
  canonicalPath?: string;
  /** Paths of the previous and next page of a paged list. */
  prevPath?: string;
  nextPath?: string;
  /** Keep the page out of search engines (error pages). */
  noindex?: boolean;
  /** Page number of a paged list: page 2 and on get their own title and description. */
  page?: number;
  /** The shared link's image: a shop path (`/img/product/…`) or an absolute URL. */
  image?: string | null;
  /** Open Graph type: `product` for a product page, else `website`. */
  ogType?: 'website' | 'product';
  /** A product's price for `product:price:*` (amount in the currency's units, e.g. kronor). */
  price?: { amount: number; currency: string } | null;
}

/** "Cyklar" on page 2 -> "Cyklar – sida 2"; page 1 and no page leave it. */
export function pagedText(text: string, page: number | undefined): string {
  return page && page > 1 ? t('meta.page', { text, page }) : text;
}

/**
 * `og:locale` of the request: its hreflang (`sv-FI` -> `sv_FI`) when it has a prefix, else
 * Swedish in Sweden.
 */
function ogLocale(shop: ShopInfo): string {
  const basename = shop.locale?.basename ?? '';
  const own = shop.locale?.alternates.find(
    (a) => a.basename === basename && a.hreflang !== 'x-default',
  );
  const tag = own?.hreflang.includes('-') ? own.hreflang : 'sv-SE';
  return tag.replace('-', '_');
}

/**
 * The shared-link image of a page without one of its own (no product image): the wheel mark on
 * the brand tint, 1200 × 630 (public/og-default.png, drawn by scripts/raster-images.ts).
 */
export const DEFAULT_SHARE_IMAGE = { path: '/og-default.png', width: 1200, height: 630 } as const;

/**
 * Open Graph and Twitter card tags of a page with a canonical URL; the image is the page's own
 * or {@link DEFAULT_SHARE_IMAGE} (with its size).
 */
function shareMeta(shop: ShopInfo, seo: PageSeo, title: string, url: string): MetaDescriptor[] {
  const image = seo.image
    ? /^https?:\/\//.test(seo.image)
      ? seo.image
      : absoluteUrl(shop.publicUrl, seo.image)
    : absoluteUrl(shop.publicUrl, DEFAULT_SHARE_IMAGE.path);
  const description = seo.description ? pagedText(seo.description, seo.page) : null;
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: seo.ogType ?? 'website' },
    { property: 'og:site_name', content: shop.name },
    { property: 'og:title', content: title },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: ogLocale(shop) },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
  ];
  if (description) {
    tags.push({ property: 'og:description', content: description });
    tags.push({ name: 'twitter:description', content: description });
  }
  tags.push({ property: 'og:image', content: image });
  if (!seo.image) {
    tags.push({ property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) });
    tags.push({ property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) });
  }
  tags.push({ name: 'twitter:image', content: image });
  if (seo.price) {
    tags.push({ property: 'product:price:amount', content: seo.price.amount.toFixed(2) });
    tags.push({ property: 'product:price:currency', content: seo.price.currency });
  }
  return tags;
}

/** Finds the root route's shop info among meta matches. */
export function shopFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): ShopInfo | undefined {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { shop?: ShopInfo } | undefined;
  return root?.shop;
}

/** Meta descriptors for a page. Without shop info (root failed) the page title stands alone. */
export function pageMeta(shop: ShopInfo | undefined, seo: PageSeo): MetaDescriptor[] {
  const pageTitle = pagedText(seo.title, seo.page);
  const title =
    seo.fullTitle || !shop ? pageTitle : t('meta.title', { page: pageTitle, shop: shop.name });
  const descriptors: MetaDescriptor[] = [{ title }];
  if (seo.description) {
    descriptors.push({ name: 'description', content: pagedText(seo.description, seo.page) });
  }
  if (seo.noindex) descriptors.push({ name: 'robots', content: 'noindex' });
  const prefix = shop?.locale?.basename ?? '';
  const prefixed = (path: string, basename = prefix) =>
    basename ? `${basename}${path === '/' ? '' : path}` || '/' : path;
  if (shop && seo.canonicalPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'canonical',
      href: absoluteUrl(shop.publicUrl, prefixed(seo.canonicalPath)),
    });
    if (!seo.noindex) {
      descriptors.push(
        ...shareMeta(shop, seo, title, absoluteUrl(shop.publicUrl, prefixed(seo.canonicalPath))),
      );
      for (const alternate of shop.locale?.alternates ?? []) {
        descriptors.push({
          tagName: 'link',
          rel: 'alternate',
          hrefLang: alternate.hreflang,
          href: absoluteUrl(shop.publicUrl, prefixed(seo.canonicalPath, alternate.basename)),
        });
      }
    }
  }
  if (shop && seo.prevPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'prev',
      href: absoluteUrl(shop.publicUrl, prefixed(seo.prevPath)),
    });
  }
  if (shop && seo.nextPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'next',
      href: absoluteUrl(shop.publicUrl, prefixed(seo.nextPath)),
    });
  }
  return descriptors;
}
