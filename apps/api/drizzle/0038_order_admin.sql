CREATE TABLE "order_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"kind" text DEFAULT 'note' NOT NULL,
	"text" text NOT NULL,
	"staff_user_id" integer,
	"staff_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notes_kind_known" CHECK ("order_notes"."kind" in ('note', 'confirmation'))
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"refund_no" integer NOT NULL,
	"line_no" integer,
	"quantity" integer NOT NULL,
	"amount_inc_vat" integer NOT NULL,
	"amount_ex_vat" integer NOT NULL,
	"to_balance" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"staff_user_id" integer,
	"staff_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."amount_inc_vat" >= "order_refunds"."amount_ex_vat" and "order_refunds"."amount_ex_vat" >= 0),
	CONSTRAINT "order_refunds_quantity" CHECK ("order_refunds"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "staff_user_id" integer;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "staff_email" text;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_notes_order_id_index" ON "order_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_id_index" ON "order_refunds" USING btree ("order_id");