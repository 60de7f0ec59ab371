ALTER TABLE "content_pages" ADD COLUMN "draft_of" integer;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "leasing_applications" ADD COLUMN "decided_via" text;--> statement-breakpoint
ALTER TABLE "leasing_applications" ADD COLUMN "employer_answer" text;