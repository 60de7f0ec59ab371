/**
 * The seed's list and product page areas (issue 16; GEINS-API §2.4): family "Productlist" above
 * and below the product grid of the e-bike category and the Trek brand page, family "Product" on
 * every product page (service information, and purchase terms for organisations only). Each
 * collection's `filters` ("Key:value") say which pages ask for it.
 */
import { banner, trust, type SeedContainer } from './content-widgets.ts';

/** The list page areas' names (GEINS-API §2.4). */
const LIST_AREAS = {
  family: 'Productlist',
  top: 'The top part of the product list',
  bottom: 'The bottom part of the product list',
} as const;

/** The product page's area (GEINS-API §2.4). */
const PRODUCT_AREA = { family: 'Product', areaName: 'Product detail page' } as const;

/** A seeded area collection: where it is and for which pages (`Category:elcyklar`, ...). */
interface SeedArea {
  name: string;
  family: string;
  areaName: string;
  filters: readonly string[];
  containers: readonly SeedContainer[];
}

/** The list and product page collections, in insert order. */
export const PAGE_AREAS: readonly SeedArea[] = [
  {
    name: 'Elcyklar – överst',
    family: LIST_AREAS.family,
    areaName: LIST_AREAS.top,
    filters: ['Category:elcyklar'],
    containers: [
      {
        name: 'Provcykla',
        layout: 'full',
        widgets: [
          {
            ...banner(
              'Provcykla en elcykel i butik',
              'Boka en provtur i Stockholm, Göteborg eller Malmö: vi ställer in sadel och styre och visar hur motorn och batteriet fungerar.',
              '/butiker',
              'Hitta butik',
              'kampanj-elcykel.svg',
              'En elcykel parkerad framför en stadsgata i kvällsljus',
            ),
            displaySettings: ['desktop'],
          },
          {
            ...trust(
              'Provcykla en elcykel',
              'Boka en provtur i någon av våra tre butiker. <a href="/butiker">Hitta butik</a>',
            ),
            displaySettings: ['mobile'],
          },
        ],
      },
    ],
  },
  {
    name: 'Elcyklar – nederst',
    family: LIST_AREAS.family,
    areaName: LIST_AREAS.bottom,
    filters: ['Category:elcyklar'],
    containers: [
      {
        name: 'Köpguide',
        layout: 'half',
        widgets: [
          trust(
            'Så väljer du elcykel',
            'Tänk på räckvidden (batteriets wattimmar), var motorn sitter och hur du ska använda cykeln. Mittmotor ger naturlig känsla i backar, navmotor är tyst och enkel att serva. <a href="/storleksguide">Läs storleksguiden</a>',
          ),
          trust(
            'Förmånscykel via jobbet',
            'Många arbetsgivare erbjuder förmånscykel: du betalar via bruttolöneavdrag och sparar på skatten. <a href="/formanscykel">Så fungerar det</a>',
          ),
        ],
      },
    ],
  },
  {
    name: 'Trek – överst',
    family: LIST_AREAS.family,
    areaName: LIST_AREAS.top,
    filters: ['Brand:trek'],
    containers: [
      {
        name: 'Om Trek',
        layout: 'full',
        widgets: [
          trust(
            'Om Trek',
            'Trek grundades 1976 i Waterloo, Wisconsin, och bygger allt från pendlarcyklar till racercyklar. Alla Trek-cyklar har livstidsgaranti på ramen och levereras färdigmonterade från vår verkstad.',
          ),
        ],
      },
    ],
  },
  {
    name: 'Produktsida',
    family: PRODUCT_AREA.family,
    areaName: PRODUCT_AREA.areaName,
    filters: [],
    containers: [
      {
        name: 'Service och trygghet',
        layout: 'half',
        design: 'highlight',
        widgets: [
          trust(
            'Service och trygghet',
            'Fri första service inom sex månader, 14 dagars ångerrätt och 3 års reklamationsrätt. <a href="/leverans-och-retur">Leverans och retur</a>',
          ),
          {
            ...trust(
              'Köp till företaget',
              'Betala mot faktura med 30 dagars betaltid. Priserna visas exklusive moms. Vi hjälper gärna till med offert för flera cyklar. <a href="/kundtjanst">Kontakta kundtjänst</a>',
            ),
            customerTypes: ['ORGANIZATION'],
          },
        ],
      },
    ],
  },
];
