ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "hourly_rate_minor" bigint;--> statement-breakpoint
-- The rate was dirhams in numeric(12,2): its fils are exact.
UPDATE "users" SET "hourly_rate_minor" = round("hourly_rate" * 100)::bigint WHERE "hourly_rate" IS NOT NULL;
