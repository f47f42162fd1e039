CREATE SEQUENCE "public"."receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "payment_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint NOT NULL,
	"number" text NOT NULL,
	"ledger_reference" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"payer_id" uuid NOT NULL,
	"payer_name" text NOT NULL,
	"payer_vat_number" text,
	"seller_name" text NOT NULL,
	"job_id" uuid,
	"job_title" text,
	"lines" jsonb NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payment_reference" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_receipts_amount_positive" CHECK ("payment_receipts"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "return_origin" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "tax_invoices" ADD COLUMN "seller_address_ar" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "vat_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_reference_idx" ON "payment_receipts" USING btree ("ledger_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_receipts_sequence_idx" ON "payment_receipts" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "payment_receipts_payer_idx" ON "payment_receipts" USING btree ("payer_id","sequence" DESC NULLS LAST);--> statement-breakpoint
-- Payments taken into escrow before receipts existed get theirs now (no e-mail: they are history),
-- numbered in the order they were made, each listing what it held, with the seller's default name.
WITH charges AS (
  SELECT t.reference, t.created_at, t.payment_id, t.job_id, e.amount_minor, e.currency, c.id AS checkout_id, c.purpose, c.payer_id,
    coalesce(c.provider_payment_id, c.id::text) AS payment_reference,
    row_number() OVER (ORDER BY t.created_at, t.reference) AS sequence
  FROM ledger_transactions t
  JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor > 0
  JOIN ledger_accounts a ON a.id = e.account_id AND a.kind = 'provider_cash'
  JOIN checkouts c ON t.reference = 'checkout:' || c.id::text
  WHERE t.kind = 'escrow_funded'
)
INSERT INTO payment_receipts (sequence, number, ledger_reference, checkout_id, purpose, payer_id, payer_name, seller_name, job_id, job_title,
  lines, currency, amount_minor, payment_reference, paid_at)
SELECT ch.sequence, 'MIH-R-' || lpad(ch.sequence::text, greatest(6, length(ch.sequence::text)), '0'), ch.reference, ch.checkout_id,
  ch.purpose, ch.payer_id,
  CASE WHEN u.role = 'employer' AND u.company_name IS NOT NULL THEN u.company_name ELSE u.first_name || ' ' || u.last_name END,
  'Mihna Marketplace FZ-LLC', ch.job_id, (SELECT j.title FROM jobs j WHERE j.id = ch.job_id),
  coalesce((
    SELECT jsonb_agg(CASE WHEN w.week_start IS NULL
        THEN jsonb_build_object('kind', 'milestone', 'title', m.title, 'amountMinor', h.amount_minor)
        ELSE jsonb_build_object('kind', 'hours', 'weekStart', w.week_start, 'seconds', w.approved_seconds, 'amountMinor', h.amount_minor)
      END ORDER BY m.position)
    FROM ledger_holds h
    JOIN milestones m ON m.id = h.milestone_id
    LEFT JOIN timesheets w ON w.milestone_id = h.milestone_id
    WHERE h.payment_id = ch.payment_id AND h.created_at = ch.created_at
  ), '[]'::jsonb),
  ch.currency, ch.amount_minor, ch.payment_reference, ch.created_at
FROM charges ch
JOIN users u ON u.id = ch.payer_id;--> statement-breakpoint
SELECT setval('receipt_numbers', greatest((SELECT max(sequence) FROM payment_receipts), 1), (SELECT count(*) > 0 FROM payment_receipts));--> statement-breakpoint
-- Invoices issued with the default address print its Arabic on the Arabic invoice.
UPDATE tax_invoices SET seller_address_ar = 'مدينة دبي للإنترنت، دبي، الإمارات العربية المتحدة'
WHERE seller_address = 'Dubai Internet City, Dubai, United Arab Emirates';
