CREATE SEQUENCE "public"."alerts_revision_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "revision" bigint DEFAULT nextval('alerts_revision_seq') NOT NULL;--> statement-breakpoint
CREATE INDEX "alerts_revision_idx" ON "alerts" USING btree ("revision");