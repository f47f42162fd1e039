CREATE TABLE "money_by_month" (
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"month" date NOT NULL,
	"earned_minor" bigint DEFAULT 0 NOT NULL,
	"spent_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "money_by_month_user_id_currency_month_pk" PRIMARY KEY("user_id","currency","month")
);
--> statement-breakpoint
-- What the ledger already holds, as the ledger's writer keeps it from now on.
INSERT INTO "money_by_month" ("user_id", "currency", "month", "earned_minor", "spent_minor")
SELECT "user_id", "currency", "month", sum("earned"), sum("spent") FROM (
  SELECT a."owner_id" AS "user_id", e."currency", date_trunc('month', (t."created_at" AT TIME ZONE 'UTC') + interval '4 hours')::date AS "month",
    -e."amount_minor" AS "earned", 0 AS "spent"
  FROM "ledger_entries" e
  JOIN "ledger_accounts" a ON a."id" = e."account_id"
  JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
  WHERE (a."kind" = 'professional_balance' AND t."kind" = 'milestone_released') OR a."kind" = 'cash_received'
  UNION ALL
  SELECT j."employer_id", e."currency", date_trunc('month', (t."created_at" AT TIME ZONE 'UTC') + interval '4 hours')::date,
    0, CASE WHEN t."kind" = 'escrow_refunded' THEN -e."amount_minor" ELSE e."amount_minor" END
  FROM "ledger_transactions" t
  JOIN "jobs" j ON j."id" = t."job_id"
  JOIN "ledger_entries" e ON e."transaction_id" = t."id" AND e."amount_minor" > 0
  WHERE t."kind" IN ('escrow_funded', 'escrow_refunded', 'featured_fee', 'cash_settled')
) AS "moved"
GROUP BY "user_id", "currency", "month";
