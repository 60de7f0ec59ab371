/**
 * The one widget data model (issue 44 §1): a widget's `configuration` is served in the shape
 * ralph-ui 23.2.0's widget components read (GEINS-API §4.4 rendering note), and Trampa's own
 * storefront reads the same fields. The seed stores this shape and the back office saves it;
 * {@link servedConfiguration} maps what was stored before (Trampa's first shape: `title`, `text`,
 * `href`, `image` as a file name, `buttons` of `{text, href}`, JSON widgets with top-level
 * fields) at read time and gives every field ralph reads unguarded a value of its type, so an
 * old or hand-edited document never crashes ralph's server rendering.
 *
 * Per widget name (ralph picks the component by `PageWidgetType.name`):
 * - "Banner": `text1` (heading), `text2` (text), `buttonText`, `textColor` (0 primary, 1
 *   secondary colour), `textAndButtonPlacement` and `textAndButtonPlacementFullWidth` (0 left or
 *   below the image, 1 middle or on it, 2 right), `classNames` ("full" for a full-width
 *   banner), `image` (below). Trampa's extras, which ralph ignores: `variant: "hero"` (drawn as
 *   the start page hero), `eyebrow`, and `buttons` (more buttons, as in "Buttons").
 * - "Image": `image`, `classNames`.
 * - "Video": `videoId` (text), `videoProvider` (0 YouTube, 1 Vimeo), `videoDisplayType` (1 in a
 *   modal), `image` (the poster); Trampa's extras `src` (a video file), `poster` and `title`.
 * - `image` (Banner, Image, Video): `{ href, filename, filenameForMobileDevice, altText }`, all
 *   text; `href` is the widget's link ("" for none), `filename` one of the widget's `images`.
 * - "Text": `title`, `subtitle`, `text` (HTML), `titleRenderMode` and `subtitleRenderMode` (0
 *   h1, 1 h2, 2 h3, 3 div), `textAlignment` (0 none, 1 left, 2 centre, 3 right, 4 justify).
 * - "Rich text": `text` (HTML). "HTML": `html`, `css`.
 * - "Buttons": `buttons: [{ buttonText, url }]` (Trampa's extra: `style`).
 * - "Product list": `title`, `searchParameters` (a FilterInputType), `pageCount` (rows of four
 *   when `limitNrOfRows`), `limitNrOfRows`, `slideshowDisabled`, `displayNavigationArrows`,
 *   `displayNavigationLinks`, optionally `mode`; Trampa's extras `url` (the list's page, whose
 *   products it shows) and `link` (`{href, what}`, its "Visa alla" link).
 * - "JSON": `json`, the custom widget's own JSON document as text (Trampa's components read
 *   `component`, `title` and `brands` from it).
 * - "Flowbox": `active`, `flowkey`.
 * Pure: no database.
 */

/** Products in a row of a "Product list" widget (ralph's `productListRowSize`). */
export const PRODUCT_LIST_ROW_SIZE = 4;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A text: the value when it is one, a number as text, else the fallback. */
function text(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

/** A finite number: the value (or numeric text), else the fallback. */
function number(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return fallback;
}

function bool(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** The document without the given keys. */
function without(config: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !keys.includes(key)));
}

/**
 * The `image` object ralph reads (`href`, `filename`, `filenameForMobileDevice`, `altText`), from
 * ralph's shape or Trampa's first one (`image` a file name, `href` and `altText` beside it); an
 * empty file name becomes the widget's first image.
 */
function imageOf(config: Json, fileNames: readonly string[], fallbackHref = ''): Json {
  const image = isObject(config.image) ? config.image : {};
  const legacyFile = typeof config.image === 'string' ? config.image : '';
  const filename = text(image.filename, legacyFile) || fileNames[0] || '';
  return {
    ...image,
    href: text(image.href, text(config.href, fallbackHref)),
    filename,
    filenameForMobileDevice: text(image.filenameForMobileDevice),
    altText: text(image.altText, text(config.altText)),
  };
}

/** ralph's `{ buttonText, url }` from either shape (Trampa's first: `{ text, href }`). */
function buttonOf(value: unknown): Json | null {
  if (!isObject(value)) return null;
  const rest = without(value, ['text', 'href']);
  return {
    ...rest,
    buttonText: text(value.buttonText, text(value.text)),
    url: text(value.url, text(value.href)),
  };
}

function buttonsOf(value: unknown): Json[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((b: unknown) => {
    const button = buttonOf(b);
    return button ? [button] : [];
  });
}

function banner(config: Json, fileNames: readonly string[]): Json {
  const ralph = 'text1' in config || 'text2' in config || isObject(config.image);
  const buttons = buttonsOf(config.buttons);
  // Trampa's first hero had all its buttons in `buttons`: the first becomes ralph's button.
  const first = !ralph && !('buttonText' in config) ? buttons.shift() : undefined;
  const rest = without(config, ['title', 'text', 'href', 'altText', 'image', 'buttons']);
  return {
    ...rest,
    text1: text(config.text1, text(config.title)),
    text2: text(config.text2, text(config.text)),
    buttonText: text(config.buttonText, text(first?.buttonText)),
    textColor: number(config.textColor, 0),
    textAndButtonPlacement: number(config.textAndButtonPlacement, 0),
    textAndButtonPlacementFullWidth: number(config.textAndButtonPlacementFullWidth, 0),
    classNames: text(config.classNames),
    image: imageOf(config, fileNames, text(first?.url)),
    ...(buttons.length > 0 ? { buttons } : {}),
  };
}

function image(config: Json, fileNames: readonly string[]): Json {
  const rest = without(config, ['href', 'altText', 'image']);
  return { ...rest, classNames: text(config.classNames), image: imageOf(config, fileNames) };
}

function video(config: Json, fileNames: readonly string[]): Json {
  const rest = without(config, ['image', 'href', 'altText']);
  return {
    ...rest,
    videoId: text(config.videoId),
    videoProvider: number(config.videoProvider, 0),
    videoDisplayType: number(config.videoDisplayType, 0),
    classNames: text(config.classNames),
    image: imageOf(config, fileNames),
  };
}

function textWidget(config: Json): Json {
  const rest = without(config, ['html']);
  return {
    ...rest,
    title: text(config.title),
    subtitle: text(config.subtitle),
    text: text(config.text, text(config.html)),
    titleRenderMode: number(config.titleRenderMode, 1),
    subtitleRenderMode: number(config.subtitleRenderMode, 2),
    textAlignment: number(config.textAlignment, 0),
  };
}

function richText(config: Json): Json {
  const rest = without(config, ['html']);
  return { ...rest, text: text(config.text, text(config.html)) };
}

function html(config: Json): Json {
  const rest = without(config, ['text']);
  return { ...rest, html: text(config.html, text(config.text)), css: text(config.css) };
}

function productList(config: Json): Json {
  // Trampa's first shape counted products in `pageCount` and had no `limitNrOfRows`.
  const legacy = !('limitNrOfRows' in config);
  const count = number(config.pageCount, 2 * PRODUCT_LIST_ROW_SIZE);
  return {
    ...config,
    title: text(config.title),
    searchParameters: isObject(config.searchParameters) ? config.searchParameters : {},
    pageCount: legacy ? Math.max(1, Math.ceil(count / PRODUCT_LIST_ROW_SIZE)) : count,
    limitNrOfRows: legacy ? true : bool(config.limitNrOfRows, true),
    slideshowDisabled: bool(config.slideshowDisabled, false),
    displayNavigationArrows: bool(config.displayNavigationArrows, true),
    displayNavigationLinks: bool(config.displayNavigationLinks, false),
  };
}

function json(config: Json): Json {
  if (typeof config.json === 'string') return config;
  if (isObject(config.json) || Array.isArray(config.json)) {
    return { ...config, json: JSON.stringify(config.json) };
  }
  // Trampa's first shape: the custom fields at the top level.
  return { json: JSON.stringify(config) };
}

function flowbox(config: Json): Json {
  return { ...config, active: bool(config.active, false), flowkey: text(config.flowkey) };
}

/**
 * A widget's configuration in ralph's shape (see the module comment), as a JSON document in
 * text. `fileNames` are the widget's images; a document that is not a JSON object is served as
 * `{}` (ralph parses every configuration). Unknown widget names keep their document.
 */
export function toRalphConfiguration(
  name: string,
  configuration: Json,
  fileNames: readonly string[] = [],
): Json {
  switch (name) {
    case 'Banner':
      return banner(configuration, fileNames);
    case 'Image':
      return image(configuration, fileNames);
    case 'Video':
      return video(configuration, fileNames);
    case 'Text':
      return textWidget(configuration);
    case 'Rich text':
      return richText(configuration);
    case 'HTML':
      return html(configuration);
    case 'Buttons':
      return { ...configuration, buttons: buttonsOf(configuration.buttons) };
    case 'Product list':
      return productList(configuration);
    case 'JSON':
      return json(configuration);
    case 'Flowbox':
      return flowbox(configuration);
    default:
      return configuration;
  }
}

/** {@link toRalphConfiguration} on the stored text, as text. */
export function servedConfiguration(
  name: string,
  configuration: string,
  fileNames: readonly string[] = [],
): string {
  let value: unknown;
  try {
    value = JSON.parse(configuration);
  } catch {
    return '{}';
  }
  if (!isObject(value)) return '{}';
  return JSON.stringify(toRalphConfiguration(name, value, fileNames));
}
