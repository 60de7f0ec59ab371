/** The product page's data shape (built on the server by product-view.server.ts). */
import type { PageSeo } from '../../routing/meta';
import type { TrailStep } from '../layout/category-tree';
import type { ShownPrice } from './card-product';
import type { ColourOption } from './colours';

/** Stock statuses of SPEC §4. */
export type StockStatusName = 'in-stock' | 'few-left' | 'out-of-stock' | 'oversellable' | 'static';

/** Delivery-time buckets of SPEC §4. */
export type DeliveryTimeName = '1-3' | '3-10' | 'longer';

/** One size (SKU) with its stock status and delivery time. */
export interface SizeOption {
  id: number;
  name: string;
  articleNumber: string;
  status: StockStatusName;
  delivery: DeliveryTimeName;
  /** ISO date when an out-of-stock size is expected back, else null. */
  incoming: string | null;
  /** Units in the shop's stores that have this size, in store order (issue 14). */
  stores: StoreStock[];
}

/** Units of a size on one store's shelves. */
export interface StoreStock {
  /** The store's alias, sent as the cart line's pickup store (click and collect, issue 40 §6). */
  alias: string;
  /** The store's name, e.g. "Trampa Malmö Davidshall". */
  name: string;
  city: string;
  quantity: number;
}

/** A link with its text. */
export interface NamedLink {
  name: string;
  url: string;
}

/** A group of the specification table. */
export interface SpecGroup {
  name: string;
  rows: Array<{ id: number; label: string; value: string }>;
}

/** Everything the product page renders. */
export interface ProductView {
  id: number;
  name: string;
  alias: string;
  articleNumber: string;
  brand: string;
  /** The brand's list page (`/b/{brand}`), null without a brand. */
  brandUrl: string | null;
  /** The price campaigns that lower the price now, with their `/dc/…` pages. */
  campaigns: NamedLink[];
  canonicalUrl: string;
  images: string[];
  price: ShownPrice | null;
  skus: SizeOption[];
  /** The model's colours (other products) for the colour picker; empty: nothing to choose. */
  colours: ColourOption[];
  description: string;
  shortText: string;
  specs: SpecGroup[];
  trail: TrailStep[];
  seo: PageSeo;
}
