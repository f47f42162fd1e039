CREATE TABLE "job_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "job_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"job_id" uuid,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The open-job counts (migration 0003) go too: search counts in its index, and each statement that
-- changed jobs upserted the counts row of its filters, which concurrent writers then waited on.
DROP TRIGGER job_open_counts_insert ON jobs;--> statement-breakpoint
DROP TRIGGER job_open_counts_update ON jobs;--> statement-breakpoint
DROP TRIGGER job_open_counts_delete ON jobs;--> statement-breakpoint
DROP FUNCTION job_open_counts_apply();--> statement-breakpoint
DROP TABLE "job_open_counts" CASCADE;--> statement-breakpoint
-- The single-row search version (migration 0004) goes: every change to a job waited its turn to raise
-- it. Each process's search index reads job_changes instead, which writers only append to.
DROP TRIGGER search_version_on_insert_delete ON jobs;--> statement-breakpoint
DROP TRIGGER search_version_on_match_update ON jobs;--> statement-breakpoint
DROP TRIGGER search_version_on_update ON jobs;--> statement-breakpoint
DROP TRIGGER search_version_on_truncate ON jobs;--> statement-breakpoint
DROP FUNCTION search_version_raise();--> statement-breakpoint
DROP TABLE "search_version" CASCADE;--> statement-breakpoint
CREATE INDEX "job_changes_txid_idx" ON "job_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "job_changes_changed_at_idx" ON "job_changes" USING btree ("changed_at");--> statement-breakpoint
-- A row per changed job, in the changing transaction: every change but a view (a view only adds to
-- view_count, which search cards may show up to a minute old). A TRUNCATE writes one row with no job:
-- every job may have changed.
CREATE FUNCTION job_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO job_changes (job_id) VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO job_changes (job_id) VALUES (OLD.id);
  ELSE
    INSERT INTO job_changes (job_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER job_changes_on_insert_delete AFTER INSERT OR DELETE ON jobs
  FOR EACH ROW EXECUTE FUNCTION job_changes_record();
--> statement-breakpoint
CREATE TRIGGER job_changes_on_update AFTER UPDATE ON jobs
  FOR EACH ROW
  WHEN ((OLD.view_count = NEW.view_count AND OLD.* IS DISTINCT FROM NEW.*)
        OR (OLD.status, OLD.search_vector, OLD.facets, OLD.budget_min_usd, OLD.budget_max_usd, OLD.featured_until, OLD.proposal_count)
           IS DISTINCT FROM (NEW.status, NEW.search_vector, NEW.facets, NEW.budget_min_usd, NEW.budget_max_usd, NEW.featured_until, NEW.proposal_count))
  EXECUTE FUNCTION job_changes_record();
--> statement-breakpoint
CREATE TRIGGER job_changes_on_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION job_changes_record();
