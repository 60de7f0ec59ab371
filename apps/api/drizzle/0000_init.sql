CREATE TABLE "brands" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secondary_description" text DEFAULT '' NOT NULL,
	CONSTRAINT "brands_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secondary_description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"meta_title" text,
	"meta_description" text,
	CONSTRAINT "categories_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "parameter_groups" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameter_values" (
	"id" integer PRIMARY KEY NOT NULL,
	"parameter_id" integer NOT NULL,
	"value" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parameters" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"identifier" text NOT NULL,
	"label" text NOT NULL,
	"type" text DEFAULT 'text' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"show" boolean DEFAULT true NOT NULL,
	"show_filter" boolean DEFAULT false NOT NULL,
	CONSTRAINT "parameters_identifier_unique" UNIQUE("identifier")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"product_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "product_images_product_id_file_name_pk" PRIMARY KEY("product_id","file_name")
);
--> statement-breakpoint
CREATE TABLE "product_parameters" (
	"product_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"parameter_value_id" integer,
	"value" text NOT NULL,
	CONSTRAINT "product_parameters_product_id_parameter_id_pk" PRIMARY KEY("product_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" integer NOT NULL,
	"related_product_id" integer NOT NULL,
	"relation_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_relations_product_id_related_product_id_relation_type_pk" PRIMARY KEY("product_id","related_product_id","relation_type")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"article_number" text NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"primary_category_id" integer NOT NULL,
	"text1" text DEFAULT '' NOT NULL,
	"text2" text DEFAULT '' NOT NULL,
	"text3" text DEFAULT '' NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"first_available_on" date,
	"weight" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_articleNumber_unique" UNIQUE("article_number"),
	CONSTRAINT "products_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "skus" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"article_number" text NOT NULL,
	"name" text NOT NULL,
	"gtin" text,
	"external_id" text,
	"weight" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "skus_articleNumber_unique" UNIQUE("article_number")
);
--> statement-breakpoint
CREATE TABLE "channel_languages" (
	"channel_id" integer NOT NULL,
	"language_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "channel_languages_channel_id_language_id_pk" PRIMARY KEY("channel_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "channels" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'WEBSHOP' NOT NULL,
	"url" text NOT NULL,
	"default_language_id" text NOT NULL,
	"default_market_id" text NOT NULL,
	"theme" text DEFAULT '{}' NOT NULL,
	CONSTRAINT "channels_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric(12, 6) DEFAULT '1' NOT NULL,
	"minor_units" integer DEFAULT 100 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_languages" (
	"market_id" text NOT NULL,
	"language_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_languages_market_id_language_id_pk" PRIMARY KEY("market_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" text PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"channel_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"currency_code" text,
	"vat_rate_basis_points" integer NOT NULL,
	"default_language_id" text NOT NULL,
	"virtual" boolean DEFAULT false NOT NULL,
	"only_display_in_checkout" boolean DEFAULT false NOT NULL,
	"group_key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "markets_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"sku_id" integer PRIMARY KEY NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	"oversellable" integer DEFAULT 0 NOT NULL,
	"static" integer DEFAULT 0 NOT NULL,
	"incoming" date,
	CONSTRAINT "stock_in_stock_non_negative" CHECK ("stock"."in_stock" >= 0),
	CONSTRAINT "stock_oversellable_non_negative" CHECK ("stock"."oversellable" >= 0),
	CONSTRAINT "stock_static_non_negative" CHECK ("stock"."static" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_stock" (
	"store_id" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_stock_store_id_sku_id_pk" PRIMARY KEY("store_id","sku_id"),
	CONSTRAINT "store_stock_quantity_non_negative" CHECK ("store_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"zip" text NOT NULL,
	"opening_hours" text DEFAULT '' NOT NULL,
	CONSTRAINT "stores_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "price_campaign_prices" (
	"campaign_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"selling_price_inc_vat" integer NOT NULL,
	CONSTRAINT "price_campaign_prices_campaign_id_product_id_market_id_pk" PRIMARY KEY("campaign_id","product_id","market_id"),
	CONSTRAINT "campaign_selling_non_negative" CHECK ("price_campaign_prices"."selling_price_inc_vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_campaigns" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "price_campaigns_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"regular_price_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	CONSTRAINT "product_prices_product_id_market_id_pk" PRIMARY KEY("product_id","market_id"),
	CONSTRAINT "product_prices_regular_non_negative" CHECK ("product_prices"."regular_price_inc_vat" >= 0)
);
--> statement-breakpoint
ALTER TABLE "parameter_values" ADD CONSTRAINT "parameter_values_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_group_id_parameter_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."parameter_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_parameter_id_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."parameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_parameter_value_id_parameter_values_id_fk" FOREIGN KEY ("parameter_value_id") REFERENCES "public"."parameter_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_product_id_products_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_primary_category_id_categories_id_fk" FOREIGN KEY ("primary_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skus" ADD CONSTRAINT "skus_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_languages" ADD CONSTRAINT "channel_languages_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_languages" ADD CONSTRAINT "channel_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channels" ADD CONSTRAINT "channels_default_language_id_languages_id_fk" FOREIGN KEY ("default_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_languages" ADD CONSTRAINT "market_languages_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_languages" ADD CONSTRAINT "market_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_default_language_id_languages_id_fk" FOREIGN KEY ("default_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_stock" ADD CONSTRAINT "store_stock_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_campaign_prices" ADD CONSTRAINT "price_campaign_prices_campaign_id_price_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."price_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_campaign_prices" ADD CONSTRAINT "price_campaign_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_campaign_prices" ADD CONSTRAINT "price_campaign_prices_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_currency_code_currencies_code_fk" FOREIGN KEY ("currency_code") REFERENCES "public"."currencies"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_id_index" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "parameter_values_parameter_id_index" ON "parameter_values" USING btree ("parameter_id");--> statement-breakpoint
CREATE INDEX "product_categories_category_id_index" ON "product_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_id_index" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_primary_category_id_index" ON "products" USING btree ("primary_category_id");--> statement-breakpoint
CREATE INDEX "skus_product_id_index" ON "skus" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_campaign_prices_product_id_market_id_index" ON "price_campaign_prices" USING btree ("product_id","market_id");