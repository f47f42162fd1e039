CREATE TABLE "search_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "search_version_single_row" CHECK ("search_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "search_version" VALUES (1, 1);
--> statement-breakpoint
-- Raises the version once per transaction that changed jobs. The triggers are deferred to commit, so the
-- row is locked only while the transaction commits, never while it still holds job rows; a transaction
-- that changed many jobs raises it once.
CREATE FUNCTION search_version_raise() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('mihna.search_version_raised', true) = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('mihna.search_version_raised', 'on', true);
  UPDATE search_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER search_version_on_insert_delete AFTER INSERT OR DELETE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION search_version_raise();
--> statement-breakpoint
-- A view only adds to view_count: search cards may show a count up to a minute old (the cache's
-- longest life) rather than every first view of the day emptying the cache.
CREATE CONSTRAINT TRIGGER search_version_on_update AFTER UPDATE ON jobs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.view_count = NEW.view_count AND OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION search_version_raise();
--> statement-breakpoint
CREATE TRIGGER search_version_on_truncate AFTER TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION search_version_raise();
