ALTER TABLE "users" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_updated_at" timestamp with time zone;