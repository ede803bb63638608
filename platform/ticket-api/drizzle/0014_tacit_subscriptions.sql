CREATE TYPE "public"."subscription_renewal_status" AS ENUM('ANNOUNCED', 'CHARGING', 'RETRYING', 'PAID', 'FAILED', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('ACTIVE', 'BLOCKED', 'TERMINATED');--> statement-breakpoint
CREATE TABLE "subscription_renewals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_renewals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"period" integer NOT NULL,
	"validity" jsonb NOT NULL,
	"renewal_date" date NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "subscription_renewal_status" DEFAULT 'ANNOUNCED' NOT NULL,
	"order_id" integer,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_reason" text,
	"notice_sent_at" timestamp with time zone,
	"termination_token_hash" text,
	"termination_token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	"product_ids" integer[] NOT NULL,
	"label" text NOT NULL,
	"support" text NOT NULL,
	"customer_id" integer,
	"media_id" integer,
	"fields" jsonb NOT NULL,
	"documents" integer[] NOT NULL,
	"quantity" integer NOT NULL,
	"start_month" text,
	"starting_at" timestamp with time zone,
	"pivot_type" text NOT NULL,
	"pivot_value" integer NOT NULL,
	"renewal_interval" text NOT NULL,
	"currency" text NOT NULL,
	"lang" text NOT NULL,
	"status" "subscription_status" DEFAULT 'ACTIVE' NOT NULL,
	"blocked_reason" text,
	"saved_payment_method_id" integer,
	"next_period" integer DEFAULT 1 NOT NULL,
	"paid_validity" jsonb NOT NULL,
	"next_billing_at" timestamp with time zone,
	"notice_at" timestamp with time zone,
	"terminated_at" timestamp with time zone,
	"termination_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "is_subscription" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_saved_payment_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_payment_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_period_key" ON "subscription_renewals" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_order_key" ON "subscription_renewals" USING btree ("order_id") WHERE "subscription_renewals"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_token_key" ON "subscription_renewals" USING btree ("termination_token_hash") WHERE "subscription_renewals"."termination_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_order_key" ON "subscriptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_network_idx" ON "subscriptions" USING btree ("user_id","network_id");--> statement-breakpoint
CREATE INDEX "subscriptions_billing_idx" ON "subscriptions" USING btree ("next_billing_at") WHERE "subscriptions"."status" = 'ACTIVE' and "subscriptions"."next_billing_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_notice_idx" ON "subscriptions" USING btree ("notice_at") WHERE "subscriptions"."status" <> 'TERMINATED' and "subscriptions"."notice_at" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_method_idx" ON "subscriptions" USING btree ("saved_payment_method_id");