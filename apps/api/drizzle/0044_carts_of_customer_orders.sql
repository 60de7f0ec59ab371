-- Issue 41 §6: a cart a logged-in customer ordered is theirs (markCartCompleted now writes the
-- order's customer on an anonymous cart); carts completed before that get it here.
UPDATE "carts" SET "customer_id" = "orders"."customer_id"
FROM "orders"
WHERE "orders"."cart_id" = "carts"."id"
  AND "carts"."customer_id" IS NULL
  AND "orders"."customer_id" IS NOT NULL;
