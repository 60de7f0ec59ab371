ALTER TABLE "skus" ADD COLUMN "length_mm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "width_mm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "skus" ADD COLUMN "height_mm" integer DEFAULT 0 NOT NULL;