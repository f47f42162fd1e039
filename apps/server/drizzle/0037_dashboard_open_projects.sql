ALTER TABLE "dashboard_counts" ADD COLUMN "open_projects" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An employer's active projects are those with a professional hired and not finished (assigned or in
-- progress); the open ones are counted apart (decision 31, amended). The counting function takes the
-- open projects' difference too, and the jobs trigger moves both.
CREATE FUNCTION mihna_dashboard_count(owner uuid, projects integer, active_projects integer, open_projects integer, applications integer, proposals integer, active_contracts integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF projects = 0 AND active_projects = 0 AND open_projects = 0 AND applications = 0 AND proposals = 0 AND active_contracts = 0 THEN
    RETURN;
  END IF;
  UPDATE dashboard_counts AS counts SET
    projects = counts.projects + mihna_dashboard_count.projects,
    active_projects = counts.active_projects + mihna_dashboard_count.active_projects,
    open_projects = counts.open_projects + mihna_dashboard_count.open_projects,
    applications = counts.applications + mihna_dashboard_count.applications,
    proposals = counts.proposals + mihna_dashboard_count.proposals,
    active_contracts = counts.active_contracts + mihna_dashboard_count.active_contracts
  WHERE counts.user_id = owner;
  IF NOT FOUND AND (projects > 0 OR active_projects > 0 OR open_projects > 0 OR applications > 0 OR proposals > 0 OR active_contracts > 0) THEN
    INSERT INTO dashboard_counts AS counts (user_id, projects, active_projects, open_projects, applications, proposals, active_contracts)
    VALUES (owner, mihna_dashboard_count.projects, mihna_dashboard_count.active_projects, mihna_dashboard_count.open_projects,
            mihna_dashboard_count.applications, mihna_dashboard_count.proposals, mihna_dashboard_count.active_contracts)
    ON CONFLICT (user_id) DO UPDATE SET
      projects = counts.projects + excluded.projects,
      active_projects = counts.active_projects + excluded.active_projects,
      open_projects = counts.open_projects + excluded.open_projects,
      applications = counts.applications + excluded.applications,
      proposals = counts.proposals + excluded.proposals,
      active_contracts = counts.active_contracts + excluded.active_contracts;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mihna_dashboard_count_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.employer_id = NEW.employer_id THEN
    -- Assigned to in progress changes no count: no lock is taken on the employer's row.
    PERFORM mihna_dashboard_count(NEW.employer_id, 0,
      (NEW.status IN ('assigned', 'in_progress'))::int - (OLD.status IN ('assigned', 'in_progress'))::int,
      (NEW.status = 'open')::int - (OLD.status = 'open')::int,
      NEW.proposal_count - OLD.proposal_count, 0, 0);
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM mihna_dashboard_count(OLD.employer_id, -1, -(OLD.status IN ('assigned', 'in_progress'))::int, -(OLD.status = 'open')::int,
      -OLD.proposal_count, 0, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM mihna_dashboard_count(NEW.employer_id, 1, (NEW.status IN ('assigned', 'in_progress'))::int, (NEW.status = 'open')::int,
      NEW.proposal_count, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mihna_dashboard_count_proposals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM mihna_dashboard_count(OLD.worker_id, 0, 0, 0, 0, -1, 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM mihna_dashboard_count(NEW.worker_id, 0, 0, 0, 0, 1, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mihna_dashboard_count_contracts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
    PERFORM mihna_dashboard_count(OLD.professional_id, 0, 0, 0, 0, 0, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'active' THEN
    PERFORM mihna_dashboard_count(NEW.professional_id, 0, 0, 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION mihna_dashboard_count(uuid, integer, integer, integer, integer, integer);
--> statement-breakpoint
-- What is already there: every employer's projects counted again by the new meaning.
UPDATE dashboard_counts AS counts SET active_projects = counted.active_projects, open_projects = counted.open_projects
FROM (
  SELECT u.user_id,
    coalesce(count(j.id) FILTER (WHERE j.status IN ('assigned', 'in_progress')), 0)::int AS active_projects,
    coalesce(count(j.id) FILTER (WHERE j.status = 'open'), 0)::int AS open_projects
  FROM dashboard_counts AS u LEFT JOIN jobs AS j ON j.employer_id = u.user_id
  GROUP BY u.user_id
) AS counted
WHERE counts.user_id = counted.user_id AND (counts.active_projects, counts.open_projects) <> (counted.active_projects, counted.open_projects);
