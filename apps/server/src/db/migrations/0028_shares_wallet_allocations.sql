CREATE TABLE "portfolio_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_shares_role_check" CHECK ("portfolio_shares"."role" in ('viewer', 'editor')),
	CONSTRAINT "portfolio_shares_not_self_check" CHECK ("portfolio_shares"."owner_id" <> "portfolio_shares"."member_id")
);
--> statement-breakpoint
CREATE TABLE "tax_wallet_allocations" (
	"user_id" uuid NOT NULL,
	"coin_id" text NOT NULL,
	"acquisition_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_wallet_allocations_user_id_acquisition_id_portfolio_id_pk" PRIMARY KEY("user_id","acquisition_id","portfolio_id"),
	CONSTRAINT "tax_wallet_allocations_quantity_check" CHECK ("tax_wallet_allocations"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "tax_settings" ADD COLUMN "lots_per_portfolio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_shares" ADD CONSTRAINT "portfolio_shares_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_wallet_allocations" ADD CONSTRAINT "tax_wallet_allocations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_wallet_allocations" ADD CONSTRAINT "tax_wallet_allocations_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_shares_portfolio_member_idx" ON "portfolio_shares" USING btree ("portfolio_id","member_id");--> statement-breakpoint
CREATE INDEX "portfolio_shares_member_idx" ON "portfolio_shares" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "portfolio_shares_owner_idx" ON "portfolio_shares" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "tax_wallet_allocations_user_coin_idx" ON "tax_wallet_allocations" USING btree ("user_id","coin_id");