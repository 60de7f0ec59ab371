ALTER TABLE "carts" ADD COLUMN "merchant_data" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "desired_delivery_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_order_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "goods_label" text;