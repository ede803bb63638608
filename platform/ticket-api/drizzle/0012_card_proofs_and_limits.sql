CREATE TYPE "public"."media_link_proof" AS ENUM('BIRTH_DATE', 'PRINTED_CODE', 'ISSUED');--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer NOT NULL,
	"expire" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "rate_limit_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "demo_registry_cards" ADD COLUMN "printed_code" text;--> statement-breakpoint
ALTER TABLE "media_links" ADD COLUMN "proof" "media_link_proof";--> statement-breakpoint
CREATE INDEX "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");