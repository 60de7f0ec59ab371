/**
 * The search box's suggestions (shape of `/sok/forslag`) and the recent searches kept in the
 * browser (localStorage). Pure apart from the storage helpers.
 */
import type { SearchSuggestionsQuery } from '../../graphql/generated';
import { present } from '../product/card-product';

/** A suggested product. */
export interface SuggestedProduct {
  id: number;
  name: string;
  brand: string;
  url: string;
  imageFileName: string | null;
  price: string | null;
}

/** What `/sok/forslag` returns. */
export interface Suggestions {
  query: string;
  /** Total product hits for the text. */
  count: number;
  products: SuggestedProduct[];
  categories: Array<{ name: string; url: string }>;
  brands: Array<{ name: string; url: string }>;
  /** Popular searches (only for an empty text). */
  popular: string[];
}

/** Maps the API answer to suggestions. */
export function toSuggestions(query: string, data: SearchSuggestionsQuery): Suggestions {
  return {
    query,
    count: Number(data.products?.count ?? 0),
    products: present(data.products?.products).map((p) => ({
      id: p.productId,
      name: p.name ?? p.alias,
      brand: p.brand?.name ?? '',
      url: p.canonicalUrl || `/p/${encodeURIComponent(p.alias)}`,
      imageFileName: present(p.productImages)[0]?.fileName ?? null,
      price: p.unitPrice?.sellingPriceIncVatFormatted ?? null,
    })),
    categories: present(data.searchSuggestions.categories).map((c) => ({
      name: c.name,
      url: c.canonicalUrl,
    })),
    brands: present(data.searchSuggestions.brands).map((b) => ({
      name: b.name ?? '',
      url: b.canonicalUrl ?? '/varumarken',
    })),
    popular: [],
  };
}

/** localStorage key of the recent searches (the shop's `ralph-` prefix). */
export const RECENT_KEY = 'ralph-recent-searches';
/** Recent searches kept. */
export const MAX_RECENT = 6;

/** Adds a term first (case-insensitive duplicates removed), keeping at most {@link MAX_RECENT}. */
export function addRecent(list: readonly string[], term: string): string[] {
  const clean = term.replace(/\s+/g, ' ').trim().slice(0, 100);
  if (!clean) return [...list];
  return [clean, ...list.filter((t) => t.toLowerCase() !== clean.toLowerCase())].slice(
    0,
    MAX_RECENT,
  );
}

/** Reads the recent searches (an empty list when storage is missing or broken). */
export function readRecent(): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT)
      : [];
  } catch {
    return [];
  }
}

/** Stores a search as the most recent one. */
export function rememberSearch(term: string): void {
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(addRecent(readRecent(), term)));
  } catch {
    // Private mode or full storage: recent searches are a convenience only.
  }
}
