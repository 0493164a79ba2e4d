CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"portfolio_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"secret" "bytea" NOT NULL,
	"fingerprint" text NOT NULL,
	"masked" text NOT NULL,
	"script_type" text,
	"gap_limit" integer,
	"chains" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"progress" jsonb DEFAULT '{"addresses_scanned":0,"transactions_found":0}'::jsonb NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"error_message" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_portfolio_id_portfolios_id_fk" FOREIGN KEY ("portfolio_id") REFERENCES "public"."portfolios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connections_user_idx" ON "connections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_portfolio_fingerprint_idx" ON "connections" USING btree ("portfolio_id","fingerprint");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_source_connection_id_connections_id_fk" FOREIGN KEY ("source_connection_id") REFERENCES "public"."connections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_source_idx" ON "transactions" USING btree ("source_connection_id","source_id") WHERE "transactions"."source_connection_id" is not null;