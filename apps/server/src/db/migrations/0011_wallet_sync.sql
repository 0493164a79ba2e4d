CREATE TABLE "connection_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"decimals" integer NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"movements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coin_id" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_amounts_check";--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "price_per_coin" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "sealed_cursor" "bytea";--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "chain_balances" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "failure_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "classification" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "matched_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "connection_tokens" ADD CONSTRAINT "connection_tokens_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_tokens" ADD CONSTRAINT "connection_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connection_tokens_contract_idx" ON "connection_tokens" USING btree ("connection_id","chain","contract_address");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_matched_transaction_id_transactions_id_fk" FOREIGN KEY ("matched_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_amounts_check" CHECK ("transactions"."quantity" > 0 and "transactions"."fee" >= 0 and ("transactions"."price_per_coin" >= 0 or ("transactions"."price_per_coin" is null and "transactions"."type" = 'transfer_in')));--> statement-breakpoint
ALTER TABLE "connections" DROP COLUMN "cursor";--> statement-breakpoint
-- A transfer in at price 0 meant "no price given" (the tax report already asked for one): it is
-- a cost nobody knows, never a cost of 0.
UPDATE "transactions" SET "price_per_coin" = NULL WHERE "type" = 'transfer_in' AND "price_per_coin" = 0;