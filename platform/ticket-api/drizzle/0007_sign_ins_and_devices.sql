CREATE TABLE "identity_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trusted_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"identity_account_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"email_key" text NOT NULL,
	"client_key" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_email_key_client_key_pk" PRIMARY KEY("email_key","client_key")
);
--> statement-breakpoint
ALTER TABLE "sign_in_attempts" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "sign_in_attempts" CASCADE;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sign_in_id" uuid;--> statement-breakpoint
ALTER TABLE "identity_sign_ins" ADD CONSTRAINT "identity_sign_ins_identity_account_id_identity_accounts_id_fk" FOREIGN KEY ("identity_account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_devices" ADD CONSTRAINT "trusted_devices_identity_account_id_identity_accounts_id_fk" FOREIGN KEY ("identity_account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_sign_ins_identity_account_id_idx" ON "identity_sign_ins" USING btree ("identity_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_devices_token_identity_key" ON "trusted_devices" USING btree ("token_hash","identity_account_id");--> statement-breakpoint
CREATE INDEX "trusted_devices_identity_account_id_idx" ON "trusted_devices" USING btree ("identity_account_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sign_in_id_identity_sign_ins_id_fk" FOREIGN KEY ("sign_in_id") REFERENCES "public"."identity_sign_ins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_sign_in_id_idx" ON "sessions" USING btree ("sign_in_id");