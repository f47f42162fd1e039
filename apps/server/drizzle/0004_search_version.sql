CREATE TABLE "search_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"match_version" bigint NOT NULL,
	CONSTRAINT "search_version_single_row" CHECK ("search_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "search_version" VALUES (1, 1, 1);
--> statement-breakpoint
-- Raises the versions once per transaction that changed jobs ('match': both; 'any': `version` only).
-- The triggers are deferred to commit, so the row is locked only while the transaction commits, never
-- while it still holds job rows; a transaction that changed many jobs raises them once.
CREATE FUNCTION search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  raised text := current_setting('mihna.search_version_raised', true);
BEGIN
  IF raised = 'match' OR raised = kind THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('mihna.search_version_raised', kind, true);
  UPDATE search_version
  SET version = version + 1, match_version = match_version + CASE WHEN kind = 'match' THEN 1 ELSE 0 END
  WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_version_on_insert_delete AFTER INSERT OR DELETE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_version_raise('match');
--> statement-breakpoint
-- Which jobs match a search depends on their status, words, filter tokens, budgets and featured period.
CREATE CONSTRAINT TRIGGER search_version_on_match_update AFTER UPDATE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.status, OLD.search_vector, OLD.facets, OLD.budget_min_usd, OLD.budget_max_usd, OLD.featured_until)
        IS DISTINCT FROM (NEW.status, NEW.search_vector, NEW.facets, NEW.budget_min_usd, NEW.budget_max_usd, NEW.featured_until))
  EXECUTE FUNCTION search_version_raise('match');
--> statement-breakpoint
-- A view only adds to view_count: search cards may show a count up to a minute old (the cache's
-- longest life) rather than every first view of the day emptying the cache.
CREATE CONSTRAINT TRIGGER search_version_on_update AFTER UPDATE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.view_count = NEW.view_count AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION search_version_raise('any');
--> statement-breakpoint
CREATE TRIGGER search_version_on_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION search_version_raise('match');
