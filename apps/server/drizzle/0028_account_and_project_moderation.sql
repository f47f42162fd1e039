ALTER TABLE "jobs" ADD COLUMN "moderation_status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "moderation_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- A job is listed (has its job_search row) while it is open, staff have not taken it down, and its
-- employer's account is active: a suspended, blocked or deleted employer's projects leave search with
-- them, and come back when the account is reactivated. The employer's row is share-locked while it is
-- read, so a change to a job and a change to its employer's status run one after the other, and the
-- second sees what the first left (without it, a job updated while its employer is suspended could be
-- listed again after the suspension removed it).
CREATE OR REPLACE FUNCTION job_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'open' AND NEW.moderation_status = 'active'
     AND EXISTS (SELECT 1 FROM users WHERE id = NEW.employer_id AND account_status = 'active' AND deleted_at IS NULL FOR SHARE) THEN
    INSERT INTO job_search (id, created_at, budget_min_usd, budget_max_usd, proposal_count, featured_until, search_vector, facets)
    VALUES (NEW.id, NEW.created_at, NEW.budget_min_usd, NEW.budget_max_usd, NEW.proposal_count, NEW.featured_until, strip(NEW.search_vector), NEW.facets)
    ON CONFLICT (id) DO UPDATE SET
      created_at = EXCLUDED.created_at, budget_min_usd = EXCLUDED.budget_min_usd, budget_max_usd = EXCLUDED.budget_max_usd,
      proposal_count = EXCLUDED.proposal_count, featured_until = EXCLUDED.featured_until,
      search_vector = EXCLUDED.search_vector, facets = EXCLUDED.facets;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM job_search WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER job_search_on_update ON jobs;
--> statement-breakpoint
CREATE TRIGGER job_search_on_update AFTER UPDATE ON jobs
  FOR EACH ROW
  WHEN ((OLD.status, OLD.moderation_status, OLD.employer_id, OLD.created_at, OLD.budget_min_usd, OLD.budget_max_usd, OLD.proposal_count, OLD.featured_until, OLD.search_vector, OLD.facets)
        IS DISTINCT FROM (NEW.status, NEW.moderation_status, NEW.employer_id, NEW.created_at, NEW.budget_min_usd, NEW.budget_max_usd, NEW.proposal_count, NEW.featured_until, NEW.search_vector, NEW.facets))
  EXECUTE FUNCTION job_search_sync();
--> statement-breakpoint
-- When an employer's account changes status, their open projects are listed again or leave search, in
-- the same transaction, and each search index hears of every one (job_changes).
CREATE FUNCTION employer_listing_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.account_status = 'active' AND NEW.deleted_at IS NULL THEN
    INSERT INTO job_search (id, created_at, budget_min_usd, budget_max_usd, proposal_count, featured_until, search_vector, facets)
    SELECT id, created_at, budget_min_usd, budget_max_usd, proposal_count, featured_until, strip(search_vector), facets
    FROM jobs WHERE employer_id = NEW.id AND status = 'open' AND moderation_status = 'active'
    ON CONFLICT (id) DO NOTHING;
  ELSE
    DELETE FROM job_search WHERE id IN (SELECT id FROM jobs WHERE employer_id = NEW.id AND status = 'open');
  END IF;
  INSERT INTO job_changes (job_id) SELECT id FROM jobs WHERE employer_id = NEW.id AND status = 'open';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER employer_listing_on_status AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.account_status = 'active' AND OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.account_status = 'active' AND NEW.deleted_at IS NULL))
  EXECUTE FUNCTION employer_listing_sync();
--> statement-breakpoint
-- A deleted user leaves the console's directory (and its counts); their anonymised row stays for the ledger.
CREATE OR REPLACE FUNCTION user_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM user_directory WHERE id = NEW.id;
    RETURN NULL;
  END IF;
  INSERT INTO user_directory (id, created_at, role, industry_category, account_status, search_text)
  VALUES (NEW.id, NEW.created_at, NEW.role, NEW.industry_category, NEW.account_status,
          lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email))
  ON CONFLICT (id) DO UPDATE SET
    created_at = excluded.created_at, role = excluded.role, industry_category = excluded.industry_category,
    account_status = excluded.account_status, search_text = excluded.search_text;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER user_directory_on_update ON users;
--> statement-breakpoint
CREATE TRIGGER user_directory_on_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email, OLD.role, OLD.industry_category, OLD.account_status, OLD.created_at, OLD.deleted_at)
        IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.role, NEW.industry_category, NEW.account_status, NEW.created_at, NEW.deleted_at))
  EXECUTE FUNCTION user_directory_sync();
--> statement-breakpoint
-- The console lists projects by moderation status, and by owner (projects of an employer).
CREATE INDEX jobs_moderation_created_idx ON jobs (moderation_status, created_at, id) WHERE moderation_status <> 'active';
