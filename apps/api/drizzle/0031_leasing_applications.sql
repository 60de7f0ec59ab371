CREATE TABLE "leasing_applications" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"employer_name" text NOT NULL,
	"organisation_number" text NOT NULL,
	"employer_email" text NOT NULL,
	"period_months" integer NOT NULL,
	"package_id" text NOT NULL,
	"marginal_tax_basis_points" integer NOT NULL,
	"net_cost_per_month" integer NOT NULL,
	"gross_deduction_per_month" integer NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leasing_applications_status_known" CHECK ("leasing_applications"."status" in ('awaiting', 'approved', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "leasing_applications" ADD CONSTRAINT "leasing_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('awaiting_approval', 'received', 'processing', 'completed', 'cancelled'));