CREATE TABLE "connection_records" (
	"connection_id" uuid NOT NULL,
	"key" text NOT NULL,
	"record" jsonb NOT NULL,
	"reason" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_records_connection_id_key_pk" PRIMARY KEY("connection_id","key")
);
--> statement-breakpoint
ALTER TABLE "connection_records" ADD CONSTRAINT "connection_records_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;