/**
 * The seed's menus (issue 16; GEINS-API §2.1 menu locations): the main menu (the category tree
 * with the news, brands and sale lists, as the header showed it), the top bar's selling points
 * (SPEC §9 free shipping to service points, per market in its currency), the footer's two
 * columns and the content pages' side menu. Page links use the aliases the content seed gives
 * its pages (kopvillkor, integritetspolicy, cookies, om-oss, kundtjanst, leverans-och-retur,
 * storleksguide, formanscykel, butiker).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { menuItems, menuLocations, menus } from '../../modules/menus/menus.tables.ts';
import { formatMoney } from '../../modules/pricing/money.ts';
import { CATEGORIES } from './categories.ts';
import { FREE_SHIPPING_THRESHOLDS } from './checkout-data.ts';
import { MARKETS } from './reference-data.ts';

type ItemRow = typeof menuItems.$inferInsert;

/** A menu item before ids are given: its children nest. */
interface SeedItem {
  label: string;
  type: ItemRow['type'];
  categoryId?: number;
  target?: string;
  marketIds?: string[];
  children?: SeedItem[];
}

const page = (label: string, alias: string): SeedItem => ({ label, type: 'page', target: alias });

/** Customer service pages: footer-first and the start of the info-pages side menu. */
const SERVICE_PAGES: SeedItem[] = [
  page('Kontakt', 'kundtjanst'),
  page('Leverans & retur', 'leverans-och-retur'),
  page('Köpvillkor', 'kopvillkor'),
  page('Integritetspolicy', 'integritetspolicy'),
  page('Cookies', 'cookies'),
];

/** About the shop: footer-second and the rest of the side menu. */
const ABOUT_PAGES: SeedItem[] = [
  page('Om oss', 'om-oss'),
  page('Butiker', 'butiker'),
  page('Förmånscykel', 'formanscykel'),
  page('Storleksguide', 'storleksguide'),
];

/** The root categories with their children, then the lists (as the header's menu). */
function mainMenuItems(): SeedItem[] {
  const childrenOf = (parentId: number | null): SeedItem[] =>
    CATEGORIES.filter((c) => c.parentId === parentId).map((c) => ({
      label: c.name,
      type: 'category' as const,
      categoryId: c.id,
      children: childrenOf(c.id),
    }));
  return [
    ...childrenOf(null),
    { label: 'Nyheter', type: 'url', target: '/nyheter' },
    { label: 'Varumärken', type: 'url', target: '/varumarken' },
    { label: 'Rea', type: 'url', target: '/l/rea' },
  ];
}

/**
 * Selling points: free shipping per market in its currency (formatted in the market's culture,
 * as the API formats its threshold), delivery time and returns.
 */
function topBarItems(): SeedItem[] {
  const cultureOf = (marketId: string) =>
    MARKETS.find((m) => m.id === marketId)?.defaultLanguageId ?? 'sv-SE';
  return [
    ...Object.entries(FREE_SHIPPING_THRESHOLDS).map(([marketId, threshold]) => ({
      label: `Fri frakt till ombud över ${formatMoney(threshold, marketId.split('|')[1]!, cultureOf(marketId))}`,
      type: 'text' as const,
      marketIds: [marketId],
    })),
    { label: 'Leverans 1-3 dagar', type: 'text' },
    { label: 'Fri retur i 30 dagar', type: 'text' },
  ];
}

/** The seeded menus: id, name, title, locations, items. */
export const SEED_MENUS: ReadonlyArray<{
  id: string;
  name: string;
  title: string | null;
  locations: string[];
  items: SeedItem[];
}> = [
  {
    id: 'main',
    name: 'Huvudmeny',
    title: null,
    locations: ['main-desktop', 'main-mobile'],
    items: mainMenuItems(),
  },
  { id: 'top-bar', name: 'Toppfält', title: null, locations: ['top-bar'], items: topBarItems() },
  {
    id: 'customer-service',
    name: 'Sidfot: kundtjänst',
    title: 'Kundtjänst',
    locations: ['footer-first'],
    items: SERVICE_PAGES,
  },
  {
    id: 'about',
    name: 'Sidfot: om Trampa',
    title: 'Om Trampa',
    locations: ['footer-second'],
    items: ABOUT_PAGES,
  },
  {
    id: 'info-pages',
    name: 'Informationssidor',
    title: 'Information',
    locations: ['info-pages'],
    items: [...SERVICE_PAGES, ...ABOUT_PAGES],
  },
];

/** Writes {@link SEED_MENUS} (after the categories): a few multi-row statements. */
export async function seedMenus(db: Database): Promise<void> {
  await db.insert(menus).values(SEED_MENUS.map(({ id, name, title }) => ({ id, name, title })));
  await db
    .insert(menuLocations)
    .values(SEED_MENUS.flatMap((m) => m.locations.map((id) => ({ id, menuId: m.id }))));
  let nextId = 1;
  const levels: ItemRow[][] = [];
  const walk = (menuId: string, items: SeedItem[], parentId: number | null, depth: number) => {
    items.forEach((item, index) => {
      const id = nextId++;
      (levels[depth] ??= []).push({
        id,
        menuId,
        parentId,
        sortOrder: index,
        label: item.label,
        type: item.type,
        categoryId: item.categoryId ?? null,
        target: item.target ?? null,
        marketIds: item.marketIds ?? null,
      });
      walk(menuId, item.children ?? [], id, depth + 1);
    });
  };
  for (const menu of SEED_MENUS) walk(menu.id, menu.items, null, 0);
  // Parents before children (the self-reference is checked per statement).
  for (const rows of levels) await db.insert(menuItems).values(rows);
  // Items added later (administration) continue after the seeded ids.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('menu_items', 'id'), (select max(id) from menu_items))`,
  );
}
