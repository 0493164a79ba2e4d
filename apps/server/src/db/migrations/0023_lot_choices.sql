CREATE TABLE "sale_lot_choices" (
	"sale_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"acquisition_id" uuid NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "sale_lot_choices_sale_id_acquisition_id_pk" PRIMARY KEY("sale_id","acquisition_id"),
	CONSTRAINT "sale_lot_choices_quantity_check" CHECK ("sale_lot_choices"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale_lot_choices" ADD CONSTRAINT "sale_lot_choices_sale_id_transactions_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lot_choices" ADD CONSTRAINT "sale_lot_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_lot_choices_user_idx" ON "sale_lot_choices" USING btree ("user_id");