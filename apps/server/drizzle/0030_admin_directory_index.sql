CREATE TABLE "user_directory_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_directory_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "project_directory_created_idx";--> statement-breakpoint
DROP INDEX "project_directory_state_created_idx";--> statement-breakpoint
DROP INDEX "project_directory_industry_created_idx";--> statement-breakpoint
DROP INDEX "user_directory_created_idx";--> statement-breakpoint
DROP INDEX "user_directory_role_created_idx";--> statement-breakpoint
DROP INDEX "user_directory_industry_created_idx";--> statement-breakpoint
CREATE INDEX "user_directory_changes_txid_idx" ON "user_directory_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "user_directory_changes_changed_at_idx" ON "user_directory_changes" USING btree ("changed_at");--> statement-breakpoint
-- The console's searches are answered by each process's directory index (search/directory-index.ts):
-- the trigram indexes go with the others.
DROP INDEX "user_directory_search_idx";--> statement-breakpoint
DROP INDEX "project_directory_search_idx";--> statement-breakpoint
-- A row per changed directory row, in the changing transaction; a TRUNCATE writes one row with no user:
-- every user may have changed.
CREATE FUNCTION user_directory_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO user_directory_changes (user_id) VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_directory_changes (user_id) VALUES (OLD.id);
  ELSE
    INSERT INTO user_directory_changes (user_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_directory_changes_on_change AFTER INSERT OR UPDATE OR DELETE ON user_directory
  FOR EACH ROW EXECUTE FUNCTION user_directory_changes_record();
--> statement-breakpoint
CREATE TRIGGER user_directory_changes_on_truncate AFTER TRUNCATE ON user_directory
  FOR EACH STATEMENT EXECUTE FUNCTION user_directory_changes_record();
--> statement-breakpoint
-- The project directory reads job_changes too: a change to any column it holds is logged, even in a
-- statement that also counts a view.
DROP TRIGGER job_changes_on_update ON jobs;--> statement-breakpoint
CREATE TRIGGER job_changes_on_update AFTER UPDATE ON jobs
  FOR EACH ROW
  WHEN ((OLD.view_count = NEW.view_count AND OLD.* IS DISTINCT FROM NEW.*)
        OR (OLD.status, OLD.search_vector, OLD.facets, OLD.budget_min_usd, OLD.budget_max_usd, OLD.featured_until, OLD.proposal_count,
            OLD.title, OLD.moderation_status, OLD.industry_category, OLD.created_at)
           IS DISTINCT FROM (NEW.status, NEW.search_vector, NEW.facets, NEW.budget_min_usd, NEW.budget_max_usd, NEW.featured_until, NEW.proposal_count,
            NEW.title, NEW.moderation_status, NEW.industry_category, NEW.created_at))
  EXECUTE FUNCTION job_changes_record();
