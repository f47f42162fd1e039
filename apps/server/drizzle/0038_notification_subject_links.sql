-- Notices written before each led to its own subject (decision 46) get the link a new one has, where
-- what they stored says which subject it is; the others keep the page they led to.
-- A proposal's notice: the one proposal on its project from the professional it names.
UPDATE "notifications" AS n SET "link" = '/projects/' || p."job_id" || '#proposal-' || p."id"
FROM "proposals" AS p, "users" AS u
WHERE n."kind" = 'proposal_received' AND n."link" = '/projects/' || (n."params"->>'job_id')
  AND p."job_id"::text = n."params"->>'job_id' AND u."id" = p."worker_id"
  AND u."first_name" || ' ' || u."last_name" = n."params"->>'worker_name'
  AND NOT EXISTS (
    SELECT 1 FROM "proposals" AS other JOIN "users" AS namesake ON namesake."id" = other."worker_id"
    WHERE other."job_id" = p."job_id" AND other."id" <> p."id"
      AND namesake."first_name" || ' ' || namesake."last_name" = n."params"->>'worker_name'
  );--> statement-breakpoint
-- One whose professional is not known by that name any more leads to the project's proposals.
UPDATE "notifications" SET "link" = "link" || '#proposals'
WHERE "kind" = 'proposal_received' AND "link" = '/projects/' || ("params"->>'job_id');--> statement-breakpoint
-- An interest's notice: the one interest on its project from the professional it names.
UPDATE "notifications" AS n SET "link" = '/projects/' || i."job_id" || '#interest-' || i."id"
FROM "job_interests" AS i, "users" AS u
WHERE n."kind" = 'interest_received' AND n."link" = '/projects/' || (n."params"->>'job_id')
  AND i."job_id"::text = n."params"->>'job_id' AND u."id" = i."worker_id"
  AND u."first_name" || ' ' || u."last_name" = n."params"->>'worker_name'
  AND NOT EXISTS (
    SELECT 1 FROM "job_interests" AS other JOIN "users" AS namesake ON namesake."id" = other."worker_id"
    WHERE other."job_id" = i."job_id" AND other."id" <> i."id"
      AND namesake."first_name" || ' ' || namesake."last_name" = n."params"->>'worker_name'
  );--> statement-breakpoint
-- A timesheet's notice names its week.
UPDATE "notifications" SET "link" = "link" || '#timesheet-' || ("params"->>'week')
WHERE "kind" IN ('timesheet_reviewed', 'timesheet_auto_approved') AND "params"->>'week' ~ '^\d{4}-\d{2}-\d{2}$'
  AND "link" = '/projects/' || ("params"->>'job_id') || '/payment';--> statement-breakpoint
UPDATE "notifications" SET "link" = "link" || '#reviews'
WHERE "kind" = 'review_received' AND "link" = '/projects/' || ("params"->>'job_id') || '/payment';
