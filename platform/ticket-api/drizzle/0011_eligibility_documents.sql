CREATE TYPE "public"."document_status" AS ENUM('PENDING', 'VALIDATED', 'REFUSED', 'EXPIRED', 'MODIFIED', 'DELETED');--> statement-breakpoint
CREATE TYPE "public"."document_submission_status" AS ENUM('PENDING', 'PROCESSING', 'TO_COMPLETE', 'ACCEPTED', 'REFUSED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "document_download_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"document_id" integer,
	"submission_id" integer,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_submission_documents" (
	"submission_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "document_submission_documents_submission_id_document_id_pk" PRIMARY KEY("submission_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "document_submissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "document_submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"status" "document_submission_status" NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"status" "document_status" NOT NULL,
	"starting_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"storage_key" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"refusal_reason" text,
	"expiry_reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_download_tokens" ADD CONSTRAINT "document_download_tokens_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_download_tokens" ADD CONSTRAINT "document_download_tokens_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_submission_id_document_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."document_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submission_documents" ADD CONSTRAINT "document_submission_documents_submission_id_document_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."document_submissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submission_documents" ADD CONSTRAINT "document_submission_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD CONSTRAINT "document_submissions_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_submissions" ADD CONSTRAINT "document_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_download_tokens_expiry_idx" ON "document_download_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "document_events_document_idx" ON "document_events" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_events_submission_idx" ON "document_events" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "document_submission_documents_document_idx" ON "document_submission_documents" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_submissions_account_idx" ON "document_submissions" USING btree ("account_id","network_id");--> statement-breakpoint
CREATE INDEX "document_submissions_status_idx" ON "document_submissions" USING btree ("network_id","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_account_idx" ON "documents" USING btree ("account_id","network_id");--> statement-breakpoint
CREATE INDEX "documents_expiry_idx" ON "documents" USING btree ("status","expires_at");