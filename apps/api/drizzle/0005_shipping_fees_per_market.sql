CREATE TABLE "free_shipping_thresholds" (
	"market_id" text PRIMARY KEY NOT NULL,
	"threshold_inc_vat" integer NOT NULL,
	CONSTRAINT "free_shipping_thresholds_non_negative" CHECK ("free_shipping_thresholds"."threshold_inc_vat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_fees" (
	"shipping_method_id" integer NOT NULL,
	"market_id" text NOT NULL,
	"fee_inc_vat" integer NOT NULL,
	"vat_rate_basis_points" integer NOT NULL,
	CONSTRAINT "shipping_fees_shipping_method_id_market_id_pk" PRIMARY KEY("shipping_method_id","market_id"),
	CONSTRAINT "shipping_fees_fee_non_negative" CHECK ("shipping_fees"."fee_inc_vat" >= 0),
	CONSTRAINT "shipping_fees_vat_range" CHECK ("shipping_fees"."vat_rate_basis_points" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" DROP CONSTRAINT "shipping_methods_fee_non_negative";--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "external_shipping_fee_inc_vat" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "external_shipping_fee_currency" text;--> statement-breakpoint
ALTER TABLE "free_shipping_thresholds" ADD CONSTRAINT "free_shipping_thresholds_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_fees" ADD CONSTRAINT "shipping_fees_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing shops: the Swedish fees move to shipping_fees; the other seeded markets get the
-- seed's fees and thresholds (apps/api/src/db/seed/checkout-data.ts). A fresh database has no
-- rows yet: the seed writes them.
INSERT INTO "shipping_fees" ("shipping_method_id", "market_id", "fee_inc_vat", "vat_rate_basis_points")
SELECT m."id", k."id", m."fee_inc_vat", m."vat_rate_basis_points"
FROM "shipping_methods" m JOIN "markets" k ON k."id" = 'SE|SEK'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "shipping_fees" ("shipping_method_id", "market_id", "fee_inc_vat", "vat_rate_basis_points")
SELECT m."id", k."id", v."fee", v."vat"
FROM (VALUES
  ('ombud', 'NO|NOK', 5900, 2500), ('hemleverans', 'NO|NOK', 11900, 2500),
  ('ombud', 'DK|DKK', 4900, 2500), ('hemleverans', 'DK|DKK', 8900, 2500),
  ('ombud', 'FI|EUR', 590, 2550), ('hemleverans', 'FI|EUR', 990, 2550),
  ('ombud', 'EU|EUR', 590, 2500), ('hemleverans', 'EU|EUR', 990, 2500)
) AS v("alias", "market_id", "fee", "vat")
JOIN "shipping_methods" m ON m."alias" = v."alias"
JOIN "markets" k ON k."id" = v."market_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "free_shipping_thresholds" ("market_id", "threshold_inc_vat")
SELECT k."id", v."threshold"
FROM (VALUES ('SE|SEK', 49900), ('NO|NOK', 59900), ('DK|DKK', 44900), ('FI|EUR', 4900), ('EU|EUR', 4900))
  AS v("market_id", "threshold")
JOIN "markets" k ON k."id" = v."market_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "shipping_methods" DROP COLUMN "fee_inc_vat";--> statement-breakpoint
ALTER TABLE "shipping_methods" DROP COLUMN "vat_rate_basis_points";--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_external_shipping_fee_range" CHECK ("carts"."external_shipping_fee_inc_vat" is null or "carts"."external_shipping_fee_inc_vat" >= 0);