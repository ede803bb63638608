CREATE TYPE "public"."contract_delivery" AS ENUM('WALLET', 'CARD', 'COLLECT');--> statement-breakpoint
CREATE TYPE "public"."contract_status" AS ENUM('ISSUED', 'TO_LOAD', 'LOADED', 'TO_COLLECT', 'COLLECTED', 'CANCELED');--> statement-breakpoint
CREATE TYPE "public"."fare_validity_kind" AS ENUM('PERIOD', 'JOURNEYS', 'DAY', 'MEDIUM');--> statement-breakpoint
CREATE TYPE "public"."transfer_status" AS ENUM('PENDING', 'ERROR', 'DONE');--> statement-breakpoint
CREATE TYPE "public"."transfer_target" AS ENUM('DEVICE', 'MEDIA');--> statement-breakpoint
CREATE TABLE "ticket_activations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_activations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"activation_id" uuid NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_signing_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_signing_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"kid" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"target" "transfer_target" NOT NULL,
	"status" "transfer_status" NOT NULL,
	"device_thumbprint" text,
	"media_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" text DEFAULT substr(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_'), 1, 22) NOT NULL,
	"network_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"unit_index" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" "fare_validity_kind" NOT NULL,
	"holder_user_id" integer NOT NULL,
	"traveller_user_id" integer NOT NULL,
	"traveller_name" text NOT NULL,
	"delivery" "contract_delivery" NOT NULL,
	"status" "contract_status" NOT NULL,
	"media_id" integer,
	"collect_site_id" integer,
	"collect_from" timestamp with time zone,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"usable_until" timestamp with time zone,
	"journeys_total" integer,
	"journeys_left" integer,
	"device_key" jsonb,
	"device_thumbprint" text,
	"generation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tickets_reference" text DEFAULT translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_activations" ADD CONSTRAINT "ticket_activations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_transfers" ADD CONSTRAINT "ticket_transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_traveller_user_id_users_id_fk" FOREIGN KEY ("traveller_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_activations_request_key" ON "ticket_activations" USING btree ("ticket_id","activation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_signing_keys_kid_key" ON "ticket_signing_keys" USING btree ("kid");--> statement-breakpoint
CREATE INDEX "ticket_signing_keys_network_idx" ON "ticket_signing_keys" USING btree ("network_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_transfers_ticket_idx" ON "ticket_transfers" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_line_unit_product_key" ON "tickets" USING btree ("order_line_id","unit_index","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_public_id_key" ON "tickets" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "tickets_traveller_idx" ON "tickets" USING btree ("traveller_user_id","network_id");--> statement-breakpoint
CREATE INDEX "tickets_holder_idx" ON "tickets" USING btree ("holder_user_id","network_id");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tickets_reference_key" ON "orders" USING btree ("tickets_reference");