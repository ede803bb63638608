ALTER TABLE "demo_registry_cards" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "demo_registry_cards" ADD COLUMN "on_its_way" boolean DEFAULT false NOT NULL;