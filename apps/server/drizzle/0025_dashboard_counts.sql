CREATE TABLE "dashboard_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"projects" integer DEFAULT 0 NOT NULL,
	"active_projects" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"proposals" integer DEFAULT 0 NOT NULL,
	"active_contracts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD CONSTRAINT "dashboard_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moves one user's counts by the given differences. Nothing to move takes no lock. A row is made only
-- to add to it: a decrease never inserts, so a user's deletion, whose cascades may remove their row
-- before their projects or proposals, finds nothing to subtract from and leaves nothing behind.
CREATE FUNCTION mihna_dashboard_count(owner uuid, projects integer, active_projects integer, applications integer, proposals integer, active_contracts integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF projects = 0 AND active_projects = 0 AND applications = 0 AND proposals = 0 AND active_contracts = 0 THEN
    RETURN;
  END IF;
  UPDATE dashboard_counts AS counts SET
    projects = counts.projects + mihna_dashboard_count.projects,
    active_projects = counts.active_projects + mihna_dashboard_count.active_projects,
    applications = counts.applications + mihna_dashboard_count.applications,
    proposals = counts.proposals + mihna_dashboard_count.proposals,
    active_contracts = counts.active_contracts + mihna_dashboard_count.active_contracts
  WHERE counts.user_id = owner;
  IF NOT FOUND AND (projects > 0 OR active_projects > 0 OR applications > 0 OR proposals > 0 OR active_contracts > 0) THEN
    INSERT INTO dashboard_counts AS counts (user_id, projects, active_projects, applications, proposals, active_contracts)
    VALUES (owner, mihna_dashboard_count.projects, mihna_dashboard_count.active_projects, mihna_dashboard_count.applications,
            mihna_dashboard_count.proposals, mihna_dashboard_count.active_contracts)
    ON CONFLICT (user_id) DO UPDATE SET
      projects = counts.projects + excluded.projects,
      active_projects = counts.active_projects + excluded.active_projects,
      applications = counts.applications + excluded.applications,
      proposals = counts.proposals + excluded.proposals,
      active_contracts = counts.active_contracts + excluded.active_contracts;
  END IF;
END $$;
--> statement-breakpoint
-- A project counts for its employer; active is profiles.repository's currentJobStatuses. A change of
-- status or proposal count moves the counts by the difference; a project moved to another employer
-- leaves one and joins the other.
CREATE FUNCTION mihna_dashboard_count_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.employer_id = NEW.employer_id THEN
    -- Open to assigned changes no count: no lock is taken on the employer's row.
    PERFORM mihna_dashboard_count(NEW.employer_id, 0,
      (NEW.status IN ('open', 'assigned', 'in_progress'))::int - (OLD.status IN ('open', 'assigned', 'in_progress'))::int,
      NEW.proposal_count - OLD.proposal_count, 0, 0);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM mihna_dashboard_count(OLD.employer_id, -1, -(OLD.status IN ('open', 'assigned', 'in_progress'))::int, -OLD.proposal_count, 0, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM mihna_dashboard_count(NEW.employer_id, 1, (NEW.status IN ('open', 'assigned', 'in_progress'))::int, NEW.proposal_count, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_dashboard_counts AFTER INSERT OR DELETE OR UPDATE OF employer_id, status, proposal_count
  ON jobs FOR EACH ROW EXECUTE FUNCTION mihna_dashboard_count_jobs();
--> statement-breakpoint
-- A proposal counts for the professional who sent it, whatever becomes of it.
CREATE FUNCTION mihna_dashboard_count_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM mihna_dashboard_count(OLD.worker_id, 0, 0, 0, -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM mihna_dashboard_count(NEW.worker_id, 0, 0, 0, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER proposals_dashboard_counts AFTER INSERT OR DELETE OR UPDATE OF worker_id
  ON proposals FOR EACH ROW EXECUTE FUNCTION mihna_dashboard_count_proposals();
--> statement-breakpoint
-- A contract in progress (active) counts for its professional.
CREATE FUNCTION mihna_dashboard_count_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    PERFORM mihna_dashboard_count(OLD.professional_id, 0, 0, 0, 0, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'active' THEN
    PERFORM mihna_dashboard_count(NEW.professional_id, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER contracts_dashboard_counts AFTER INSERT OR DELETE OR UPDATE OF professional_id, status
  ON contracts FOR EACH ROW EXECUTE FUNCTION mihna_dashboard_count_contracts();
--> statement-breakpoint
-- TRUNCATE empties the tables the counts come from: the counts go with them.
CREATE FUNCTION mihna_dashboard_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dashboard_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_dashboard_counts_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION mihna_dashboard_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER proposals_dashboard_counts_truncate AFTER TRUNCATE ON proposals FOR EACH STATEMENT EXECUTE FUNCTION mihna_dashboard_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER contracts_dashboard_counts_truncate AFTER TRUNCATE ON contracts FOR EACH STATEMENT EXECUTE FUNCTION mihna_dashboard_counts_truncated();
--> statement-breakpoint
-- What is already there.
INSERT INTO dashboard_counts (user_id, projects, active_projects, applications, proposals, active_contracts)
SELECT user_id, sum(projects), sum(active_projects), sum(applications), sum(proposals), sum(active_contracts) FROM (
  SELECT employer_id AS user_id, count(*) AS projects, count(*) FILTER (WHERE status IN ('open', 'assigned', 'in_progress')) AS active_projects,
    coalesce(sum(proposal_count), 0) AS applications, 0 AS proposals, 0 AS active_contracts
  FROM jobs GROUP BY employer_id
  UNION ALL
  SELECT worker_id, 0, 0, 0, count(*), 0 FROM proposals GROUP BY worker_id
  UNION ALL
  SELECT professional_id, 0, 0, 0, 0, count(*) FROM contracts WHERE status = 'active' GROUP BY professional_id
) AS counted
GROUP BY user_id;
