ALTER TABLE "payouts" ADD COLUMN "iban_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_transactions_milestone_idx" ON "ledger_transactions" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("professional_id","iban_fingerprint");