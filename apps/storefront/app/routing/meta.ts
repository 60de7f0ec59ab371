/**
 * Page head helpers: title "<page> | <SHOP_NAME>", meta description, absolute canonical link and
 * rel=prev/next, as React Router meta descriptors.
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
  const title =
    seo.fullTitle || !shop ? seo.title : t('meta.title', { page: seo.title, shop: shop.name });
  const descriptors: MetaDescriptor[] = [{ title }];
  if (seo.description) descriptors.push({ name: 'description', content: seo.description });
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
