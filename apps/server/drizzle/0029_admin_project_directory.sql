CREATE TABLE "project_counts" (
	"state" text PRIMARY KEY NOT NULL,
	"projects" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_directory" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"industry_category" text,
	"budget_min_usd" bigint NOT NULL,
	"budget_max_usd" bigint NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_directory" ADD CONSTRAINT "project_directory_id_jobs_id_fk" FOREIGN KEY ("id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_directory_created_idx" ON "project_directory" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "project_directory_state_created_idx" ON "project_directory" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "project_directory_industry_created_idx" ON "project_directory" USING btree ("industry_category","created_at","id");--> statement-breakpoint
-- The console's project search: a part of a title, anywhere in it, in any script.
CREATE INDEX project_directory_search_idx ON project_directory USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- Kept in the transaction that changes the project: every project has its row.
CREATE FUNCTION project_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO project_directory (id, created_at, state, industry_category, budget_min_usd, budget_max_usd, search_text)
  VALUES (NEW.id, NEW.created_at, CASE WHEN NEW.moderation_status = 'active' THEN NEW.status ELSE NEW.moderation_status END,
          NEW.industry_category, NEW.budget_min_usd, NEW.budget_max_usd, lower(NEW.title))
  ON CONFLICT (id) DO UPDATE SET
    created_at = excluded.created_at, state = excluded.state, industry_category = excluded.industry_category,
    budget_min_usd = excluded.budget_min_usd, budget_max_usd = excluded.budget_max_usd, search_text = excluded.search_text;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_directory_on_insert AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION project_directory_sync();
--> statement-breakpoint
CREATE TRIGGER project_directory_on_update AFTER UPDATE ON jobs FOR EACH ROW
  WHEN ((OLD.title, OLD.status, OLD.moderation_status, OLD.industry_category, OLD.budget_min_usd, OLD.budget_max_usd, OLD.created_at)
        IS DISTINCT FROM (NEW.title, NEW.status, NEW.moderation_status, NEW.industry_category, NEW.budget_min_usd, NEW.budget_max_usd, NEW.created_at))
  EXECUTE FUNCTION project_directory_sync();
--> statement-breakpoint
-- The summary cards' counts: one upsert per statement of the net change per state, in a fixed order,
-- and a state whose count does not change (a title edited) is not locked.
CREATE FUNCTION project_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS counts
    SELECT state, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (state) DO UPDATE SET projects = counts.projects + excluded.projects;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_counts AS counts
    SELECT state, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (state) DO UPDATE SET projects = counts.projects + excluded.projects;
  ELSE
    INSERT INTO project_counts AS counts
    SELECT state, sum(change) FROM (
      SELECT state, -1 AS change FROM old_rows
      UNION ALL
      SELECT state, 1 FROM new_rows
    ) AS changes
    GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
    ON CONFLICT (state) DO UPDATE SET projects = counts.projects + excluded.projects;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_counts_insert AFTER INSERT ON project_directory REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
CREATE TRIGGER project_counts_update AFTER UPDATE ON project_directory REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
CREATE TRIGGER project_counts_delete AFTER DELETE ON project_directory REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_counts_apply();
--> statement-breakpoint
CREATE FUNCTION project_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM project_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_counts_truncate AFTER TRUNCATE ON project_directory FOR EACH STATEMENT EXECUTE FUNCTION project_counts_truncated();
--> statement-breakpoint
-- The projects already there.
INSERT INTO project_directory (id, created_at, state, industry_category, budget_min_usd, budget_max_usd, search_text)
SELECT id, created_at, CASE WHEN moderation_status = 'active' THEN status ELSE moderation_status END,
       industry_category, budget_min_usd, budget_max_usd, lower(title)
FROM jobs;
--> statement-breakpoint
ANALYZE project_directory;
