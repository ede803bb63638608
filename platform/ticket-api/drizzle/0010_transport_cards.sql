CREATE TYPE "public"."incident_kind" AS ENUM('LOST', 'STOLEN', 'DAMAGED');--> statement-breakpoint
CREATE TABLE "demo_registry_cards" (
	"network_id" integer NOT NULL,
	"number" text NOT NULL,
	"holder_birth_date" date,
	"expires_on" date,
	"issued_at" timestamp with time zone,
	"incident_kind" "incident_kind",
	"incident_at" timestamp with time zone,
	CONSTRAINT "demo_registry_cards_network_id_number_pk" PRIMARY KEY("network_id","number")
);
--> statement-breakpoint
CREATE TABLE "demo_registry_loadings" (
	"network_id" integer NOT NULL,
	"number" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"loaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "demo_registry_loadings_network_id_number_ticket_id_pk" PRIMARY KEY("network_id","number","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "media_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" integer,
	"number" text NOT NULL,
	"provider_id" text NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media_links" ADD CONSTRAINT "media_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_links" ADD CONSTRAINT "media_links_profile_id_users_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_links_live_number_key" ON "media_links" USING btree ("network_id","number") WHERE "media_links"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "media_links_user_idx" ON "media_links" USING btree ("user_id","network_id");--> statement-breakpoint
CREATE INDEX "tickets_media_idx" ON "tickets" USING btree ("media_id") WHERE "tickets"."media_id" is not null;