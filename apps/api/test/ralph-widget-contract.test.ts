/**
 * The widget configurations ralph-ui 23.2.0's components read (issue 44 §1), field by field,
 * against what `widgetArea` serves with ralph's own `global/widget-area.graphql`: the seed's start
 * page, its list and product page areas and content pages, and a page holding every widget type
 * in the shape Trampa stored before (read-time mapping; a banner without an image among them).
 *
 * ralph's `CaWidgetContainer` picks `CaWidget` by `PageWidgetType.name` (`MixWidgetType`), which
 * `JSON.parse`s `configuration` and passes it to the component below. Each contract lists the
 * fields a component (or a mixin it uses) reads, with the type it needs: `required` ones are read
 * without a guard or as a typed prop (missing or mistyped, SSR crashes or renders wrongly: e.g.
 * `MixWidgetImage` reads `configuration.image.href` unguarded, and `MixLinkHandler` turns a missing
 * `href` into a link to "undefined"; `CaWidgetText` renders no heading tag for a missing render
 * mode); `optional` ones are read behind a guard and must have the type when present. Paths are in
 * github.com/geins-io/ralph-ui at v.23.2.0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const WIDGET_AREA = ralphUiOperation('global/widget-area.graphql', 'widgetArea');

type Kind = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'string|number';

interface Contract {
  /** The component (and mixins) in ralph-ui that read the fields. */
  component: string;
  required: Record<string, Kind>;
  optional?: Record<string, Kind>;
}

/** `components/mixins/MixWidgetImage/MixWidgetImage.js` (with `MixLinkHandler` on `href`). */
const WIDGET_IMAGE: Record<string, Kind> = {
  image: 'object',
  'image.href': 'string',
  'image.filename': 'string',
  'image.filenameForMobileDevice': 'string',
  'image.altText': 'string',
  classNames: 'string',
};

/** Per widget name, what its ralph-ui component reads from the configuration. */
const CONTRACTS: Record<string, Contract> = {
  Banner: {
    component:
      'components/molecules/CaWidgetBanner/CaWidgetBanner.vue, ' +
      'components/atoms/CaWidgetBannerButton/CaWidgetBannerButton.vue (textColor: Number), ' +
      'components/mixins/MixWidgetImage/MixWidgetImage.js, ' +
      'components/mixins/MixLinkHandler/MixLinkHandler.js',
    required: {
      ...WIDGET_IMAGE,
      text1: 'string',
      text2: 'string',
      buttonText: 'string',
      textColor: 'number',
      textAndButtonPlacement: 'number',
      textAndButtonPlacementFullWidth: 'number',
    },
    optional: {
      desktopVideoHtml: 'string',
      mobileVideoHtml: 'string',
      desktopVideoWidth: 'number',
      desktopVideoHeight: 'number',
      mobileVideoWidth: 'number',
      mobileVideoHeight: 'number',
    },
  },
  Image: {
    component:
      'components/molecules/CaWidgetImage/CaWidgetImage.vue, ' +
      'components/mixins/MixWidgetImage/MixWidgetImage.js, ' +
      'components/mixins/MixLinkHandler/MixLinkHandler.js',
    required: WIDGET_IMAGE,
  },
  Video: {
    component:
      'components/molecules/CaWidgetVideo/CaWidgetVideo.vue, ' +
      'components/mixins/MixWidgetImage/MixWidgetImage.js',
    required: {
      ...WIDGET_IMAGE,
      videoId: 'string|number',
      videoProvider: 'number',
      videoDisplayType: 'number',
    },
  },
  Text: {
    component: 'components/molecules/CaWidgetText/CaWidgetText.vue',
    required: {
      title: 'string',
      subtitle: 'string',
      text: 'string',
      titleRenderMode: 'number',
      subtitleRenderMode: 'number',
      textAlignment: 'number',
    },
  },
  'Rich text': {
    component: 'components/molecules/CaWidgetRichText/CaWidgetRichText.vue',
    required: { text: 'string' },
  },
  HTML: {
    component: 'components/molecules/CaWidgetHtml/CaWidgetHtml.vue',
    required: { html: 'string', css: 'string' },
  },
  JSON: {
    component: 'components/molecules/CaWidgetJson/CaWidgetJson.vue',
    required: { json: 'string' },
  },
  Buttons: {
    component: 'components/molecules/CaWidgetButtons/CaWidgetButtons.vue',
    required: { buttons: 'array' },
  },
  'Product list': {
    component: 'components/molecules/CaWidgetProductList/CaWidgetProductList.vue',
    required: {
      title: 'string',
      searchParameters: 'object',
      pageCount: 'number',
      limitNrOfRows: 'boolean',
      slideshowDisabled: 'boolean',
      displayNavigationArrows: 'boolean',
      displayNavigationLinks: 'boolean',
    },
    optional: { mode: 'string' },
  },
  Flowbox: {
    component: 'components/molecules/CaWidgetFlowbox/CaWidgetFlowbox.vue',
    required: { active: 'boolean', flowkey: 'string' },
    optional: { dynamicProductFlow: 'boolean', dynamicTagFlow: 'boolean', tagOperator: 'string' },
  },
};

/** `CaWidgetButtons.vue`: each of `buttons` as `CaButton :href="button.url"` with `buttonText`. */
const BUTTON: Record<string, Kind> = { url: 'string', buttonText: 'string' };

/** Container layouts ralph's `widgetImageSizes` has (`CaWidgetContainer.vue`'s imageSizes). */
const RALPH_LAYOUTS = ['full', 'half', 'third', 'quarter'];

interface ServedWidget {
  name: string;
  configuration: string;
  images: Array<{ fileName: string; largestSize: { imageWidth: number; imageHeight: number } }>;
}

interface AreaAnswer {
  data?: {
    widgetArea: {
      containers: Array<{ layout: string; design: string; widgets: ServedWidget[] }>;
    } | null;
  };
  errors?: unknown[];
}

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

function at(config: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      config,
    );
}

function matches(value: unknown, kind: Kind): boolean {
  return kind.split('|').includes(kindOf(value));
}

/** The contract breaches of one served widget, as readable lines (empty: ralph can render it). */
function breaches(widget: ServedWidget): string[] {
  const contract = CONTRACTS[widget.name];
  if (!contract) return [`${widget.name}: no ralph-ui component renders this name`];
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(widget.configuration) as Record<string, unknown>;
  } catch {
    return [`${widget.name}: configuration is not JSON (CaWidget.vue parses it)`];
  }
  const where = `${widget.name} (${contract.component})`;
  const found: string[] = [];
  for (const [path, kind] of Object.entries(contract.required)) {
    const value = at(config, path);
    if (!matches(value, kind)) found.push(`${where}: ${path} is ${kindOf(value)}, wants ${kind}`);
  }
  for (const [path, kind] of Object.entries(contract.optional ?? {})) {
    const value = at(config, path);
    if (value !== undefined && !matches(value, kind)) {
      found.push(`${where}: ${path} is ${kindOf(value)}, wants ${kind} when present`);
    }
  }
  if (widget.name === 'Buttons' && Array.isArray(config.buttons)) {
    for (const button of config.buttons as Array<Record<string, unknown>>) {
      for (const [path, kind] of Object.entries(BUTTON)) {
        if (!matches(button[path], kind)) found.push(`${where}: buttons[].${path} wants ${kind}`);
      }
    }
  }
  // MixWidgetImage finds the image's size by file name (CaWidgetVideo.vue reads it unguarded).
  const filename = at(config, 'image.filename');
  if (typeof filename === 'string' && filename !== '') {
    if (!widget.images.some((i) => i.fileName === filename)) {
      found.push(`${where}: image.filename ${filename} is not among the widget's images`);
    }
  }
  return found;
}

describe.each(testDatabaseKinds())("ralph-ui's widget components on %s", (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 8 });
    client = createTestClient(handle, testConfig());
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function area(variables: Record<string, unknown>) {
    const response = await client.post({ query: WIDGET_AREA, variables });
    const body = (await response.json()) as AreaAnswer;
    expect(body.errors).toBeUndefined();
    return body.data!.widgetArea!;
  }

  function widgetsOf(answer: Awaited<ReturnType<typeof area>>): ServedWidget[] {
    return answer.containers.flatMap((c) => c.widgets);
  }

  it('finds every field ralph reads, with its type, on the seeded start page', async () => {
    const start = await area({ family: 'Frontpage', areaName: 'The front page area' });
    const widgets = widgetsOf(start);
    expect(new Set(widgets.map((w) => w.name))).toEqual(
      new Set(['Banner', 'JSON', 'Product list', 'Text']),
    );
    expect(widgets.flatMap(breaches)).toEqual([]);
    for (const container of start.containers) {
      expect(RALPH_LAYOUTS).toContain(container.layout);
      expect(typeof container.design).toBe('string');
    }
    // The hero as ralph draws it: a full-width banner with an image, white text, its link.
    const hero = JSON.parse(widgets[0]!.configuration) as Record<string, unknown>;
    expect(hero).toMatchObject({
      text1: 'Redo att trampa iväg',
      buttonText: 'Se alla cyklar',
      classNames: 'full',
      textColor: 1,
      image: { href: '/c/cyklar', filename: 'hero-cykel.svg' },
    });
    const banner = JSON.parse(
      start.containers.find((c) => c.layout === 'half')!.widgets[0]!.configuration,
    ) as Record<string, unknown>;
    expect(banner).toMatchObject({
      text1: 'Elcyklar för pendlingen',
      buttonText: 'Se kampanjerna',
      image: { href: '/l/rea', filename: 'kampanj-elcykel.svg' },
    });
    const json = widgets.find((w) => w.name === 'JSON')!;
    expect(JSON.parse((JSON.parse(json.configuration) as { json: string }).json)).toEqual({
      component: 'category-entries',
      title: 'Handla efter kategori',
    });
  });

  it('keeps the contract in the list and product page areas and the content pages', async () => {
    const answers = await Promise.all([
      area({
        family: 'Productlist',
        areaName: 'The top part of the product list',
        filters: [{ key: 'Category', value: 'elcyklar' }],
      }),
      area({
        family: 'Productlist',
        areaName: 'The bottom part of the product list',
        filters: [{ key: 'Category', value: 'elcyklar' }],
      }),
      area({ family: 'Product', areaName: 'Product detail page', filters: [] }),
      area({ widgetAlias: 'kopvillkor' }),
    ]);
    const widgets = answers.flatMap(widgetsOf);
    expect(widgets.map((w) => w.name)).toEqual(
      expect.arrayContaining(['Banner', 'Text', 'Rich text']),
    );
    expect(widgets.flatMap(breaches)).toEqual([]);
  });

  it("serves every widget type stored in Trampa's earlier shape as ralph reads it", async () => {
    const [page] = await handle.db
      .insert(schema.contentPages)
      .values({
        alias: 'widgetkontrakt',
        name: 'Widgetkontrakt',
        family: 'Content',
        areaName: 'Content page',
        published: true,
      })
      .returning({ id: schema.contentPages.id });
    const [container] = await handle.db
      .insert(schema.contentContainers)
      .values({ pageId: page!.id, name: 'Alla', layout: 'full' })
      .returning({ id: schema.contentContainers.id });
    const image = { fileName: 'kampanj-tillbehor.svg', width: 1200, height: 600 };
    const stored: Array<[string, Record<string, unknown>, (typeof image)[]]> = [
      ['Banner', { title: 'Utan bild', text: 'En banner utan bild.' }, []],
      [
        'Banner',
        {
          variant: 'hero',
          title: 'Hjälte',
          text: 'Text',
          buttons: [
            { text: 'Cyklar', href: '/c/cyklar', style: 'primary' },
            { text: 'Tillbehör', href: '/c/tillbehor', style: 'secondary' },
          ],
        },
        [],
      ],
      [
        'Banner',
        {
          title: 'Tillbehör',
          text: 'Lås',
          href: '/c/tillbehor',
          buttonText: 'Handla',
          image: 'kampanj-tillbehor.svg',
          altText: 'Ett lås',
        },
        [image],
      ],
      ['Image', { image: 'kampanj-tillbehor.svg', href: '/c/tillbehor', altText: 'Lås' }, [image]],
      ['Video', { title: 'Film', src: '/film.mp4' }, []],
      ['Text', { title: 'Rubrik', text: '<p>Text</p>' }, []],
      ['Rich text', { text: '<p>Rik text</p>' }, []],
      ['HTML', { html: '<p>HTML</p>' }, []],
      ['Buttons', { buttons: [{ text: 'Cyklar', href: '/c/cyklar', style: 'primary' }] }, []],
      [
        'Product list',
        { title: 'Nyheter', url: '/l/nyheter', searchParameters: { sort: 'LATEST' }, pageCount: 8 },
        [],
      ],
      ['JSON', { component: 'brand-strip', title: 'Märken', brands: ['trek'] }, []],
      ['Flowbox', {}, []],
    ];
    await handle.db.insert(schema.contentWidgets).values(
      stored.map(([name, configuration, images], sortOrder) => ({
        containerId: container!.id,
        name,
        type: `${name}PageWidget`,
        sortOrder,
        configuration: JSON.stringify(configuration),
        images,
      })),
    );

    const widgets = widgetsOf(await area({ widgetAlias: 'widgetkontrakt' }));
    expect(widgets.map((w) => w.name)).toEqual(stored.map(([name]) => name));
    expect(widgets.flatMap(breaches)).toEqual([]);
    const config = widgets.map((w) => JSON.parse(w.configuration) as Record<string, unknown>);
    // A banner without an image: an image object ralph can read, no link, no file.
    expect(config[0]!.image).toEqual({
      href: '',
      filename: '',
      filenameForMobileDevice: '',
      altText: '',
    });
    expect(config[0]).toMatchObject({ text1: 'Utan bild', text2: 'En banner utan bild.' });
    expect(config[1]).toMatchObject({
      variant: 'hero',
      text1: 'Hjälte',
      buttonText: 'Cyklar',
      image: { href: '/c/cyklar' },
      buttons: [{ buttonText: 'Tillbehör', url: '/c/tillbehor', style: 'secondary' }],
    });
    expect(config[2]).toMatchObject({
      text1: 'Tillbehör',
      buttonText: 'Handla',
      image: { href: '/c/tillbehor', filename: 'kampanj-tillbehor.svg', altText: 'Ett lås' },
    });
    expect(config[2]).not.toHaveProperty('title');
    expect(config[3]).toMatchObject({ image: { href: '/c/tillbehor', altText: 'Lås' } });
    expect(config[4]).toMatchObject({ videoId: '', src: '/film.mp4' });
    expect(config[8]!.buttons).toEqual([
      { buttonText: 'Cyklar', url: '/c/cyklar', style: 'primary' },
    ]);
    // Eight products were two rows of four.
    expect(config[9]).toMatchObject({ pageCount: 2, limitNrOfRows: true, url: '/l/nyheter' });
    expect(JSON.parse(config[10]!.json as string)).toEqual({
      component: 'brand-strip',
      title: 'Märken',
      brands: ['trek'],
    });
  });
});
