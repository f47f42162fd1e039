CREATE TABLE "time_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"description" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"seconds" integer,
	"rate_minor" bigint NOT NULL,
	"amount_minor" bigint,
	"currency" text NOT NULL,
	"source" text NOT NULL,
	"manual_reason" text,
	"capped" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_ended" CHECK (("time_entries"."ended_at" is null and "time_entries"."seconds" is null and "time_entries"."amount_minor" is null) or ("time_entries"."ended_at" >= "time_entries"."started_at" and "time_entries"."seconds" between 0 and 43200 and "time_entries"."amount_minor" >= 0)),
	CONSTRAINT "time_entries_manual_reason" CHECK (("time_entries"."source" = 'manual') = ("time_entries"."manual_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_running_idx" ON "time_entries" USING btree ("professional_id") WHERE "time_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "time_entries_professional_idx" ON "time_entries" USING btree ("professional_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "time_entries_contract_idx" ON "time_entries" USING btree ("contract_id","started_at" DESC NULLS LAST);