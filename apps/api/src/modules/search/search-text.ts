/**
 * Search text handling (issue 5, GEINS-API §5.2 searchText): normalising what a shopper typed
 * and building the SQL that matches and ranks products with PostgreSQL full-text search
 * (`swedish` configuration: "hjälmar" finds "hjälm"; stems folded with `unaccent`: "hjalm" finds
 * "hjälm") and pg_trgm typo tolerance ("monrk" finds Monark). Pure except for the SQL fragments it returns; no statement runs here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { brands, products } from '../catalog/catalog.tables.ts';
import { productSearch } from './search.tables.ts';

/** The longest search text the API accepts, in characters (longer: BAD_USER_INPUT). */
export const MAX_SEARCH_TEXT = 256;
/** Words of a search text that are used; the rest is ignored. */
export const MAX_SEARCH_WORDS = 8;
/** The longest word that is used (longer words are cut). */
const MAX_WORD = 40;
/** Minimum pg_trgm word similarity for a brand-name typo ("monrk" -> Monark is 0.5). */
export const BRAND_TYPO_SIMILARITY = 0.45;

/**
 * The words of a search text: letters and digits only (so they are safe inside `to_tsquery`),
 * lower-cased, at most {@link MAX_SEARCH_WORDS} words of at most 40 characters. Anything else
 * (quotes, SQL, HTML, punctuation) separates words.
 */
export function searchWords(text: string): string[] {
  const words = text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => w.slice(0, MAX_WORD));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * A search term as it is counted for popular searches: trimmed, single spaces, lower case, at
 * most 100 characters; empty when nothing is left.
 */
export function normaliseSearchTerm(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 100).trim();
}

/** Consonants after which Swedish drops the e of a final -el or -er when a word is inflected. */
const SYNCOPE_CONSONANTS = 'bcdfghkpqstvxz';

/**
 * The search query of a word (a `tsquery`, SQL): its Swedish stem as a prefix, `stem:*`, and
 * also the stem's other form where Swedish drops or keeps an e before a final l or r
 * ("cykel" – "cyklar": stems 'cykel' and 'cykl'; "sadel" – "sadlar", "växel" – "växlar",
 * "filter" – "filtren"), so that "cyklar" finds "cykel" and "cykel" finds "Cyklar": `'cykl':* |
 * 'cykel':*`. With `field` (A name, B brand, C categories, D texts) only lexemes of that field
 * match (`:*A`); with `exact` only the stems themselves, not longer lexemes (`'cykl':A`: "Cyklar"
 * but not "Cykelkläder"). A word the parser splits ("x²") or a stop word keeps
 * `to_tsquery('swedish', 'word:*')` (several lexemes, or none). The stems are folded with
 * `unaccent` after stemming, as the documents are (migration 0017 `search_fold`, issue 14):
 * "hjälmar" -> 'hjälm' -> 'hjalm', so "hjalm" and "hjälm" find the same products, and stop
 * words ("för") still drop out. Evaluated once per statement (an uncorrelated subquery).
 */
export function prefixQuery(word: string, field?: keyof typeof FIELD_POINTS, exact = false): SQL {
  const suffix = exact ? (field ? `:${field}` : '') : `:*${field ?? ''}`;
  const c = `[${SYNCOPE_CONSONANTS}]`;
  return sql`(select case
      when array_length(w.lexemes, 1) is distinct from 1 then (select case when numnode(q) = 0 then q
        else unaccent(q::text)::tsquery end from to_tsquery('swedish'::regconfig, ${`${word}${suffix}`}) as q)
      else to_tsquery('simple'::regconfig, quote_literal(w.lexemes[1]) || ${suffix}
        || coalesce(' | ' || quote_literal(case
          when w.lexemes[1] ~ ${`${c}e[lr]$`} then regexp_replace(w.lexemes[1], ${'e([lr])$'}, ${'\\1'})
          when w.lexemes[1] ~ ${`${c}[lr]$`} then regexp_replace(w.lexemes[1], ${'([lr])$'}, ${'e\\1'}) end) || ${suffix}, ''))
    end from (select array(select unaccent(l) from unnest(tsvector_to_array(
      to_tsvector('swedish'::regconfig, ${word}))) as l) as lexemes) as w)`;
}

/**
 * Points a search word scores by the field of the document it is found in (weights of
 * `product_search.document`, search.tables.ts): name (A) 16 > brand (B) 8 > category (C) 4 >
 * description (D) 2, plus {@link EXACT_POINT} when that field holds the word's stem itself
 * rather than a longer word starting with it; 0 when only a typo or a stop word matches. A
 * product's rank is the sum over the words of its best field's points.
 */
export const FIELD_POINTS = { A: 16, B: 8, C: 4, D: 2 } as const;

/**
 * The point a word scores on top of its best field's when that field holds the word's stem as
 * a whole lexeme: "cykel" ranks the bikes of "Cyklar" (stem 'cykl') above "Cykelkläder".
 */
export const EXACT_POINT = 1;

/** The SQL of a product search: a condition on `products` and a rank expression. */
export interface SearchSql {
  /** True for products matching every word (each word in any field, or as a typo). */
  condition: SQL;
  /**
   * The RELEVANCE rank of a product (an `integer`, higher is better): for each word the
   * {@link FIELD_POINTS} of the best field it is found in (as a prefix of a lexeme), plus
   * {@link EXACT_POINT} when that field holds the stem itself, summed.
   * Ties are ordered newest first (LATEST). Reads `product_search.document`: the statement must
   * left-join `product_search` on the product ({@link joinSearchDocument}).
   */
  rank: SQL;
}

/** `left join product_search on product_id = products.id`, for {@link SearchSql.rank}. */
export const joinSearchDocument = {
  table: productSearch,
  on: sql`${productSearch.productId} = ${products.id}`,
} as const;

/**
 * Builds the matching and ranking SQL for the words of a search text (see {@link searchWords}).
 * A word matches a product when the product's document (name, brand, categories with their
 * ancestors, texts) contains a word starting with its Swedish stem; a word that matches no
 * product at all is treated as a typo and matched by trigram similarity against brand names
 * (>= {@link BRAND_TYPO_SIMILARITY}) and product names (pg_trgm's `<%`, threshold 0.6).
 * A stop word ("och") matches everything. Null when there are no words.
 *
 * Each word is one `products.id in (…)` over a union of index-driven branches (the GIN index on
 * the documents, the brand's products, the trigram GIN index on names); the typo branches are
 * switched on or off once per statement (an uncorrelated `not exists`), never per product.
 */
export function searchSql(words: readonly string[]): SearchSql | null {
  if (words.length === 0) return null;
  const perWord = words.map((word) => {
    const q = prefixQuery(word);
    // `hits` is read in full by its own branch and only to its first row by the typo branches.
    return sql`${products.id} in (
      with hits as materialized (
        select ${productSearch.productId} as id from ${productSearch} where ${productSearch.document} @@ ${q})
      select ${products.id} from ${products} where numnode(${q}) = 0
      union all
      select hits.id from hits
      union all
      select ${products.id} from ${products} where not exists (select 1 from hits)
        and ${products.brandId} = any(array(
          select ${brands.id} from ${brands} where word_similarity(${word}, ${brands.name}) >= ${BRAND_TYPO_SIMILARITY}))
      union all
      select ${products.id} from ${products} where not exists (select 1 from hits) and ${word} <% ${products.name})`;
  });
  const document = sql`${productSearch.document}`;
  // Per word the best field (A, B, C, then D: any lexeme) and whether it holds the stem itself.
  const fields = ['A', 'B', 'C', 'D'] as const;
  const points = words.map(
    (word) =>
      sql`(case ${sql.join(
        fields.map((field) => {
          const only = field === 'D' ? undefined : field;
          return sql`when ${document} @@ ${prefixQuery(word, only, true)} then ${FIELD_POINTS[field] + EXACT_POINT}::int
      when ${document} @@ ${prefixQuery(word, only)} then ${FIELD_POINTS[field]}::int`;
        }),
        sql`
      `,
      )} else 0 end)`,
  );
  const rank = sql`(${sql.join(points, sql` + `)})::int`;
  return { condition: sql.join(perWord, sql` and `), rank };
}

/**
 * SQL: the product is a typo match of `word` (what {@link searchSql} matches when no product's
 * document has the word): its brand's name is similar (>= {@link BRAND_TYPO_SIMILARITY}) or
 * its name is (pg_trgm `<%`). A condition on `products`.
 */
export function typoSql(word: string): SQL {
  return sql`(${products.brandId} = any(array(
      select ${brands.id} from ${brands} where word_similarity(${word}, ${brands.name}) >= ${BRAND_TYPO_SIMILARITY}))
    or ${word} <% ${products.name})`;
}

/**
 * A page of products in RELEVANCE order (rank desc, then LATEST: first available desc nulls
 * last, id desc) as a derived table `top (id, fad, rank)` in that order: the products meeting
 * `where` (a condition on `products`, as for the list), ranked from their documents. The row
 * path of a search page; facet-postings.ts `postingsRankedPageStatement` gives the same page
 * from the postings. `take` >= 1.
 */
export function rankedPageSql(search: SearchSql, where: SQL, skip: number, take: number): SQL {
  return sql`(select ${products.id} as id, ${products.firstAvailableOn} as fad, ${search.rank} as rank
    from ${products} left join ${joinSearchDocument.table} on ${joinSearchDocument.on}
    where ${where}
    order by rank desc, fad desc nulls last, id desc
    limit ${take} offset ${skip}) as top`;
}
