/**
 * List pages (GEINS-API §3.1 listPageInfo, §4.4 list pages): list-page paths (`/c/…`, `/b/…`,
 * `/dc/…`, `/l/…`), the page info and metadata of category, brand, campaign and generic list
 * pages, and a product's page metadata.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { findCampaignByAlias } from '../pricing/pricing.service.ts';
import {
  brandCanonicalUrl,
  categoryCanonicalUrl,
  type BrandRecord,
  type CategoryRecord,
  type CategoryTree,
  type ProductRecord,
} from './catalog.service.ts';
import { aliasHistory } from './catalog-admin.tables.ts';
import { brands } from './catalog.tables.ts';
import { genericList } from './generic-lists.ts';

// ---------------------------------------------------------------------------------------------
// List URLs (the product lists themselves: product-list.service.ts)

/** A parsed list-page path. */
export interface ListUrl {
  kind: 'category' | 'brand' | 'campaign' | 'list';
  /** The path segments after the kind, decoded. */
  aliases: string[];
}

/**
 * Parses a list-page path (`/c/cyklar/elcyklar`, `/b/trek`, `/dc/rea`, `/l/nyheter`), ignoring a
 * query string, a trailing slash and any market/language prefix (`/se/sv/c/cyklar`).
 * @returns null for anything else.
 */
export function parseListUrl(url: string): ListUrl | null {
  let path = url.trim().split(/[?#]/)[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  const segments = path.split('/').filter((s) => s !== '');
  const kinds: Record<string, ListUrl['kind']> = {
    c: 'category',
    b: 'brand',
    dc: 'campaign',
    l: 'list',
  };
  const index = segments.findIndex((s) => kinds[s.toLowerCase()] !== undefined);
  if (index < 0 || index > 2) return null;
  const aliases = segments.slice(index + 1);
  if (aliases.length === 0) return null;
  return { kind: kinds[segments[index]!.toLowerCase()]!, aliases };
}

// ---------------------------------------------------------------------------------------------
// List page info

/** Page metadata (`MetadataType`). */
export interface Metadata {
  title: string | null;
  description: string | null;
  keywords: string | null;
}

/** A list page's information (`PageInfoType`). `id` 0 for the site default. */
export interface PageInfo {
  id: number;
  alias: string;
  canonicalUrl: string | null;
  name: string;
  hideTitle: boolean;
  hideDescription: boolean;
  primaryDescription: string | null;
  secondaryDescription: string | null;
  primaryImage: string | null;
  backgroundImage: string | null;
  logo: string | null;
  meta: Metadata;
  subCategories: CategoryRecord[];
}

/** Arguments of `listPageInfo` (GEINS-API §3.1). */
export interface PageInfoArgs {
  alias?: string | null;
  url?: string | null;
}

/**
 * Information about a category, brand or discount-campaign list page, found by `url`
 * (`/c/cyklar/elcyklar`, `/b/trek`, `/dc/rea`) or by `alias` (category, then brand, then
 * campaign). Unknown -> null (the client shows a 404). Without alias and url: the site default
 * (id 0, the shop name as title). At most one statement (brand or campaign look-up).
 */
export async function getPageInfo(
  db: Database,
  tree: CategoryTree,
  shopName: string,
  args: PageInfoArgs,
): Promise<PageInfo | null> {
  const url = args.url?.trim();
  const alias = args.alias?.trim();
  if (!url && !alias) {
    return {
      ...emptyPage,
      name: shopName,
      meta: {
        title: shopName,
        description: `${shopName}: cyklar, elcyklar och tillbehör för vardag och äventyr.`,
        keywords: null,
      },
    };
  }
  let kind: ListUrl['kind'] | 'any' = 'any';
  let key = alias ?? '';
  if (url) {
    const parsed = parseListUrl(url);
    if (!parsed) return null;
    kind = parsed.kind;
    key = parsed.aliases[parsed.aliases.length - 1]!;
  }
  if (kind === 'category' || kind === 'any') {
    const category = tree.byAlias.get(key.toLowerCase());
    if (category && !tree.pathOf(category.id).some((c) => c.isHidden)) {
      return categoryPage(tree, category);
    }
    if (kind === 'category') return null;
  }
  if (kind === 'brand' || kind === 'any') {
    const lower = key.toLowerCase();
    // An alias the brand had before finds it too (issue 26): the storefront then answers 301.
    const [brand] = await db
      .select()
      .from(brands)
      .where(
        or(
          eq(sql`lower(${brands.alias})`, lower),
          eq(
            brands.id,
            sql`(select ${aliasHistory.entityId} from ${aliasHistory}
              where ${aliasHistory.kind} = 'brand' and ${aliasHistory.alias} = ${lower})`,
          ),
        ),
      )
      .orderBy(sql`case when lower(${brands.alias}) = ${lower} then 0 else 1 end`)
      .limit(1);
    if (brand) return brandPage(brand);
    if (kind === 'brand') return null;
  }
  if (kind === 'list' || kind === 'any') {
    const list = genericList(key);
    if (list) {
      return {
        ...emptyPage,
        id: list.id,
        alias: list.alias,
        canonicalUrl: `/l/${list.alias}`,
        name: list.name,
        primaryDescription: list.description,
        meta: { title: list.name, description: list.description, keywords: null },
      };
    }
    if (kind === 'list') return null;
  }
  if (kind === 'campaign' || kind === 'any') {
    const campaign = await findCampaignByAlias(db, key);
    if (campaign) {
      return {
        ...emptyPage,
        id: campaign.id,
        alias: campaign.alias,
        canonicalUrl: `/dc/${encodeURIComponent(campaign.alias)}`,
        name: campaign.name,
        meta: { title: campaign.name, description: null, keywords: null },
      };
    }
  }
  return null;
}

const emptyPage: PageInfo = {
  id: 0,
  alias: '',
  canonicalUrl: null,
  name: '',
  hideTitle: false,
  hideDescription: false,
  primaryDescription: null,
  secondaryDescription: null,
  primaryImage: null,
  backgroundImage: null,
  logo: null,
  meta: { title: null, description: null, keywords: null },
  subCategories: [],
};

function categoryPage(tree: CategoryTree, category: CategoryRecord): PageInfo {
  return {
    ...emptyPage,
    id: category.id,
    alias: category.alias,
    canonicalUrl: categoryCanonicalUrl(tree, category.id),
    name: category.name,
    primaryDescription: category.description || null,
    secondaryDescription: category.secondaryDescription || null,
    meta: {
      title: category.metaTitle ?? category.name,
      description: category.metaDescription ?? (category.description || null),
      keywords: null,
    },
    subCategories: tree.childrenOf(category.id).filter((c) => !c.isHidden),
  };
}

function brandPage(brand: BrandRecord): PageInfo {
  return {
    ...emptyPage,
    id: brand.id,
    alias: brand.alias,
    canonicalUrl: brandCanonicalUrl(brand),
    name: brand.name,
    primaryDescription: brand.description || null,
    secondaryDescription: brand.secondaryDescription || null,
    meta: { title: brand.name, description: brand.description || null, keywords: null },
  };
}

/** Product metadata: the meta fields, else the name and the short text (text2). */
export function productMeta(product: ProductRecord): Metadata {
  return {
    title: product.metaTitle ?? product.name,
    description: product.metaDescription ?? (product.text2 || null),
    keywords: null,
  };
}
