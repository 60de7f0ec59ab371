/**
 * The storefront reads the widget configurations in the shape the API serves them, ralph-ui's
 * (issue 44 §1; api modules/content/widget-configuration.ts): the hero, a banner, a JSON widget
 * and a product list of the seed's start page become the views the page renders.
 */
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toAreaView } from './widget-area.server';

type Area = Parameters<typeof toAreaView>[0];

function widget(id: string, name: string, configuration: unknown, images: string[] = []) {
  return {
    id,
    name,
    size: 'full',
    classNames: [],
    configuration: JSON.stringify(configuration),
    images: images.map((fileName) => ({
      fileName,
      largestSize: { imageWidth: 1200, imageHeight: 600 },
    })),
  };
}

const image = (href: string, filename: string, altText = '') => ({
  href,
  filename,
  filenameForMobileDevice: '',
  altText,
});

const AREA = {
  id: 1,
  name: 'Startsida',
  title: null,
  tags: [],
  meta: null,
  containers: [
    {
      id: 1,
      layout: 'full',
      design: 'full-width',
      responsiveMode: 'standard',
      classNames: [],
      widgets: [
        widget(
          '1',
          'Banner',
          {
            variant: 'hero',
            eyebrow: 'Säsongens cyklar är här',
            text1: 'Redo att trampa iväg',
            text2: 'Cyklar och tillbehör.',
            buttonText: 'Se alla cyklar',
            textColor: 1,
            textAndButtonPlacement: 1,
            textAndButtonPlacementFullWidth: 0,
            classNames: 'full',
            image: image('/c/cyklar', 'hero-cykel.svg'),
            buttons: [{ buttonText: 'Tillbehör', url: '/c/tillbehor', style: 'secondary' }],
          },
          ['hero-cykel.svg'],
        ),
        widget('2', 'JSON', {
          json: JSON.stringify({ component: 'category-entries', title: 'Handla efter kategori' }),
        }),
      ],
    },
    {
      id: 2,
      layout: 'half',
      design: 'contained',
      responsiveMode: 'standard',
      classNames: [],
      widgets: [
        widget(
          '3',
          'Banner',
          {
            text1: 'Elcyklar för pendlingen',
            text2: 'Se våra elcyklar.',
            buttonText: 'Se kampanjerna',
            textColor: 0,
            textAndButtonPlacement: 0,
            textAndButtonPlacementFullWidth: 0,
            classNames: '',
            image: image('/l/rea', 'kampanj-elcykel.svg', 'En elcykel'),
          },
          ['kampanj-elcykel.svg'],
        ),
        widget('4', 'Banner', {
          text1: 'Utan bild',
          text2: '',
          buttonText: '',
          textColor: 0,
          textAndButtonPlacement: 0,
          textAndButtonPlacementFullWidth: 0,
          classNames: '',
          image: image('', ''),
        }),
        widget('5', 'Product list', {
          title: 'Kampanjer',
          searchParameters: { sort: 'MOST_SOLD' },
          pageCount: 2,
          limitNrOfRows: true,
          slideshowDisabled: false,
          displayNavigationArrows: true,
          displayNavigationLinks: false,
          url: '/l/rea',
          link: { href: '/l/rea', what: 'kampanjer' },
        }),
      ],
    },
  ],
} as unknown as Area;

describe("the start page's widgets in ralph-ui's configuration shape", () => {
  it('become the hero, the category tiles, banners and a product list of two rows', async () => {
    const queries: unknown[] = [];
    const context = {
      market: { basename: '' },
      api: {
        query: (_document: unknown, variables: unknown) => {
          queries.push(variables);
          return Promise.resolve({ products: { products: [] } });
        },
      },
    } as unknown as AppLoadContext;
    const view = await toAreaView(AREA, context);
    const [hero, entries] = view.containers[0]!.widgets;
    expect(hero).toEqual({
      kind: 'hero',
      id: '1',
      device: null,
      eyebrow: 'Säsongens cyklar är här',
      title: 'Redo att trampa iväg',
      text: 'Cyklar och tillbehör.',
      buttons: [
        { text: 'Se alla cyklar', href: '/c/cyklar', style: 'primary' },
        { text: 'Tillbehör', href: '/c/tillbehor', style: 'secondary' },
      ],
    });
    expect(entries).toEqual({
      kind: 'category-entries',
      id: '2',
      device: null,
      title: 'Handla efter kategori',
    });
    // The product list's widget has no products: its row is kept for the banners.
    const [banner, bare] = view.containers[1]!.widgets;
    expect(banner).toEqual({
      kind: 'banner',
      id: '3',
      device: null,
      title: 'Elcyklar för pendlingen',
      text: 'Se våra elcyklar.',
      href: '/l/rea',
      buttonText: 'Se kampanjerna',
      image: {
        src: '/img/pagewidget/raw/kampanj-elcykel.svg',
        width: 1200,
        height: 600,
        alt: 'En elcykel',
      },
    });
    expect(bare).toMatchObject({ kind: 'banner', title: 'Utan bild', href: null, image: null });
    expect(queries).toEqual([{ url: '/l/rea', filter: { sort: 'MOST_SOLD' }, take: 8 }]);
  });
});
