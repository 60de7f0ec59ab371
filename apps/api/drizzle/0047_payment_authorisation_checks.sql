CREATE TABLE "payment_authorisation_checks" (
	"order_payment_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"provider_status" text,
	"expires_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL,
	"flagged_at" timestamp with time zone,
	CONSTRAINT "payment_authorisation_checks_state_known" CHECK ("payment_authorisation_checks"."state" in ('ok', 'expiring', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "payment_authorisation_checks" ADD CONSTRAINT "payment_authorisation_checks_order_payment_id_order_payments_id_fk" FOREIGN KEY ("order_payment_id") REFERENCES "public"."order_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_authorisation_checks" ADD CONSTRAINT "payment_authorisation_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_authorisation_checks_order_id_index" ON "payment_authorisation_checks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_authorisation_checks_state_index" ON "payment_authorisation_checks" USING btree ("state");