CREATE TABLE "transfer_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"out_transaction_id" uuid NOT NULL,
	"in_transaction_id" uuid NOT NULL,
	"kind" text DEFAULT 'rejected' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_decisions_kind_check" CHECK ("transfer_decisions"."kind" in ('rejected'))
);
--> statement-breakpoint
ALTER TABLE "transfer_decisions" ADD CONSTRAINT "transfer_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_decisions" ADD CONSTRAINT "transfer_decisions_out_transaction_id_transactions_id_fk" FOREIGN KEY ("out_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_decisions" ADD CONSTRAINT "transfer_decisions_in_transaction_id_transactions_id_fk" FOREIGN KEY ("in_transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_decisions_pair_idx" ON "transfer_decisions" USING btree ("out_transaction_id","in_transaction_id");--> statement-breakpoint
CREATE INDEX "transfer_decisions_user_idx" ON "transfer_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_decisions_in_idx" ON "transfer_decisions" USING btree ("in_transaction_id");