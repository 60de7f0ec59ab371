CREATE TABLE "facet_changes" (
	"structure_version" bigint NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "facet_changes_structure_version_product_id_pk" PRIMARY KEY("structure_version","product_id")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION facet_structure_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  -- As catalogue_structure_changed() (migration 0014), and the products whose facet postings
  -- the new structure version changes (table facet_changes): those of the statement's old and new
  -- rows, their product id column named by TG_ARGV[0]; '*' or TRUNCATE: -1, every product.
  INSERT INTO catalogue_state (id, version, structure_version) VALUES (1, 1, 1)
    ON CONFLICT (id) DO UPDATE SET version = catalogue_state.version + 1,
      structure_version = catalogue_state.structure_version + 1
    RETURNING structure_version INTO v;
  IF TG_ARGV[0] = '*' OR TG_OP = 'TRUNCATE' THEN
    INSERT INTO facet_changes (structure_version, product_id) VALUES (v, -1) ON CONFLICT DO NOTHING;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format('INSERT INTO facet_changes (structure_version, product_id)
      SELECT DISTINCT $1, %I FROM new_rows ON CONFLICT DO NOTHING', TG_ARGV[0]) USING v;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format('INSERT INTO facet_changes (structure_version, product_id)
      SELECT DISTINCT $1, %I FROM old_rows ON CONFLICT DO NOTHING', TG_ARGV[0]) USING v;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  c text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_categories', 'skus', 'product_parameters',
    'categories', 'product_search']
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_catalogue_version', t);
    c := CASE t WHEN 'products' THEN 'id' WHEN 'categories' THEN '*' ELSE 'product_id' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facet_structure_changed(%L)', t || '_facet_insert', t, c);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION facet_structure_changed(%L)', t || '_facet_update', t, c);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION facet_structure_changed(%L)', t || '_facet_delete', t, c);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION facet_structure_changed(%L)', t || '_facet_truncate', t, c);
  END LOOP;
END $$;
--> statement-breakpoint
DROP FUNCTION IF EXISTS catalogue_structure_changed();
--> statement-breakpoint
-- Postings built before the changes were recorded are not updated but rebuilt.
DELETE FROM "facet_postings";
