CREATE TABLE "tax_method_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_year" integer NOT NULL,
	"rule" text NOT NULL,
	"custom_threshold_days" integer NOT NULL,
	"short_rate" numeric(38, 18) NOT NULL,
	"long_rate" numeric(38, 18) NOT NULL,
	"yearly_allowance" numeric(38, 18),
	"cost_basis_method" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_method_history_rule_check" CHECK ("tax_method_history"."rule" in ('none', 'us', 'de', 'uk', 'custom')),
	CONSTRAINT "tax_method_history_method_check" CHECK ("tax_method_history"."cost_basis_method" in ('average', 'fifo', 'lifo', 'hifo')),
	CONSTRAINT "tax_method_history_year_check" CHECK ("tax_method_history"."from_year" = 0 or ("tax_method_history"."from_year" >= 2009 and "tax_method_history"."from_year" <= 2100)),
	CONSTRAINT "tax_method_history_rates_check" CHECK ("tax_method_history"."short_rate" >= 0 and "tax_method_history"."short_rate" <= 100 and "tax_method_history"."long_rate" >= 0 and "tax_method_history"."long_rate" <= 100),
	CONSTRAINT "tax_method_history_yearly_allowance_check" CHECK ("tax_method_history"."yearly_allowance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tax_method_history" ADD CONSTRAINT "tax_method_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_method_history_user_year_idx" ON "tax_method_history" USING btree ("user_id","from_year");--> statement-breakpoint
INSERT INTO "tax_method_history" ("user_id", "from_year", "rule", "custom_threshold_days", "short_rate", "long_rate", "yearly_allowance", "cost_basis_method")
SELECT u."id", 0, coalesce(t."rule", 'none'), coalesce(t."custom_threshold_days", 365), coalesce(t."short_rate", 0), coalesce(t."long_rate", 0), t."yearly_allowance", coalesce(s."cost_basis_method", 'average')
FROM "users" u
LEFT JOIN "tax_settings" t ON t."user_id" = u."id"
LEFT JOIN "user_settings" s ON s."user_id" = u."id"
WHERE t."user_id" IS NOT NULL OR s."user_id" IS NOT NULL;
