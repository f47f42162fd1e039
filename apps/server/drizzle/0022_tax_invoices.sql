CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"ledger_reference" text NOT NULL,
	"buyer_id" uuid NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_country" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_vat_number" text NOT NULL,
	"job_id" uuid,
	"job_title" text,
	"currency" text NOT NULL,
	"net_minor" bigint NOT NULL,
	"vat_rate_bp" integer NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_invoices_adds_up" CHECK ("tax_invoices"."net_minor" + "tax_invoices"."vat_minor" = "tax_invoices"."total_minor" and "tax_invoices"."vat_minor" >= 0 and "tax_invoices"."net_minor" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_number_idx" ON "tax_invoices" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_invoices_reference_idx" ON "tax_invoices" USING btree ("ledger_reference");--> statement-breakpoint
CREATE INDEX "tax_invoices_buyer_idx" ON "tax_invoices" USING btree ("buyer_id","year" DESC NULLS FIRST,"sequence" DESC NULLS FIRST);--> statement-breakpoint
-- Fees charged before invoices existed get theirs now, numbered per Gulf year in the order they were
-- charged, with the seller as configured by default (INVOICE_SELLER_NAME, INVOICE_VAT_NUMBER).
WITH fees AS (
  SELECT t.reference, t.created_at, t.job_id, e.currency, -e.amount_minor AS total_minor,
    CASE a.kind WHEN 'service_fees' THEN 'service_fee' ELSE 'featured_fee' END AS kind,
    CASE a.kind
      WHEN 'service_fees' THEN (SELECT pa.owner_id FROM ledger_entries pe JOIN ledger_accounts pa ON pa.id = pe.account_id
        WHERE pe.transaction_id = t.id AND pa.kind = 'professional_balance' AND pe.amount_minor < 0 LIMIT 1)
      ELSE (SELECT j.employer_id FROM jobs j WHERE j.id = t.job_id)
    END AS buyer_id,
    extract(year FROM (t.created_at AT TIME ZONE 'UTC') + interval '4 hours')::int AS year
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor < 0
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind IN ('service_fees', 'featured_income')
), numbered AS (
  SELECT f.*, row_number() OVER (PARTITION BY f.year ORDER BY f.created_at, f.reference)::int AS sequence,
    CASE u.country WHEN 'SA' THEN 1500 WHEN 'BH' THEN 1000 WHEN 'QA' THEN 0 WHEN 'KW' THEN 0 ELSE 500 END AS rate_bp,
    u.country, CASE WHEN u.role = 'employer' AND u.company_name IS NOT NULL THEN u.company_name ELSE u.first_name || ' ' || u.last_name END AS buyer_name
  FROM fees f JOIN users u ON u.id = f.buyer_id
), priced AS (
  SELECT n.*, ((n.total_minor * 20000 + (10000 + n.rate_bp)) / (2 * (10000 + n.rate_bp)))::bigint AS net_minor FROM numbered n
)
INSERT INTO tax_invoices (year, sequence, number, kind, ledger_reference, buyer_id, buyer_name, buyer_country, seller_name, seller_address,
  seller_vat_number, job_id, job_title, currency, net_minor, vat_rate_bp, vat_minor, total_minor, issued_at)
SELECT p.year, p.sequence, 'MIH-' || p.year || '-' || lpad(p.sequence::text, 6, '0'), p.kind, p.reference, p.buyer_id, p.buyer_name, p.country,
  'Mihna Marketplace FZ-LLC', coalesce((SELECT s.settings ->> 'address' FROM site_settings s WHERE s.id = 1), 'Dubai Internet City, Dubai, United Arab Emirates'),
  '100123456700003', p.job_id, (SELECT j.title FROM jobs j WHERE j.id = p.job_id), p.currency, p.net_minor, p.rate_bp, p.total_minor - p.net_minor, p.total_minor, p.created_at
FROM priced p;
--> statement-breakpoint
INSERT INTO invoice_counters (year, last) SELECT year, max(sequence) FROM tax_invoices GROUP BY year;
