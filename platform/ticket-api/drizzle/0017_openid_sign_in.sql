-- Sign-in through the networks' OpenID providers (decision 0044). No call linked an identity before
-- this migration, so the identities table is empty and its new issuer column is required at once.
CREATE TABLE "authorization_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"network_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"redirect_uri" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"network_id" integer NOT NULL,
	"provider_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"claims" jsonb NOT NULL,
	"refresh_token" text,
	"id_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identities" DROP CONSTRAINT "identities_provider_subject_key";--> statement-breakpoint
ALTER TABLE "identities" DROP CONSTRAINT "identities_user_provider_key";--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "issuer" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "auth_provider_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_refresh_token" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_id_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "authorization_attempts_state_key" ON "authorization_attempts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "authorization_attempts_expires_at_idx" ON "authorization_attempts" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_sign_ins_token_hash_key" ON "provider_sign_ins" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provider_sign_ins_expires_at_idx" ON "provider_sign_ins" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_issuer_subject_key" UNIQUE("issuer","subject");--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_issuer_key" UNIQUE("user_id","issuer");