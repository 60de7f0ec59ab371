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

/**
 * A "Banner" widget with one 1200×600 image, in ralph-ui's configuration shape
 * (modules/content/widget-configuration.ts): heading `text1`, text `text2`, the link in
 * `image.href`; text and button below the image in the primary colour.
 */
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
    configuration: {
      text1: title,
      text2: text,
      buttonText,
      textColor: 0,
      textAndButtonPlacement: 0,
      textAndButtonPlacementFullWidth: 0,
      classNames: '',
      image: { href, filename: fileName, filenameForMobileDevice: '', altText },
    },
    images: [{ fileName, width: 1200, height: 600 }],
  };
}

/** A "Text" widget: a heading (an h2) and one paragraph of HTML. */
export function trust(title: string, text: string): SeedWidget {
  return {
    name: 'Text',
    type: 'TextPageWidget',
    configuration: {
      title,
      subtitle: '',
      text: `<p>${text}</p>`,
      titleRenderMode: 1,
      subtitleRenderMode: 2,
      textAlignment: 0,
    },
  };
}
