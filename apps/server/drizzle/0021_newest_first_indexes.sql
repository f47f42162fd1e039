DROP INDEX "contracts_professional_idx";--> statement-breakpoint
DROP INDEX "contracts_employer_idx";--> statement-breakpoint
DROP INDEX "jobs_employer_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "payouts_professional_idx";--> statement-breakpoint
DROP INDEX "proposals_worker_idx";--> statement-breakpoint
DROP INDEX "reviews_reviewee_idx";--> statement-breakpoint
DROP INDEX "time_entries_professional_idx";--> statement-breakpoint
DROP INDEX "time_entries_contract_idx";--> statement-breakpoint
CREATE INDEX "contracts_professional_idx" ON "contracts" USING btree ("professional_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contracts_employer_idx" ON "contracts" USING btree ("employer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_employer_idx" ON "jobs" USING btree ("employer_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payouts_professional_idx" ON "payouts" USING btree ("professional_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposals_worker_idx" ON "proposals" USING btree ("worker_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "time_entries_professional_idx" ON "time_entries" USING btree ("professional_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "time_entries_contract_idx" ON "time_entries" USING btree ("contract_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);