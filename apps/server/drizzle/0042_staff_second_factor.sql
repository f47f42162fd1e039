ALTER TABLE "recovery_codes" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "second_factor_throttles" DROP CONSTRAINT "second_factor_throttles_pkey";--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_authenticators" DROP CONSTRAINT "totp_authenticators_pkey";--> statement-breakpoint
ALTER TABLE "totp_authenticators" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "stage" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD COLUMN "admin_id" uuid;--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ADD COLUMN "admin_id" uuid;--> statement-breakpoint
ALTER TABLE "totp_authenticators" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "totp_authenticators" ADD COLUMN "admin_id" uuid;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ADD CONSTRAINT "second_factor_throttles_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totp_authenticators" ADD CONSTRAINT "totp_authenticators_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_admin_code_idx" ON "recovery_codes" USING btree ("admin_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_throttles_user_idx" ON "second_factor_throttles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factor_throttles_admin_idx" ON "second_factor_throttles" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "totp_authenticators_user_idx" ON "totp_authenticators" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "totp_authenticators_admin_idx" ON "totp_authenticators" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_one_owner" CHECK (num_nonnulls("recovery_codes"."user_id", "recovery_codes"."admin_id") = 1);--> statement-breakpoint
ALTER TABLE "second_factor_throttles" ADD CONSTRAINT "second_factor_throttles_one_owner" CHECK (num_nonnulls("second_factor_throttles"."user_id", "second_factor_throttles"."admin_id") = 1);--> statement-breakpoint
ALTER TABLE "totp_authenticators" ADD CONSTRAINT "totp_authenticators_one_owner" CHECK (num_nonnulls("totp_authenticators"."user_id", "totp_authenticators"."admin_id") = 1);--> statement-breakpoint
-- Sessions opened before every admin had a second factor end: the next sign-in asks for one.
UPDATE "admin_sessions" SET "revoked_at" = now() WHERE "revoked_at" IS NULL;
