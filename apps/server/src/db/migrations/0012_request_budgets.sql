CREATE TABLE "request_budgets" (
	"provider" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paused_until" timestamp with time zone
);
