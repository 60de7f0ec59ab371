/**
 * What a widget area looks like to the page (issue 16): made on the server by
 * ./widget-area.server.ts from the API's `PageWidgetCollectionType`; HTML in it is sanitised.
 */
import type { CardProduct } from '../product/card-product';

/** An image with its size (no layout shift) and alternative text. */
export interface WidgetImageView {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** A link button. */
export interface ButtonView {
  text: string;
  href: string;
  style: 'primary' | 'secondary';
}

/** The one device a widget shows on (hidden on the other by a media query), or null for both. */
export type WidgetDevice = 'desktop' | 'mobile' | null;

/** A brand in the brand strip: its name and its page (`/b/{alias}`). */
export interface BrandLinkView {
  name: string;
  href: string;
}

/** One widget, by kind, with the device it shows on. */
export type WidgetView = WidgetKindView & { device?: WidgetDevice };

/** One widget's content, by kind. */
type WidgetKindView =
  | {
      kind: 'hero';
      id: string;
      eyebrow?: string;
      title: string;
      text: string;
      buttons: ButtonView[];
    }
  | { kind: 'category-entries'; id: string; title: string }
  | { kind: 'brand-strip'; id: string; title: string; brands: BrandLinkView[] }
  | {
      kind: 'banner';
      id: string;
      title: string;
      text: string;
      href: string | null;
      buttonText: string;
      image: WidgetImageView | null;
    }
  | { kind: 'image'; id: string; image: WidgetImageView; href: string | null }
  /** Sanitised HTML (./sanitize.server.ts). */
  | { kind: 'html'; id: string; title: string | null; html: string }
  | { kind: 'buttons'; id: string; buttons: ButtonView[] }
  | { kind: 'video'; id: string; title: string; src: string; poster: string | null }
  | {
      kind: 'products';
      id: string;
      title: string;
      link: { href: string; what: string } | null;
      products: CardProduct[];
    };

/** A row of widgets. */
export interface ContainerView {
  id: number;
  /** full, half, third or quarter. */
  layout: string;
  /** contained, full-width or highlight. */
  design: string;
  widgets: WidgetView[];
}

/** A widget area: a content page or the start page. */
export interface AreaView {
  id: number;
  title: string | null;
  /** "menu" shows the info-pages side menu. */
  tags: string[];
  meta: { title: string | null; description: string | null };
  containers: ContainerView[];
}
