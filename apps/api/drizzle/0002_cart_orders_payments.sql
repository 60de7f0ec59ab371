CREATE TABLE "cart_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" text NOT NULL,
	"sku_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"product_name" text NOT NULL,
	"article_number" text NOT NULL,
	"sku_name" text NOT NULL,
	"sku_article_number" text NOT NULL,
	"unit_price_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_items_cart_sku" UNIQUE("cart_id","sku_id"),
	CONSTRAINT "cart_items_quantity_range" CHECK ("cart_items"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"promo_code" text,
	"gift_card_code" text,
	"customer_id" integer,
	"checkout" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "carts_status_known" CHECK ("carts"."status" in ('open', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "gift_card_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"code" text PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"balance" integer NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "gift_cards_balance_non_negative" CHECK ("gift_cards"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"sku_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"article_number" text NOT NULL,
	"sku_article_number" text NOT NULL,
	"name" text NOT NULL,
	"sku_name" text NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"regular_unit_price_inc_vat" integer NOT NULL,
	"unit_price_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"total_inc_vat" integer NOT NULL,
	"total_ex_vat" integer NOT NULL,
	"discount_inc_vat" integer NOT NULL,
	"discount_ex_vat" integer NOT NULL,
	"campaign_names" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"public_id" uuid NOT NULL,
	"cart_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"customer_id" integer,
	"market_id" text NOT NULL,
	"currency_code" text NOT NULL,
	"language_id" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"customer_type" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"identity_number" text DEFAULT '' NOT NULL,
	"billing_address" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"promo_code" text,
	"campaign_names" text[] DEFAULT '{}' NOT NULL,
	"shipping_id" integer NOT NULL,
	"shipping_name" text NOT NULL,
	"pickup_point" text,
	"payment_id" integer NOT NULL,
	"payment_name" text NOT NULL,
	"payment_type" text NOT NULL,
	"item_value_inc_vat" integer NOT NULL,
	"item_value_ex_vat" integer NOT NULL,
	"discount_inc_vat" integer NOT NULL,
	"discount_ex_vat" integer NOT NULL,
	"shipping_fee_inc_vat" integer NOT NULL,
	"shipping_fee_ex_vat" integer NOT NULL,
	"payment_fee_inc_vat" integer DEFAULT 0 NOT NULL,
	"payment_fee_ex_vat" integer DEFAULT 0 NOT NULL,
	"order_value_inc_vat" integer NOT NULL,
	"order_value_ex_vat" integer NOT NULL,
	"from_balance" integer DEFAULT 0 NOT NULL,
	"vats" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	CONSTRAINT "orders_publicId_unique" UNIQUE("public_id"),
	CONSTRAINT "orders_cartId_unique" UNIQUE("cart_id"),
	CONSTRAINT "orders_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('received', 'processing', 'completed', 'cancelled')),
	CONSTRAINT "orders_value_non_negative" CHECK ("orders"."order_value_inc_vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_payments_provider_transaction" UNIQUE("provider","transaction_id"),
	CONSTRAINT "order_payments_status_known" CHECK ("order_payments"."status" in ('pending', 'authorized', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"event_type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_event" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"cart_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"decline_reason" text,
	"checkout" jsonb NOT NULL,
	"market_id" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sessions_status_known" CHECK ("payment_sessions"."status" in ('created', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "cart_campaigns" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer,
	"brand_id" integer,
	"action" text NOT NULL,
	"buy_quantity" integer DEFAULT 0 NOT NULL,
	"pay_quantity" integer DEFAULT 0 NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	CONSTRAINT "cart_campaigns_action_known" CHECK ("cart_campaigns"."action" in ('buy_x_pay_y', 'percent')),
	CONSTRAINT "cart_campaigns_one_rule" CHECK (("cart_campaigns"."category_id" is null) <> ("cart_campaigns"."brand_id" is null))
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"amount_inc_vat" integer DEFAULT 0 NOT NULL,
	"min_order_inc_vat" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promo_codes_kind_known" CHECK ("promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent_basis_points" between 0 and 10000),
	CONSTRAINT "promo_codes_amount_non_negative" CHECK ("promo_codes"."amount_inc_vat" >= 0),
	CONSTRAINT "promo_codes_usage_within_limit" CHECK ("promo_codes"."usage_limit" is null or "promo_codes"."times_used" <= "promo_codes"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" integer PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"fee_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	"free_shipping_eligible" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shipping_methods_alias_unique" UNIQUE("alias"),
	CONSTRAINT "shipping_methods_kind_known" CHECK ("shipping_methods"."kind" in ('home', 'service_point', 'pickup')),
	CONSTRAINT "shipping_methods_fee_non_negative" CHECK ("shipping_methods"."fee_inc_vat" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_sku_id_skus_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."skus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_code_gift_cards_code_fk" FOREIGN KEY ("code") REFERENCES "public"."gift_cards"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_campaigns" ADD CONSTRAINT "cart_campaigns_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_campaigns" ADD CONSTRAINT "cart_campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_items_cart_id_index" ON "cart_items" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "gift_card_attempts_cart_id_attempted_at_index" ON "gift_card_attempts" USING btree ("cart_id","attempted_at");--> statement-breakpoint
CREATE INDEX "gift_card_transactions_code_index" ON "gift_card_transactions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "order_status_history_order_id_index" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_id_index" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_id_index" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_sessions_cart_id_index" ON "payment_sessions" USING btree ("cart_id");