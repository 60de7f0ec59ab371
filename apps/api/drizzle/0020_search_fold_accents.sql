-- Issue 14: shoppers type "hjalm" for "hjälm". The search documents fold å, ä, ö, é, ü (and the
-- other accents of the `unaccent` rules) after stemming, so the Swedish stemmer still sees the
-- real word ("hjälmar" -> 'hjälm' -> 'hjalm') and its stop words ("för", "på") still drop out;
-- search-text.ts folds the query words' stems the same way. The facet postings' lexeme keys
-- (`w<field><lexeme>`) come from the documents: they are dropped and rebuilt in the background.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- A tsvector with every lexeme folded (positions and weights kept; lexemes that fold to the same
-- text merge). Built lexeme by lexeme, quoted, so no rule can break the tsvector syntax.
CREATE OR REPLACE FUNCTION search_fold(v tsvector) RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(
    '''' || replace(replace(u.folded, '\', '\\'), '''', '''''') || '''' ||
      coalesce(':' || (SELECT string_agg(x.p::text || x.w, ',')
        FROM unnest(e.positions, e.weights) AS x (p, w)), ''),
    ' '), '')::tsvector
  FROM unnest(v) AS e, LATERAL (SELECT unaccent(e.lexeme) AS folded) AS u
  WHERE u.folded <> ''
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search (product_id, document)
  SELECT p.id, search_fold(
    setweight(to_tsvector('swedish'::regconfig, p.name), 'A') ||
    setweight(to_tsvector('swedish'::regconfig, coalesce(b.name, '')), 'B') ||
    setweight(to_tsvector('swedish'::regconfig, coalesce((
      WITH RECURSIVE up(id, parent_id, name) AS (
        SELECT c.id, c.parent_id, c.name FROM product_categories pc
          JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id
        UNION
        SELECT c.id, c.parent_id, c.name FROM categories c JOIN up ON c.id = up.parent_id
      ) SELECT string_agg(DISTINCT up.name, ' ') FROM up), '')), 'C') ||
    setweight(to_tsvector('swedish'::regconfig, p.text2 || ' ' || p.text1), 'D'))
  FROM products p LEFT JOIN brands b ON b.id = p.brand_id
  WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
$$;
--> statement-breakpoint
UPDATE product_search SET document = search_fold(document);
--> statement-breakpoint
DELETE FROM facet_postings;
