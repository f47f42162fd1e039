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
-- Moves one user's counts by the given differences, making their row on first use.
CREATE FUNCTION mihna_dashboard_count(owner uuid, projects integer, active_projects integer, applications integer, proposals integer, active_contracts integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counts AS counts (user_id, projects, active_projects, applications, proposals, active_contracts)
  VALUES (owner, projects, active_projects, applications, proposals, active_contracts)
  ON CONFLICT (user_id) DO UPDATE SET
    projects = counts.projects + excluded.projects,
    active_projects = counts.active_projects + excluded.active_projects,
    applications = counts.applications + excluded.applications,
    proposals = counts.proposals + excluded.proposals,
    active_contracts = counts.active_contracts + excluded.active_contracts
$$;
--> statement-breakpoint
-- A project counts for its employer; active is profiles.repository's currentJobStatuses. A change of
-- status or proposal count moves the counts by the difference; a project moved to another employer
-- leaves one and joins the other.
CREATE FUNCTION mihna_dashboard_count_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.employer_id = NEW.employer_id THEN
    IF OLD.status IS DISTINCT FROM NEW.status OR OLD.proposal_count <> NEW.proposal_count THEN
      PERFORM mihna_dashboard_count(NEW.employer_id, 0,
        (NEW.status IN ('open', 'assigned', 'in_progress'))::int - (OLD.status IN ('open', 'assigned', 'in_progress'))::int,
        NEW.proposal_count - OLD.proposal_count, 0, 0);
    END IF;
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
