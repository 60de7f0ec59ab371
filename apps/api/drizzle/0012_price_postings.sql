CREATE TABLE "price_postings" (
	"market_id" text NOT NULL,
	"catalogue_version" bigint NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"bits" bit varying NOT NULL,
	CONSTRAINT "price_postings_market_id_catalogue_version_since_key_pk" PRIMARY KEY("market_id","catalogue_version","since","key")
);
--> statement-breakpoint
CREATE TABLE "selling_prices" (
	"market_id" text NOT NULL,
	"catalogue_version" bigint NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"product_id" integer NOT NULL,
	"selling" integer NOT NULL,
	CONSTRAINT "selling_prices_market_id_catalogue_version_since_product_id_pk" PRIMARY KEY("market_id","catalogue_version","since","product_id")
);
--> statement-breakpoint
CREATE INDEX "selling_prices_order_idx" ON "selling_prices" USING btree ("market_id","catalogue_version","since","selling","product_id");