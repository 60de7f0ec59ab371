/** Prints structured data (seo/json-ld.ts) as one `<script type="application/ld+json">`. */
import { useRouteLoaderData } from 'react-router';
import { t } from '../i18n/i18n';
import type { ShopInfo } from '../routing/meta';
import { breadcrumbJsonLd, serializeJsonLd, type JsonLdDocument } from './json-ld';

/**
 * The JSON-LD script of `data`, or of `json` already made by {@link serializeJsonLd} (loaders
 * return that string: schema.org types are too deep for loader-data typing). Data scripts are
 * not executed, so the Content-Security-Policy nonce is not needed.
 */
export function JsonLd(props: { data: JsonLdDocument } | { json: string }) {
  const json = 'json' in props ? props.json : serializeJsonLd(props.data);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * The BreadcrumbList JSON-LD of a visible trail (start page first, as {@link Breadcrumbs} shows
 * it), with URLs made absolute from the root loader's shop info; nothing without it.
 */
export function BreadcrumbJsonLd({
  items,
}: {
  items: ReadonlyArray<{ name: string; url: string }>;
}) {
  const root = useRouteLoaderData<{ shop?: ShopInfo }>('root');
  if (!root?.shop) return null;
  const base = { publicUrl: root.shop.publicUrl, basename: root.shop.locale?.basename ?? '' };
  return (
    <JsonLd data={breadcrumbJsonLd([{ name: t('breadcrumbs.home'), url: '/' }, ...items], base)} />
  );
}
