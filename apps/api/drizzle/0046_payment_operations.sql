CREATE TABLE "payment_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"order_payment_id" integer NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"seq" integer NOT NULL,
	"amount" integer NOT NULL,
	"refund_no" integer,
	"idempotency_key" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_operation_id" text,
	"error_code" text,
	"provider_message" text,
	"shipping_info" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"staff_user_id" integer,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_operations_key" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_operations_seq" UNIQUE("order_payment_id","kind","seq"),
	CONSTRAINT "payment_operations_amount" CHECK ("payment_operations"."amount" >= 0),
	CONSTRAINT "payment_operations_kind_known" CHECK ("payment_operations"."kind" in ('capture', 'cancel', 'release', 'refund')),
	CONSTRAINT "payment_operations_state_known" CHECK ("payment_operations"."state" in ('queued', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "captured_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_payments" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_operations" ADD CONSTRAINT "payment_operations_order_payment_id_order_payments_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_operations_order_id_index" ON "payment_operations" USING btree ("order_id");