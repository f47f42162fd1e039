-- The console's project directory is kept once per statement on jobs, not once per row. Each row's
-- upsert into project_directory was a statement of its own, and each fired the counts' statement
-- trigger (0029, 0032), which added to the same row of project_counts: a statement that wrote many
-- jobs changed that one row once per job in one transaction, each change chaining to the last, so
-- its cost grew with the square of the jobs (a million jobs inserted at once ran for over 24 minutes).
-- Now each statement upserts its projects' directory rows in one go, in id order, and the counts move
-- once. An update that changes none of the directory's columns writes nothing.
DROP TRIGGER project_directory_on_insert ON jobs;--> statement-breakpoint
DROP TRIGGER project_directory_on_update ON jobs;--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_directory AS directory (id, created_at, state, industry_category, budget_min_usd, budget_max_usd, search_text)
    SELECT n.id, n.created_at, CASE WHEN n.moderation_status = 'active' THEN n.status ELSE n.moderation_status END,
           n.industry_category, n.budget_min_usd, n.budget_max_usd, lower(n.title)
    FROM new_rows n ORDER BY n.id
    ON CONFLICT (id) DO UPDATE SET
      created_at = excluded.created_at, state = excluded.state, industry_category = excluded.industry_category,
      budget_min_usd = excluded.budget_min_usd, budget_max_usd = excluded.budget_max_usd, search_text = excluded.search_text;
  ELSE
    INSERT INTO project_directory AS directory (id, created_at, state, industry_category, budget_min_usd, budget_max_usd, search_text)
    SELECT n.id, n.created_at, CASE WHEN n.moderation_status = 'active' THEN n.status ELSE n.moderation_status END,
           n.industry_category, n.budget_min_usd, n.budget_max_usd, lower(n.title)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.title, o.status, o.moderation_status, o.industry_category, o.budget_min_usd, o.budget_max_usd, o.created_at)
          IS DISTINCT FROM (n.title, n.status, n.moderation_status, n.industry_category, n.budget_min_usd, n.budget_max_usd, n.created_at)
    ORDER BY n.id
    ON CONFLICT (id) DO UPDATE SET
      created_at = excluded.created_at, state = excluded.state, industry_category = excluded.industry_category,
      budget_min_usd = excluded.budget_min_usd, budget_max_usd = excluded.budget_max_usd, search_text = excluded.search_text;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER project_directory_on_insert AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_directory_sync();
--> statement-breakpoint
CREATE TRIGGER project_directory_on_update AFTER UPDATE ON jobs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION project_directory_sync();
