ALTER TABLE "gift_card_transactions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD COLUMN "kind" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_kind_known" CHECK ("gift_card_transactions"."kind" in ('order', 'issue', 'void'));--> statement-breakpoint
ALTER TABLE "gift_card_transactions" ADD CONSTRAINT "gift_card_transactions_order_of_orders" CHECK (("gift_card_transactions"."kind" = 'order') = ("gift_card_transactions"."order_id" is not null));