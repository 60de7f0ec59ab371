CREATE TABLE "price_log" (
	"product_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"selling_price_inc_vat" integer NOT NULL,
	"regular_price_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	CONSTRAINT "price_log_product_id_market_id_changed_at_pk" PRIMARY KEY("product_id","market_id","changed_at"),
	CONSTRAINT "price_log_selling_non_negative" CHECK ("price_log"."selling_price_inc_vat" >= 0)
);
--> statement-breakpoint
ALTER TABLE "price_log" ADD CONSTRAINT "price_log_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_log" ADD CONSTRAINT "price_log_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;