CREATE TABLE "availability_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sku_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "availability_subscriptions_sku_email" UNIQUE("sku_id","email")
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "newsletter_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscriptions_email_unique" UNIQUE("email"),
	CONSTRAINT "newsletter_subscriptions_state" CHECK ("newsletter_subscriptions"."state" in ('pending', 'confirmed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"author" text NOT NULL,
	"comment" text NOT NULL,
	"rating" smallint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "product_reviews_product_customer" UNIQUE("product_id","customer_id"),
	CONSTRAINT "product_reviews_rating" CHECK ("product_reviews"."rating" between 1 and 5),
	CONSTRAINT "product_reviews_state" CHECK ("product_reviews"."state" in ('pending', 'published', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "availability_subscriptions" ADD CONSTRAINT "availability_subscriptions_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_subscriptions_open" ON "availability_subscriptions" USING btree ("sku_id") WHERE "availability_subscriptions"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "availability_subscriptions_email" ON "availability_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "product_reviews_published" ON "product_reviews" USING btree ("product_id","created_at") WHERE "product_reviews"."state" = 'published';