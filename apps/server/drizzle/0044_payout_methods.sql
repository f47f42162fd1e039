CREATE TABLE "payout_freeze_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payout_method_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_freezes" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"frozen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"professional_id" uuid NOT NULL,
	"iban_sealed" text NOT NULL,
	"iban_last4" text NOT NULL,
	"iban_fingerprint" text NOT NULL,
	"country" text NOT NULL,
	"account_holder" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payout_method_id" uuid;--> statement-breakpoint
ALTER TABLE "payout_freeze_links" ADD CONSTRAINT "payout_freeze_links_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_freezes" ADD CONSTRAINT "payout_freezes_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_freeze_links_token_idx" ON "payout_freeze_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_account_idx" ON "payout_methods" USING btree ("professional_id","iban_fingerprint") WHERE "payout_methods"."removed_at" is null;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_payout_method_id_payout_methods_id_fk" FOREIGN KEY ("payout_method_id") REFERENCES "public"."payout_methods"("id") ON DELETE restrict ON UPDATE no action;