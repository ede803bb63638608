CREATE TYPE "public"."subscription_card_setup_status" AS ENUM('OPEN', 'SAVED', 'REFUSED', 'CANCELLED', 'EXPIRED');--> statement-breakpoint
CREATE TABLE "subscription_card_setups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_checkout_id" text,
	"status" "subscription_card_setup_status" DEFAULT 'OPEN' NOT NULL,
	"saved_payment_method_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_card_setups" ADD CONSTRAINT "subscription_card_setups_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_card_setups" ADD CONSTRAINT "subscription_card_setups_saved_payment_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_payment_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_card_setups_subscription_idx" ON "subscription_card_setups" USING btree ("subscription_id");