ALTER TABLE "orders" ADD COLUMN "public_reference" text DEFAULT translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_read_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_public_reference_key" ON "orders" USING btree ("public_reference");--> statement-breakpoint
CREATE INDEX "orders_repeat_idx" ON "orders" USING btree ("network_id","buyer_key","lines_key");