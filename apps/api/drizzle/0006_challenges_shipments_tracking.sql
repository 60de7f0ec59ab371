CREATE TABLE "used_challenges" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_shipments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_shipments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"shipping_id" integer NOT NULL,
	"shipping_name" text NOT NULL,
	"parcel_number" text NOT NULL,
	"shipping_date" timestamp with time zone NOT NULL,
	"tracking_link" text
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "tracking_url_template" text;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "used_challenges_expires" ON "used_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "order_shipments_order_id_index" ON "order_shipments" USING btree ("order_id");--> statement-breakpoint
UPDATE "shipping_methods" SET "tracking_url_template" = 'https://tracking.postnord.com/se/?id={parcelNumber}' WHERE "alias" IN ('ombud', 'hemleverans') AND "tracking_url_template" IS NULL;
