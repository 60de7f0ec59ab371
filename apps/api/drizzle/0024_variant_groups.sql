CREATE TABLE "variant_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"main_product_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"collapse_in_lists" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variant_group_id" integer;--> statement-breakpoint
ALTER TABLE "variant_groups" ADD CONSTRAINT "variant_groups_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_variant_group_id_variant_groups_id_fk" FOREIGN KEY ("variant_group_id") REFERENCES "public"."variant_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_variant_group_id_index" ON "products" USING btree ("variant_group_id");