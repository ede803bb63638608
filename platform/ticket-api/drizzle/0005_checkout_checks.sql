ALTER TABLE "payments" ADD COLUMN "checkout_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_checkout_check_idx" ON "payments" USING btree ("checkout_check_at") WHERE "payments"."checkout_check_at" is not null;--> statement-breakpoint
-- Checkouts placed before the sweep existed are read at its first run.
UPDATE "payments" SET "checkout_check_at" = now() WHERE "kind" = 'CHECKOUT' AND "status" IN ('OPEN', 'PENDING');
