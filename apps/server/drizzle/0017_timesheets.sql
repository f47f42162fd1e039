CREATE TABLE "timesheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone NOT NULL,
	"approved_seconds" integer NOT NULL,
	"approved_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"milestone_id" uuid,
	CONSTRAINT "timesheets_billed" CHECK (("timesheets"."approved_amount_minor" > 0) = ("timesheets"."milestone_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "time_entries" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheets" ADD CONSTRAINT "timesheets_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheets_contract_week_idx" ON "timesheets" USING btree ("contract_id","week_start");--> statement-breakpoint
CREATE INDEX "time_entries_unreviewed_idx" ON "time_entries" USING btree ("started_at") WHERE "time_entries"."review_status" is null;