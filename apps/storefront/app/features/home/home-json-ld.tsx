/**
 * The start page's structured data (issue 20): the shop as an Organization (logo, the seller's
 * legal name, numbers, address and customer service; issue 40 §2), the WebSite with a SearchAction to `/s/{search_term_string}`, and one Store per
 * physical store (address, opening hours) when the loader has them. A separate component so
 * the start page itself only renders it.
 */
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../root';
import { JsonLd } from '../../seo/json-ld-script';
import {
  organizationJsonLd,
  storeJsonLd,
  webSiteJsonLd,
  type JsonLdDocument,
  type StoreFacts,
} from '../../seo/json-ld';

/**
 * The shop's logo for search engines: the wheel mark as a 512 × 512 PNG (public/logo-512.png,
 * drawn from public/favicon.svg by scripts/raster-images.ts; Google takes raster logos only).
 */
const LOGO_PATH = '/logo-512.png';

/** The start page's JSON-LD for the shop of the root loader; nothing without it. */
export function HomeJsonLd({ stores = [] }: { stores?: StoreFacts[] }) {
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const { name, publicUrl, locale } = root.shop;
  const base = { publicUrl, basename: locale?.basename ?? '' };
  const data: JsonLdDocument = [
    organizationJsonLd({ name, logoPath: LOGO_PATH }, root.shop.seller, base),
    webSiteJsonLd(name, base),
    ...stores.map((store) => storeJsonLd(store, name, base)),
  ];
  return <JsonLd data={data} />;
}
