CREATE TABLE "alias_history" (
	"kind" text NOT NULL,
	"alias" text NOT NULL,
	"entity_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alias_history_kind_alias_pk" PRIMARY KEY("kind","alias")
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"language_id" text NOT NULL,
	"name" text NOT NULL,
	"text1" text DEFAULT '' NOT NULL,
	"text2" text DEFAULT '' NOT NULL,
	"text3" text DEFAULT '' NOT NULL,
	CONSTRAINT "product_translations_product_id_language_id_pk" PRIMARY KEY("product_id","language_id")
);
--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alias_history_kind_entity_id_index" ON "alias_history" USING btree ("kind","entity_id");