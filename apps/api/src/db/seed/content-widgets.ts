/**
 * Building blocks of the seed's widget content (issue 16): a widget and a container as seeded,
 * and the "Banner" and "Text" widgets the start page and the page areas share.
 */
import type { StoredWidgetImage } from '../../modules/content/content.tables.ts';

/**
 * A seeded widget: name (ralph's component), configuration object, images, and where it shows
 * (devices `desktop`/`mobile`, customer types; empty or absent for all).
 */
export interface SeedWidget {
  name: string;
  type: string;
  configuration: Record<string, unknown>;
  images?: StoredWidgetImage[];
  displaySettings?: string[];
  customerTypes?: string[];
}

/** A seeded container: layout, design and widgets. */
export interface SeedContainer {
  name: string;
  layout: 'full' | 'half' | 'third' | 'quarter';
  design?: string;
  widgets: SeedWidget[];
}

/** A "Banner" widget with one 1200×600 image. */
export function banner(
  title: string,
  text: string,
  href: string,
  buttonText: string,
  fileName: string,
  altText: string,
): SeedWidget {
  return {
    name: 'Banner',
    type: 'BannerPageWidget',
    configuration: { title, text, href, buttonText, image: fileName, altText },
    images: [{ fileName, width: 1200, height: 600 }],
  };
}

/** A "Text" widget: a heading and one paragraph of HTML. */
export function trust(title: string, text: string): SeedWidget {
  return { name: 'Text', type: 'TextPageWidget', configuration: { title, text: `<p>${text}</p>` } };
}
