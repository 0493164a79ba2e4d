CREATE TABLE "projection_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"projection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"coins_sold" numeric(38, 18) NOT NULL,
	"price_per_coin" numeric(38, 18) NOT NULL,
	"fees_percentage" numeric(38, 18) NOT NULL,
	"price_impact_percentage" numeric(38, 18) NOT NULL,
	"sell_tax" numeric(38, 18) NOT NULL,
	"transaction_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"coin_id" text NOT NULL,
	"coin_name" text DEFAULT '' NOT NULL,
	"coin_symbol" text DEFAULT '' NOT NULL,
	"coin_image" text DEFAULT '' NOT NULL,
	"invested_capital" numeric(38, 18) NOT NULL,
	"tokens_owned" numeric(38, 18) NOT NULL,
	"circulating_supply" numeric(38, 18),
	"sell_tax" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projection_transactions" ADD CONSTRAINT "projection_transactions_projection_id_projections_id_fk" FOREIGN KEY ("projection_id") REFERENCES "public"."projections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projection_transactions" ADD CONSTRAINT "projection_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projections" ADD CONSTRAINT "projections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "projection_transactions_order_unique" ON "projection_transactions" USING btree ("projection_id","transaction_order");--> statement-breakpoint
CREATE INDEX "projection_transactions_user_idx" ON "projection_transactions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "projections_user_id_idx" ON "projections" USING btree ("user_id","created_at");