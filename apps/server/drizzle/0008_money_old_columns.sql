ALTER TABLE "job_interests" DROP COLUMN "proposed_rate";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "proposed_rate_cents";