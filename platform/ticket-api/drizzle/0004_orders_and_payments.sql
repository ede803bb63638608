CREATE TYPE "public"."order_event_type" AS ENUM('PLACED', 'PAYMENT_STARTED', 'PAYMENT_PENDING', 'PAYMENT_SUCCEEDED', 'PAYMENT_REFUSED', 'PAYMENT_CANCELLED', 'PAYMENT_EXPIRED', 'COMPLETED', 'INSTALMENT_PAID', 'INSTALMENT_FAILED');--> statement-breakpoint
CREATE TYPE "public"."order_line_kind" AS ENUM('ARTICLE', 'OPTION', 'SHIPPING_FEE');--> statement-breakpoint
CREATE TYPE "public"."order_origin_type" AS ENUM('APP', 'ESHOP', 'SCHOOL', 'RETAIL');--> statement-breakpoint
CREATE TYPE "public"."order_process_status" AS ENUM('PROCESSING', 'TO_PROCESS', 'PROCESSED');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('COMPLETED', 'CANCELED', 'ERROR', 'PENDING', 'PROCESSING', 'REGULARIZATION');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('CARD', 'TRANSFER');--> statement-breakpoint
CREATE TYPE "public"."instalment_status" AS ENUM('SCHEDULED', 'PENDING', 'PAID', 'FAILED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."payment_kind" AS ENUM('CHECKOUT', 'CHARGE');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('OPEN', 'PENDING', 'SUCCEEDED', 'REFUSED', 'CANCELLED', 'EXPIRED');--> statement-breakpoint
CREATE TYPE "public"."saved_method_kind" AS ENUM('CARD', 'TRANSFER');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"type" "order_event_type" NOT NULL,
	"status" "order_status" NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" "order_line_kind" NOT NULL,
	"article_index" integer,
	"shop_item_id" integer NOT NULL,
	"product_ids" integer[] NOT NULL,
	"label" text NOT NULL,
	"support" text,
	"customer_id" integer,
	"media_id" integer,
	"start_month" text,
	"starting_at" timestamp with time zone,
	"fields" jsonb NOT NULL,
	"documents" integer[] NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"amount" integer NOT NULL,
	"discount_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"vat_rate_basis_points" integer
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"order_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"status" "order_status" DEFAULT 'PENDING' NOT NULL,
	"process_status" "order_process_status" DEFAULT 'PROCESSING' NOT NULL,
	"origin_type" "order_origin_type" DEFAULT 'ESHOP' NOT NULL,
	"currency" text NOT NULL,
	"subtotal_amount" integer NOT NULL,
	"discount_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"payment_method" "payment_method",
	"installments" integer DEFAULT 1 NOT NULL,
	"saved_payment_method_id" integer,
	"save_method" boolean DEFAULT false NOT NULL,
	"lang" text NOT NULL,
	"buyer" jsonb NOT NULL,
	"delivery" jsonb,
	"vouchers" text[] NOT NULL,
	"discounts" jsonb NOT NULL,
	"return_path" text,
	"invoice_number" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instalments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instalments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount" integer NOT NULL,
	"status" "instalment_status" DEFAULT 'SCHEDULED' NOT NULL,
	"saved_payment_method_id" integer,
	"payment_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"payment_id" uuid,
	"type" text NOT NULL,
	"sequence" integer,
	"applied" boolean NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"instalment_number" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"kind" "payment_kind" NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "payment_status" DEFAULT 'OPEN' NOT NULL,
	"provider_checkout_id" text,
	"provider_payment_id" text,
	"redirect_url" text,
	"reason" text,
	"last_event_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_payment_methods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"network_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"kind" "saved_method_kind" NOT NULL,
	"brand" text,
	"last4" text NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"holder" text NOT NULL,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_saved_payment_method_id_saved_payment_methods_id_fk" FOREIGN KEY ("saved_payment_method_id") REFERENCES "public"."saved_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_network_user_key" ON "orders" USING btree ("network_id","user_id","order_key");--> statement-breakpoint
CREATE INDEX "orders_user_network_created_idx" ON "orders" USING btree ("user_id","network_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instalments_order_number_key" ON "instalments" USING btree ("order_id","number");--> statement-breakpoint
CREATE INDEX "instalments_due_idx" ON "instalments" USING btree ("due_date") WHERE "instalments"."status" = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_checkout_key" ON "payments" USING btree ("provider","provider_checkout_id") WHERE "payments"."provider_checkout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id") WHERE "payments"."provider_payment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_provider_token_key" ON "saved_payment_methods" USING btree ("provider","provider_token");--> statement-breakpoint
CREATE INDEX "saved_payment_methods_user_network_idx" ON "saved_payment_methods" USING btree ("user_id","network_id");