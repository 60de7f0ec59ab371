CREATE TABLE "catalogue_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_latest_idx" ON "products" USING btree ("first_available_on" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_most_sold_idx" ON "products" USING btree ("sales_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
INSERT INTO "catalogue_state" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One row, updated in the writing transaction: readers see the new version exactly when
  -- they see the new data (the product-list cache reads it before computing a result).
  INSERT INTO catalogue_state (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_categories', 'skus', 'product_parameters',
    'parameters', 'parameter_values', 'brands', 'categories', 'product_search',
    'product_prices', 'price_campaigns', 'price_campaign_prices']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed()', t || '_catalogue_version', t);
  END LOOP;
END $$;
