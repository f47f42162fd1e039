CREATE TABLE "job_open_counts" (
	"country" text NOT NULL,
	"region" text NOT NULL,
	"industry_category" text NOT NULL,
	"job_type" text NOT NULL,
	"local_service_category" text NOT NULL,
	"local_service_subcategory" text NOT NULL,
	"open_count" bigint NOT NULL,
	CONSTRAINT "job_open_counts_country_region_industry_category_job_type_local_service_category_local_service_subcategory_pk" PRIMARY KEY("country","region","industry_category","job_type","local_service_category","local_service_subcategory")
);
--> statement-breakpoint
DROP INDEX "jobs_open_created_idx";--> statement-breakpoint
DROP INDEX "jobs_open_budget_idx";--> statement-breakpoint
DROP INDEX "jobs_open_competition_idx";--> statement-breakpoint
CREATE INDEX "jobs_featured_created_idx" ON "jobs" USING btree ("created_at","id") WHERE "jobs"."status" = 'open' and "jobs"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "jobs_featured_search_idx" ON "jobs" USING gin ("search_vector","facets") WHERE "jobs"."status" = 'open' and "jobs"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at","id") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_budget_idx" ON "jobs" USING btree ("budget_max_usd","created_at","id") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_competition_idx" ON "jobs" USING btree ((-"proposal_count"),"created_at","id") WHERE "jobs"."status" = 'open';--> statement-breakpoint-- Keeps job_open_counts in step with jobs, one aggregated upsert per statement (bulk loads stay fast).
-- Keys are written in a fixed order so concurrent statements lock the same rows in the same order.
CREATE FUNCTION job_open_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO job_open_counts AS counts
    SELECT country, coalesce(region, ''), coalesce(industry_category, ''), job_type, coalesce(local_service_category, ''),
           coalesce(local_service_subcategory, ''), -count(*)
    FROM old_rows WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (country, region, industry_category, job_type, local_service_category, local_service_subcategory)
    DO UPDATE SET open_count = counts.open_count + excluded.open_count;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO job_open_counts AS counts
    SELECT country, coalesce(region, ''), coalesce(industry_category, ''), job_type, coalesce(local_service_category, ''),
           coalesce(local_service_subcategory, ''), count(*)
    FROM new_rows WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (country, region, industry_category, job_type, local_service_category, local_service_subcategory)
    DO UPDATE SET open_count = counts.open_count + excluded.open_count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_open_counts_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_open_counts_apply();
--> statement-breakpoint
CREATE TRIGGER job_open_counts_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_open_counts_apply();
--> statement-breakpoint
CREATE TRIGGER job_open_counts_delete AFTER DELETE ON jobs REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_open_counts_apply();
--> statement-breakpoint
INSERT INTO job_open_counts
SELECT country, coalesce(region, ''), coalesce(industry_category, ''), job_type, coalesce(local_service_category, ''),
       coalesce(local_service_subcategory, ''), count(*)
FROM jobs WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6;
