ALTER TABLE "payment_sessions" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD COLUMN "provider_lines" jsonb;--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_provider_ref" UNIQUE("provider","provider_ref");