/**
 * Page head helpers: title "<page> | <SHOP_NAME>", meta description, absolute canonical link and
 * rel=prev/next, as React Router meta descriptors.
 */
import type { MetaDescriptor } from 'react-router';
import { t } from '../i18n/i18n';
import { absoluteUrl } from './paths';

/** The shop's trade name and public base URL (root loader data). */
export interface ShopInfo {
  name: string;
  publicUrl: string;
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
  if (shop && seo.canonicalPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'canonical',
      href: absoluteUrl(shop.publicUrl, seo.canonicalPath),
    });
  }
  if (shop && seo.prevPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'prev',
      href: absoluteUrl(shop.publicUrl, seo.prevPath),
    });
  }
  if (shop && seo.nextPath) {
    descriptors.push({
      tagName: 'link',
      rel: 'next',
      href: absoluteUrl(shop.publicUrl, seo.nextPath),
    });
  }
  return descriptors;
}
