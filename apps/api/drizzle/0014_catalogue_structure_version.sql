ALTER TABLE "catalogue_state" ADD COLUMN "structure_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "catalogue_state" SET "structure_version" = "version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- As catalogue_changed() (migration 0007), and the structure version the facet postings are
  -- built at: only writes to what they are built from raise it.
  INSERT INTO catalogue_state (id, version, structure_version) VALUES (1, 1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1,
      structure_version = catalogue_state.structure_version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_categories', 'skus', 'product_parameters',
    'categories', 'product_search']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_catalogue_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalogue_structure_changed()', t || '_catalogue_version', t);
  END LOOP;
END $$;
