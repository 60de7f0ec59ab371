ALTER TABLE "cart_items" ADD COLUMN "pickup_store_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "pickup_store_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_pickup_store_id_stores_id_fk" FOREIGN KEY ("pickup_store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;