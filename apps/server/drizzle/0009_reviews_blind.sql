ALTER TABLE "contracts" ADD COLUMN "show_project_value" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "show_employer_name" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "released_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "release_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reviews_release_due_idx" ON "reviews" USING btree ("release_due_at") WHERE "reviews"."released_at" is null;