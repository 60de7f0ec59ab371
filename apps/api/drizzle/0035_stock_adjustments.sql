CREATE TABLE "stock_adjustments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sku_id" integer NOT NULL,
	"store_id" integer,
	"reason" text NOT NULL,
	"quantity_before" integer NOT NULL,
	"quantity_after" integer NOT NULL,
	"change" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"staff_user_id" integer,
	"staff_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_reason" CHECK ("stock_adjustments"."reason" in ('inleverans', 'inventering', 'svinn', 'retur', 'korrigering')),
	CONSTRAINT "stock_adjustments_after_non_negative" CHECK ("stock_adjustments"."quantity_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustments_sku_at" ON "stock_adjustments" USING btree ("sku_id","at");