CREATE TABLE "collect_slot_counters" (
	"network_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collect_slot_counters_network_id_site_id_slot_start_pk" PRIMARY KEY("network_id","site_id","slot_start")
);
--> statement-breakpoint
CREATE TABLE "collect_slot_reservations" (
	"order_key" text PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network_id" integer NOT NULL,
	"number" text NOT NULL,
	"sequence" integer NOT NULL,
	"order_reference" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collect_slot_reservations_slot_idx" ON "collect_slot_reservations" USING btree ("network_id","site_id","slot_start");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_network_sequence_key" ON "invoices" USING btree ("network_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_network_number_key" ON "invoices" USING btree ("network_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_network_order_key" ON "invoices" USING btree ("network_id","order_reference");--> statement-breakpoint
CREATE INDEX "invoices_network_issued_idx" ON "invoices" USING btree ("network_id","issued_at");