/**
 * The shop's three physical stores (store stock and pickup).
 */
import type { stores } from '../schema.ts';

/** Stores with Swedish opening hours. */
export const STORES: Array<typeof stores.$inferInsert> = [
  {
    id: 1,
    alias: 'stockholm',
    name: 'Trampa Stockholm Södermalm',
    city: 'Stockholm',
    address: 'Hornsgatan 64',
    zip: '118 21',
    openingHours: 'Mån–fre 10–19, lör 10–17, sön 11–16',
  },
  {
    id: 2,
    alias: 'goteborg',
    name: 'Trampa Göteborg Haga',
    city: 'Göteborg',
    address: 'Sprängkullsgatan 19',
    zip: '411 23',
    openingHours: 'Mån–fre 10–18, lör 10–16, sön stängt',
  },
  {
    id: 3,
    alias: 'malmo',
    name: 'Trampa Malmö Davidshall',
    city: 'Malmö',
    address: 'Davidshallsgatan 12',
    zip: '211 45',
    openingHours: 'Mån–fre 10–18, lör 10–15, sön 12–16',
  },
];
