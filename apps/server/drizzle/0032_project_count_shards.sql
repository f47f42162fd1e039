-- The console's project counts, one row per state and database session: every transaction that changed
-- a project's state (a job completed with each milestone approved) added to the same row of its state,
-- so transactions queued for that row, and each held it until it committed. Now each session adds to
-- its own row (a session runs one transaction at a time), and the console sums a state's rows.
ALTER TABLE "project_counts" DROP CONSTRAINT "project_counts_pkey";--> statement-breakpoint
ALTER TABLE "project_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_counts" ADD CONSTRAINT "project_counts_state_shard_pk" PRIMARY KEY("state","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  session_shard smallint := pg_backend_pid() % 16;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_counts AS counts (state, shard, projects)
    SELECT state, session_shard, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (state, shard) DO UPDATE SET projects = counts.projects + excluded.projects;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO project_counts AS counts (state, shard, projects)
    SELECT state, session_shard, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (state, shard) DO UPDATE SET projects = counts.projects + excluded.projects;
  ELSE
    INSERT INTO project_counts AS counts (state, shard, projects)
    SELECT state, session_shard, sum(change) FROM (
      SELECT state, -1 AS change FROM old_rows
      UNION ALL
      SELECT state, 1 FROM new_rows
    ) AS changes
    GROUP BY 1 HAVING sum(change) <> 0 ORDER BY 1
    ON CONFLICT (state, shard) DO UPDATE SET projects = counts.projects + excluded.projects;
  END IF;
  RETURN NULL;
END $$;
