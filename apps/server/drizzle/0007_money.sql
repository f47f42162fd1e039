CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"proposal_id" uuid NOT NULL,
	"employer_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"job_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"agreed_amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"opened_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"previous_status" text NOT NULL,
	"resolution_note" text,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"normal" text NOT NULL,
	"is_guarded" boolean NOT NULL,
	"is_off_platform" boolean DEFAULT false NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_guarded_not_negative" CHECK (not "ledger_accounts"."is_guarded" or "ledger_accounts"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"milestone_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"posted_minor" bigint DEFAULT 0 NOT NULL,
	"voided_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "ledger_holds_closed_sum" CHECK ("ledger_holds"."status" = 'pending' or "ledger_holds"."posted_minor" + "ledger_holds"."voided_minor" = "ledger_holds"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"payment_id" uuid,
	"milestone_id" uuid,
	"job_id" uuid,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"due_date" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"submission_notes" text,
	"deliverable_urls" text[] DEFAULT '{}' NOT NULL,
	"reviewer_notes" text,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"auto_approval_warned_at" timestamp with time zone,
	"is_auto_approved" boolean DEFAULT false NOT NULL,
	CONSTRAINT "milestones_amount_positive" CHECK ("milestones"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"is_cash" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_total_positive" CHECK ("payments"."total_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"iban_last4" text NOT NULL,
	"account_holder" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payout_id" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "proposed_rate_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_interests" ADD COLUMN "proposed_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "job_interests" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "proposed_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_holds" ADD CONSTRAINT "ledger_holds_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_subject_idx" ON "checkouts" USING btree ("purpose","subject_id") WHERE "checkouts"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_paid_subject_idx" ON "checkouts" USING btree ("purpose","subject_id") WHERE "checkouts"."status" = 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_provider_session_idx" ON "checkouts" USING btree ("provider","provider_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_job_idx" ON "contracts" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_proposal_idx" ON "contracts" USING btree ("proposal_id");--> statement-breakpoint
CREATE INDEX "contracts_professional_idx" ON "contracts" USING btree ("professional_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contracts_employer_idx" ON "contracts" USING btree ("employer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_payment_idx" ON "disputes" USING btree ("payment_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_kind_owner_currency_idx" ON "ledger_accounts" USING btree ("kind","owner_id","currency");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_holds_milestone_idx" ON "ledger_holds" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "ledger_holds_payment_idx" ON "ledger_holds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_reference_idx" ON "ledger_transactions" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ledger_transactions_payment_idx" ON "ledger_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_idx" ON "ledger_transactions" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_payment_position_idx" ON "milestones" USING btree ("payment_id","position");--> statement-breakpoint
CREATE INDEX "milestones_submitted_idx" ON "milestones" USING btree ("submitted_at") WHERE "milestones"."status" = 'submitted';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_contract_idx" ON "payments" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_job_idx" ON "payments" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "payouts_professional_idx" ON "payouts" USING btree ("professional_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_events_pending_idx" ON "provider_events" USING btree ("next_attempt_at") WHERE "provider_events"."applied_at" is null;
--> statement-breakpoint
-- Proposals and interests were typed in US dollars ('$/hr'); they now speak the job's currency.
CREATE FUNCTION pg_temp.usd_to_minor(usd numeric, currency text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT round(usd * CASE currency
      WHEN 'AED' THEN 3.6725 WHEN 'SAR' THEN 3.75 WHEN 'QAR' THEN 3.64
      WHEN 'KWD' THEN 0.307 WHEN 'OMR' THEN 0.3845 WHEN 'BHD' THEN 0.376 ELSE 1 END
    * CASE WHEN currency IN ('KWD', 'OMR', 'BHD') THEN 1000 ELSE 100 END)::bigint
$$;
--> statement-breakpoint
UPDATE "proposals" p SET "currency" = j."currency", "proposed_amount_minor" = pg_temp.usd_to_minor(p."proposed_rate_cents" / 100.0, j."currency")
  FROM "jobs" j WHERE j."id" = p."job_id";
--> statement-breakpoint
UPDATE "job_interests" i SET "currency" = j."currency", "proposed_amount_minor" = pg_temp.usd_to_minor(i."proposed_rate", j."currency")
  FROM "jobs" j WHERE j."id" = i."job_id" AND i."proposed_rate" IS NOT NULL;
--> statement-breakpoint
UPDATE "job_interests" i SET "currency" = j."currency" FROM "jobs" j WHERE j."id" = i."job_id" AND i."currency" IS NULL;
--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "proposed_amount_minor" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "proposals" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
-- Every hire made before contracts existed becomes one.
INSERT INTO "contracts" ("job_id", "proposal_id", "employer_id", "professional_id", "job_type", "payment_method", "agreed_amount_minor", "currency", "status", "created_at", "completed_at")
  SELECT j."id", p."id", j."employer_id", p."worker_id", j."job_type", j."payment_method", p."proposed_amount_minor", p."currency",
    CASE j."status" WHEN 'completed' THEN 'completed' WHEN 'cancelled' THEN 'cancelled' ELSE 'active' END,
    coalesce(p."accepted_at", p."created_at"), CASE WHEN j."status" = 'completed' THEN j."updated_at" END
  FROM "proposals" p JOIN "jobs" j ON j."id" = p."job_id" WHERE p."status" = 'accepted';
--> statement-breakpoint
-- The ledger is append-only: a correction is a new transaction, never an edit.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are never updated or deleted';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
