ALTER TABLE "content_widgets" ADD COLUMN "display_settings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content_widgets" ADD COLUMN "customer_types" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "content_widgets" ADD COLUMN "market_ids" text[] DEFAULT '{}'::text[] NOT NULL;