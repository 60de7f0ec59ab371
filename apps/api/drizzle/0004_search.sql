CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"term" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"last_searched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_document_idx" ON "product_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_queries_count_idx" ON "search_queries" USING btree ("count");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_refresh(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO product_search (product_id, document)
  SELECT p.id,
    setweight(to_tsvector('swedish'::regconfig, p.name), 'A') ||
    setweight(to_tsvector('swedish'::regconfig, coalesce(b.name, '')), 'B') ||
    setweight(to_tsvector('swedish'::regconfig, coalesce((
      WITH RECURSIVE up(id, parent_id, name) AS (
        SELECT c.id, c.parent_id, c.name FROM product_categories pc
          JOIN categories c ON c.id = pc.category_id WHERE pc.product_id = p.id
        UNION
        SELECT c.id, c.parent_id, c.name FROM categories c JOIN up ON c.id = up.parent_id
      ) SELECT string_agg(DISTINCT up.name, ' ') FROM up), '')), 'C') ||
    setweight(to_tsvector('swedish'::regconfig, p.text2 || ' ' || p.text1), 'D')
  FROM products p LEFT JOIN brands b ON b.id = p.brand_id
  WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET document = excluded.document;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_brands_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM product_search_refresh(ARRAY(
    SELECT p.id FROM products p WHERE p.brand_id IN (SELECT id FROM changed_rows)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_search_categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A renamed category changes the documents of every product below it: refresh them all
  -- (categories are few and rarely renamed).
  PERFORM product_search_refresh(ARRAY(SELECT DISTINCT product_id FROM product_categories));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_search_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_products_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_products_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_products_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_links_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_links_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_links_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_brands_update AFTER UPDATE ON brands
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_brands_changed();
--> statement-breakpoint
CREATE TRIGGER product_search_categories_update AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION product_search_categories_changed();
--> statement-breakpoint
SELECT product_search_refresh(ARRAY(SELECT id FROM products));
