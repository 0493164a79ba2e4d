CREATE TABLE "projection_tax_links" (
	"projection_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"rule" text DEFAULT 'none' NOT NULL,
	"custom_threshold_days" integer DEFAULT 365 NOT NULL,
	"short_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"long_rate" numeric(38, 18) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_settings_rule_check" CHECK ("tax_settings"."rule" in ('none', 'us', 'de', 'uk', 'custom')),
	CONSTRAINT "tax_settings_rates_check" CHECK ("tax_settings"."short_rate" >= 0 and "tax_settings"."short_rate" <= 100 and "tax_settings"."long_rate" >= 0 and "tax_settings"."long_rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "projection_tax_links" ADD CONSTRAINT "projection_tax_links_projection_id_projections_id_fk" FOREIGN KEY ("projection_id") REFERENCES "public"."projections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projection_tax_links" ADD CONSTRAINT "projection_tax_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projection_tax_links" ADD CONSTRAINT "projection_tax_links_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projection_tax_links_user_idx" ON "projection_tax_links" USING btree ("user_id");