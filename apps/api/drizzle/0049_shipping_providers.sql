CREATE TABLE "nshift_services" (
	"option_id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"order_no" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_ref" text,
	"shipment_ref" text,
	"error_code" text,
	"provider_message" text,
	"label_pdf" "bytea",
	"staff_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_bookings_orderNo_unique" UNIQUE("order_no"),
	CONSTRAINT "order_bookings_orderId_seq_unique" UNIQUE("order_id","seq"),
	CONSTRAINT "order_bookings_state_known" CHECK ("order_bookings"."state" in ('queued', 'booked', 'failed', 'uncertain', 'manual')),
	CONSTRAINT "order_bookings_label_size" CHECK (octet_length("order_bookings"."label_pdf") <= 1048576)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_choice" jsonb;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_provider" text DEFAULT 'own' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_choice_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_promise" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_widget_data" text;--> statement-breakpoint
ALTER TABLE "order_bookings" ADD CONSTRAINT "order_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;