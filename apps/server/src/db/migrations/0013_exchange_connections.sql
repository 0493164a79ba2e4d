ALTER TABLE "connections" ADD COLUMN "exchange" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "key_permissions" jsonb;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "withdrawal_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "history_from" timestamp with time zone;