/**
 * The catalogue's data in the back office (issue 26): the shapes the admin API returns, the
 * operations the pages send, and kronor text ⇄ öre. Money stays in öre (integers) everywhere but
 * in the text fields.
 */
import { adminRequest } from '../api.ts';

/** A product's texts in one language. */
export interface ProductText {
  languageId: string;
  name: string;
  shortText: string;
  description: string;
  extraText: string;
}

/** One SKU (size): weight in grams, packed size in millimetres (0: unknown). */
export interface Sku {
  id?: number;
  articleNumber: string;
  size: string;
  ean: string | null;
  weight: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

/** A stored price with its VAT, as the API shows it. */
export interface MarketPrice {
  marketId: string;
  currencyCode: string;
  priceIncVat: number;
  priceExVat: number;
  vat: number;
  vatRateBasisPoints: number;
}

/** A product as the edit page shows it. */
export interface Product {
  id: number;
  articleNumber: string;
  alias: string;
  brandId: number;
  primaryCategoryId: number;
  categoryIds: number[];
  published: boolean;
  /** Fields the form does not edit but sends back as they are (a save must not reset them). */
  leasable: boolean;
  /** The product's weight in grams (the SKUs have their own). */
  weight: number;
  metaTitle: string | null;
  metaDescription: string | null;
  texts: ProductText[];
  parameters: Array<{ parameterId: number; value: string }>;
  skus: Sku[];
  /** Null when the role may not read prices (a content editor). */
  prices: MarketPrice[] | null;
  images: string[];
}

/** A category. */
export interface Category {
  id: number;
  parentId: number | null;
  name: string;
  alias: string;
  sortOrder: number;
  description: string;
  hidden: boolean;
}

/** A brand. */
export interface Brand {
  id: number;
  name: string;
  alias: string;
  description: string;
}

/** A market with its currency and VAT. */
export interface Market {
  id: string;
  name: string;
  currencyCode: string | null;
  vatRateBasisPoints: number;
  active: boolean;
}

/** An id and a name (languages, parameters). */
export interface Choice {
  id: string;
  name: string;
}

const PRICE_FIELDS = 'marketId currencyCode priceIncVat priceExVat vat vatRateBasisPoints';

/** The product fields every page reads. */
export const PRODUCT_FIELDS = `id articleNumber alias brandId primaryCategoryId categoryIds published
  leasable weight metaTitle metaDescription
  texts { languageId name shortText description extraText }
  parameters { parameterId value }
  skus { id articleNumber size ean weight lengthMm widthMm heightMm }
  prices { ${PRICE_FIELDS} }
  images`;

/** What the product form needs besides the product. */
export interface CatalogueChoices {
  categories: Category[];
  brands: Brand[];
  markets: Market[];
  languages: Choice[];
  parameters: Choice[];
}

/** Loads the choices of the product form (one request). */
export async function loadChoices(): Promise<CatalogueChoices> {
  const data = await adminRequest<{
    adminCategories: Category[];
    adminBrands: Brand[];
    catalogueMarkets: Market[];
    catalogueLanguages: Choice[];
    catalogueParameters: Choice[];
  }>(`{ adminCategories { id parentId name alias sortOrder description hidden }
    adminBrands { id name alias description }
    catalogueMarkets { id name currencyCode vatRateBasisPoints active }
    catalogueLanguages { id name }
    catalogueParameters { id name } }`);
  return {
    categories: data.adminCategories,
    brands: data.adminBrands,
    markets: data.catalogueMarkets.filter((m) => m.active && m.currencyCode),
    languages: data.catalogueLanguages,
    parameters: data.catalogueParameters,
  };
}

/** The VAT split of an amount entered for a market, by the shop's VAT rule (the API). */
export async function vatBreakdown(
  marketId: string,
  amount: number,
  vatMode: 'incVat' | 'exVat',
): Promise<MarketPrice> {
  const data = await adminRequest<{ vatBreakdown: MarketPrice }>(
    `query($p: MarketPriceInput!) { vatBreakdown(price: $p) { ${PRICE_FIELDS} } }`,
    { p: { marketId, amount, vatMode } },
  );
  return data.vatBreakdown;
}

/**
 * Kronor as typed ("1 299", "1299,50", "1299.5") to öre, or null when it is not an amount with
 * at most two decimals.
 */
export function parseKronor(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]|kr/gi, '').replace(',', '.');
  if (!/^\d+(?:\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Öre as kronor text for a field: 129900 -> "1299", 123450 -> "1234,50". */
export function kronorText(ore: number): string {
  const whole = Math.trunc(ore / 100);
  const rest = ore % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, '0')}`;
}

/** The categories as a tree in display order, each with its depth (for indented lists). */
export function categoryTree(categories: Category[]): Array<Category & { depth: number }> {
  const byParent = new Map<number | null, Category[]>();
  for (const category of categories) {
    const list = byParent.get(category.parentId) ?? [];
    list.push(category);
    byParent.set(category.parentId, list);
  }
  const out: Array<Category & { depth: number }> = [];
  const walk = (parentId: number | null, depth: number) => {
    const children = [...(byParent.get(parentId) ?? [])].sort(
      (a, b) => a.sortOrder - b.sortOrder || a.id - b.id,
    );
    for (const child of children) {
      out.push({ ...child, depth });
      walk(child.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** An alias from a name: lower case, å/ä → a, ö → o, other characters → hyphens. */
export function aliasOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
