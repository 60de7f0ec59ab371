/**
 * The seed's widget content (issue 16): the start page's "Frontpage" area (hero, category
 * entries, campaign banners, product lists, trust information) and the content pages
 * (./content-legal.ts, ./content-pages.ts), each one container of "Rich text" widgets; plus one
 * draft page for preview. Deterministic: rows are inserted in a fixed order, so ids are too.
 */
import { storeImages } from '../../modules/media/media.service.ts';
import { seedWidgetImages } from './images/widget-images.ts';
import type { Database } from '../client.ts';
import { contentContainers, contentPages, contentWidgets } from '../schema.ts';
import { banner, trust, type SeedContainer, type SeedWidget } from './content-widgets.ts';
import { COOKIES_PAGE, PRIVACY_PAGE, TERMS_PAGE, type SeedContentPage } from './content-legal.ts';
import { PAGE_AREAS } from './content-areas.ts';
import { SHOP_PAGES } from './content-pages.ts';

/** The hero's image (./images/widget-images.ts): ralph draws it; Trampa's hero has its own art. */
const HERO_IMAGE = 'hero-cykel.svg';

/** The start page's family and area (GEINS-API §2.4). */
export const FRONTPAGE_AREA = { family: 'Frontpage', areaName: 'The front page area' } as const;

function richText(html: string): SeedWidget {
  return { name: 'Rich text', type: 'TextPageWidget', configuration: { text: html } };
}

function productList(
  title: string,
  url: string,
  sort: string,
  link: { href: string; what: string },
): SeedWidget {
  return {
    name: 'Product list',
    type: 'ProductListPageWidget',
    // Two rows of four (ralph's productListRowSize); `url` and `link` are Trampa's: the list's
    // page and its "Visa alla …" link (link.what completes its accessible name).
    configuration: {
      title,
      searchParameters: { sort },
      pageCount: 2,
      limitNrOfRows: true,
      slideshowDisabled: false,
      displayNavigationArrows: true,
      displayNavigationLinks: false,
      url,
      link,
    },
  };
}

/** The start page's containers, top to bottom. */
export const FRONTPAGE_CONTAINERS: readonly SeedContainer[] = [
  {
    name: 'Hero',
    layout: 'full',
    design: 'full-width',
    widgets: [
      {
        name: 'Banner',
        type: 'BannerPageWidget',
        // ralph-ui's banner (full width, white text on the left of the image); Trampa draws
        // it as its hero (`variant`, `eyebrow`, the second button in `buttons`).
        configuration: {
          variant: 'hero',
          eyebrow: 'Säsongens cyklar är här',
          text1: 'Redo att trampa iväg',
          text2:
            'Cyklar och tillbehör för vardag, pendling och äventyr. Färdigmonterade cyklar med snabb leverans.',
          buttonText: 'Se alla cyklar',
          textColor: 1,
          textAndButtonPlacement: 1,
          textAndButtonPlacementFullWidth: 0,
          classNames: 'full',
          image: {
            href: '/c/cyklar',
            filename: HERO_IMAGE,
            filenameForMobileDevice: '',
            altText: 'En cykel på en kulle i soluppgången',
          },
          buttons: [{ buttonText: 'Tillbehör', url: '/c/tillbehor', style: 'secondary' }],
        },
        images: [{ fileName: HERO_IMAGE, width: 1200, height: 600 }],
      },
    ],
  },
  {
    name: 'Kategorier',
    layout: 'full',
    widgets: [
      {
        name: 'JSON',
        type: 'JsonPageWidget',
        configuration: {
          json: JSON.stringify({ component: 'category-entries', title: 'Handla efter kategori' }),
        },
      },
    ],
  },
  {
    name: 'Kampanjbanners',
    layout: 'half',
    widgets: [
      banner(
        'Elcyklar för pendlingen',
        'Ta dig till jobbet utan att svettas. Se våra elcyklar till kampanjpris.',
        '/l/rea',
        'Se kampanjerna',
        'kampanj-elcykel.svg',
        'En elcykel parkerad framför en stadsgata i kvällsljus',
      ),
      banner(
        'Säkrare på vägen',
        'Hjälmar, lås och belysning för mörka höstkvällar.',
        '/c/tillbehor',
        'Handla tillbehör',
        'kampanj-tillbehor.svg',
        'En cykelhjälm och en framlampa på ett bord',
      ),
    ],
  },
  {
    name: 'Kampanjprodukter',
    layout: 'full',
    widgets: [
      productList('Kampanjer', '/l/rea', 'MOST_SOLD', {
        href: '/l/rea',
        what: 'kampanjer',
      }),
    ],
  },
  {
    name: 'Nyheter',
    layout: 'full',
    widgets: [
      productList('Nyheter', '/l/nyheter', 'LATEST', {
        href: '/nyheter',
        what: 'nyheter',
      }),
    ],
  },
  {
    name: 'Varumärken',
    layout: 'full',
    widgets: [
      {
        name: 'JSON',
        type: 'JsonPageWidget',
        configuration: {
          json: JSON.stringify({
            component: 'brand-strip',
            title: 'Populära varumärken',
            brands: ['trek', 'specialized', 'crescent', 'monark', 'cube', 'cannondale'],
          }),
        },
      },
    ],
  },
  {
    name: 'Butiker och trygghet',
    layout: 'third',
    design: 'highlight',
    widgets: [
      trust(
        'Tre butiker med verkstad',
        'Provcykla och hämta din order kostnadsfritt i Stockholm, Göteborg eller Malmö. <a href="/butiker">Hitta butik</a>',
      ),
      trust(
        'Fri första service',
        'Alla cyklar får en fri service inom sex månader i någon av våra butiker.',
      ),
      trust(
        '14 dagars ångerrätt',
        'Och 3 års reklamationsrätt enligt konsumentköplagen. <a href="/kopvillkor">Läs köpvillkoren</a>',
      ),
    ],
  },
];

/** A draft content page, seen only in preview. */
export const DRAFT_PAGE: SeedContentPage = {
  alias: 'vinterservice',
  title: 'Vinterservice',
  description: 'Boka vinterservice för din cykel.',
  tags: ['menu'],
  sections: [
    '<p>Ge cykeln en vinterservice: vi byter till dubbdäck, justerar bromsar och växlar och smörjer kedjan. Boka i butik.</p>',
  ],
};

/** Inserts a collection with its containers and widgets (a statement per row group). */
async function insertCollection(
  db: Database,
  page: typeof contentPages.$inferInsert,
  containers: readonly SeedContainer[],
): Promise<void> {
  const [row] = await db.insert(contentPages).values(page).returning({ id: contentPages.id });
  for (const [index, container] of containers.entries()) {
    const [c] = await db
      .insert(contentContainers)
      .values({
        pageId: row!.id,
        name: container.name,
        sortOrder: index,
        layout: container.layout,
        design: container.design ?? 'contained',
      })
      .returning({ id: contentContainers.id });
    await db.insert(contentWidgets).values(
      container.widgets.map((w, order) => ({
        containerId: c!.id,
        name: w.name,
        type: w.type,
        sortOrder: order,
        size: container.layout,
        configuration: JSON.stringify(w.configuration),
        images: w.images ?? [],
        displaySettings: w.displaySettings ?? [],
        customerTypes: w.customerTypes ?? [],
      })),
    );
  }
}

function pageRow(page: SeedContentPage, published: boolean): typeof contentPages.$inferInsert {
  return {
    alias: page.alias,
    name: page.title,
    title: page.title,
    family: 'Content',
    areaName: 'Content page',
    tags: page.tags,
    metaTitle: page.title,
    metaDescription: page.description,
    published,
  };
}

/** Every published content page of the seed, in menu order (footer: SHOP_PAGES then legal). */
export const SEEDED_CONTENT_PAGES: readonly SeedContentPage[] = [
  ...SHOP_PAGES,
  TERMS_PAGE,
  PRIVACY_PAGE,
  COOKIES_PAGE,
];

/**
 * Writes the start page area, the content pages, the draft, the list and product page areas
 * (./content-areas.ts) and the widget images (a few dozen statements).
 */
export async function seedContent(db: Database): Promise<void> {
  await storeImages(db, seedWidgetImages());
  await insertCollection(
    db,
    {
      name: 'Startsida',
      title: null,
      family: FRONTPAGE_AREA.family,
      areaName: FRONTPAGE_AREA.areaName,
      published: true,
    },
    FRONTPAGE_CONTAINERS,
  );
  for (const page of SEEDED_CONTENT_PAGES) {
    await insertCollection(db, pageRow(page, true), [
      { name: page.title, layout: 'full', widgets: page.sections.map(richText) },
    ]);
  }
  await insertCollection(db, pageRow(DRAFT_PAGE, false), [
    { name: DRAFT_PAGE.title, layout: 'full', widgets: DRAFT_PAGE.sections.map(richText) },
  ]);
  for (const area of PAGE_AREAS) {
    await insertCollection(
      db,
      {
        name: area.name,
        title: null,
        family: area.family,
        areaName: area.areaName,
        filters: [...area.filters],
        published: true,
      },
      area.containers,
    );
  }
}
