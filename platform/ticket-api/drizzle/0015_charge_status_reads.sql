-- Charges of a saved method sent before their status was read at the provider, still without an
-- outcome: read at the sweep's first run (a notification lost for good is otherwise never known).
UPDATE "payments" SET "checkout_check_at" = now()
WHERE "kind" = 'CHARGE' AND "status" IN ('OPEN', 'PENDING') AND "provider_payment_id" IS NOT NULL
  AND "checkout_check_at" IS NULL;
