/**
 * Search suggestions and popular searches (issue 5; a non-Geins extension of the API, see
 * search.graphql.ts). Products for a prefix come from the Geins field
 * `products(filter: {searchText})`; this service adds the categories and brands that match and
 * the terms shoppers search most.
 */
import { and, desc, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, categories } from '../catalog/catalog.tables.ts';
import type { BrandRecord, CategoryRecord, CategoryTree } from '../catalog/catalog.service.ts';
import {
  BRAND_TYPO_SIMILARITY,
  normaliseSearchTerm,
  prefixQuery,
  searchWords,
} from './search-text.ts';
import { searchQueries } from './search.tables.ts';

/** Categories and brands matching a prefix. */
export interface NameSuggestions {
  categories: CategoryRecord[];
  brands: BrandRecord[];
}

/** Most suggestions of each kind. */
export const MAX_SUGGESTIONS = 10;

/**
 * SQL: a name matches the words of a prefix: every word is a Swedish-stemmed prefix of a word
 * of the name ("hjälmar" -> Hjälmar), a substring of it, or close to it (pg_trgm, typos); the
 * stems and substrings are compared with å, ä, ö, é, ü folded ("hjalm" -> Hjälmar, issue 14),
 * as the product search does (search-text.ts `prefixQuery`).
 */
function nameMatches(name: typeof brands.name | typeof categories.name, words: string[]) {
  return and(
    ...words.map(
      (word) => sql`(search_fold(to_tsvector('swedish'::regconfig, ${name})) @@ ${prefixQuery(word)}
        or unaccent(${name}) ilike unaccent(${`%${word}%`})
        or word_similarity(${word}, ${name}) >= ${BRAND_TYPO_SIMILARITY})`,
    ),
  )!;
}

/**
 * Categories (visible ones) and brands whose names match `prefix` (see {@link nameMatches}),
 * best match first, at most `take` (1..10) of each. Two statements; none for an empty prefix.
 */
export async function suggestNames(
  db: Database,
  tree: CategoryTree,
  prefix: string,
  take: number,
): Promise<NameSuggestions> {
  const words = searchWords(prefix.slice(0, 100));
  const limit = Math.max(1, Math.min(MAX_SUGGESTIONS, Math.trunc(take)));
  if (words.length === 0) return { categories: [], brands: [] };
  const text = words.join(' ');
  const [categoryRows, brandRows] = await Promise.all([
    db
      .select({ id: categories.id })
      .from(categories)
      .where(nameMatches(categories.name, words))
      .orderBy(desc(sql`word_similarity(${text}, ${categories.name})`), categories.sortOrder)
      .limit(limit * 2),
    db
      .select()
      .from(brands)
      .where(nameMatches(brands.name, words))
      .orderBy(desc(sql`word_similarity(${text}, ${brands.name})`), brands.name)
      .limit(limit),
  ]);
  const visible = categoryRows
    .map((row) => tree.byId.get(row.id))
    .filter((c): c is CategoryRecord => !!c && !tree.pathOf(c.id).some((a) => a.isHidden))
    .slice(0, limit);
  return { categories: visible, brands: brandRows };
}

/** A popular search term with how often it was searched. */
export interface PopularSearch {
  term: string;
  count: number;
}

/**
 * The most searched terms that gave hits, most searched first, at most `take` (1..20). One
 * statement.
 */
export async function popularSearches(db: Database, take: number): Promise<PopularSearch[]> {
  const limit = Math.max(1, Math.min(20, Math.trunc(take)));
  return db
    .select({ term: searchQueries.term, count: searchQueries.count })
    .from(searchQueries)
    .where(gt(searchQueries.hits, 0))
    .orderBy(desc(searchQueries.count), desc(searchQueries.lastSearchedAt), searchQueries.term)
    .limit(limit);
}

/**
 * Counts one search of `term` (normalised, see {@link normaliseSearchTerm}) with its number of
 * hits: one upsert. Terms without letters or digits are not recorded.
 * @returns the normalised term, or null when it was not recorded.
 */
export async function recordSearch(
  db: Database,
  term: string,
  hits: number,
  now: Date,
): Promise<string | null> {
  const normalised = normaliseSearchTerm(term);
  if (searchWords(normalised).length === 0) return null;
  const safeHits = Math.max(0, Math.min(1_000_000, Math.trunc(hits)));
  await db
    .insert(searchQueries)
    .values({ term: normalised, count: 1, hits: safeHits, lastSearchedAt: now })
    .onConflictDoUpdate({
      target: searchQueries.term,
      set: {
        count: sql`${searchQueries.count} + 1`,
        hits: safeHits,
        lastSearchedAt: now,
      },
    });
  return normalised;
}
