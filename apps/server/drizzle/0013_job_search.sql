CREATE TABLE "job_search" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"budget_min_usd" bigint NOT NULL,
	"budget_max_usd" bigint NOT NULL,
	"proposal_count" integer NOT NULL,
	"featured_until" timestamp with time zone,
	"search_vector" "tsvector",
	"facets" text[]
);
--> statement-breakpoint
-- Search reads these narrow rows of open jobs instead of the jobs themselves: counting a thousand
-- matches, or walking a sort order past jobs that do not match, touches far fewer bytes. The words
-- are kept without their positions (strip), which halves them; searches ask for all their words
-- rather than a phrase (jobs.repository.ts).
INSERT INTO "job_search"
SELECT "id", "created_at", "budget_min_usd", "budget_max_usd", "proposal_count", "featured_until", strip("search_vector"), "facets"
FROM "jobs" WHERE "status" = 'open';
--> statement-breakpoint
DROP INDEX "jobs_open_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_budget_idx";--> statement-breakpoint
DROP INDEX "jobs_open_competition_idx";--> statement-breakpoint
DROP INDEX "jobs_featured_idx";--> statement-breakpoint
DROP INDEX "jobs_featured_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_search_idx";--> statement-breakpoint
DROP INDEX "jobs_featured_search_idx";--> statement-breakpoint
ALTER TABLE "job_search" ADD CONSTRAINT "job_search_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_search_created_idx" ON "job_search" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "job_search_budget_idx" ON "job_search" USING btree ("budget_max_usd","created_at","id");--> statement-breakpoint
CREATE INDEX "job_search_competition_idx" ON "job_search" USING btree ((-"proposal_count"),"created_at","id");--> statement-breakpoint
CREATE INDEX "job_search_featured_idx" ON "job_search" USING btree ("featured_until") WHERE "job_search"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "job_search_featured_created_idx" ON "job_search" USING btree ("created_at","id") WHERE "job_search"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "job_search_text_idx" ON "job_search" USING gin ("search_vector","facets");--> statement-breakpoint
CREATE INDEX "job_search_featured_text_idx" ON "job_search" USING gin ("search_vector","facets") WHERE "job_search"."featured_until" is not null;--> statement-breakpoint
-- Kept by trigger, in the same transaction as the change to the job: an open job has its row, any
-- other has none (a deleted job's goes with it by the foreign key). The search columns of jobs are
-- set by their own BEFORE trigger (migration 0002), so NEW holds them here.
CREATE FUNCTION job_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'open' THEN
    INSERT INTO job_search (id, created_at, budget_min_usd, budget_max_usd, proposal_count, featured_until, search_vector, facets)
    VALUES (NEW.id, NEW.created_at, NEW.budget_min_usd, NEW.budget_max_usd, NEW.proposal_count, NEW.featured_until, strip(NEW.search_vector), NEW.facets)
    ON CONFLICT (id) DO UPDATE SET
      created_at = EXCLUDED.created_at, budget_min_usd = EXCLUDED.budget_min_usd, budget_max_usd = EXCLUDED.budget_max_usd,
      proposal_count = EXCLUDED.proposal_count, featured_until = EXCLUDED.featured_until,
      search_vector = EXCLUDED.search_vector, facets = EXCLUDED.facets;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'open' THEN
    DELETE FROM job_search WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_search_on_insert AFTER INSERT ON jobs
  FOR EACH ROW WHEN (NEW.status = 'open') EXECUTE FUNCTION job_search_sync();
--> statement-breakpoint
CREATE TRIGGER job_search_on_update AFTER UPDATE ON jobs
  FOR EACH ROW
  WHEN ((OLD.status, OLD.created_at, OLD.budget_min_usd, OLD.budget_max_usd, OLD.proposal_count, OLD.featured_until, OLD.search_vector, OLD.facets)
        IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.budget_min_usd, NEW.budget_max_usd, NEW.proposal_count, NEW.featured_until, NEW.search_vector, NEW.facets))
  EXECUTE FUNCTION job_search_sync();
--> statement-breakpoint
ANALYZE job_search;
