ALTER TABLE "disputes" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "ended_contract" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "dispute_id" uuid;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestones_dispute_idx" ON "milestones" USING btree ("dispute_id") WHERE "milestones"."dispute_id" is not null;--> statement-breakpoint
-- A dispute is about the milestones whose money it holds (decision 45). An open one holds every
-- milestone of its payment that escrow still holds; a resolved one settled those whose holds it closed.
UPDATE "milestones" AS m SET "dispute_id" = d."id"
FROM "disputes" AS d, "ledger_holds" AS h
WHERE d."status" = 'open' AND d."payment_id" = m."payment_id" AND h."milestone_id" = m."id" AND h."status" = 'pending';--> statement-breakpoint
UPDATE "milestones" AS m SET "dispute_id" = d."id"
FROM "disputes" AS d, "ledger_holds" AS h
WHERE d."status" = 'resolved' AND d."payment_id" = m."payment_id" AND h."milestone_id" = m."id" AND h."closed_at" = d."resolved_at";--> statement-breakpoint
-- Mihna's decision was written as the employer's notes on each milestone it settled: it has its own place now.
UPDATE "milestones" AS m SET "reviewer_notes" = NULL
FROM "disputes" AS d
WHERE m."dispute_id" = d."id" AND d."status" = 'resolved' AND m."reviewer_notes" = d."resolution_note";--> statement-breakpoint
UPDATE "disputes" AS d SET "decision" = CASE
    WHEN s.voided = 0 THEN 'release'
    WHEN s.posted = 0 THEN 'refund'
    ELSE 'split' END
FROM (
  SELECT m."dispute_id", sum(h."posted_minor") AS posted, sum(h."voided_minor") AS voided
  FROM "milestones" m JOIN "ledger_holds" h ON h."milestone_id" = m."id"
  WHERE m."dispute_id" IS NOT NULL GROUP BY m."dispute_id"
) AS s
WHERE d."status" = 'resolved' AND s."dispute_id" = d."id";--> statement-breakpoint
-- A milestone settled by a dispute says how: split when part went each way, refunded when all went back.
UPDATE "milestones" AS m SET "status" = CASE WHEN h."posted_minor" = 0 THEN 'refunded' ELSE 'split' END
FROM "ledger_holds" AS h
WHERE h."milestone_id" = m."id" AND h."status" <> 'pending' AND h."voided_minor" > 0 AND m."status" IN ('approved', 'rejected');
