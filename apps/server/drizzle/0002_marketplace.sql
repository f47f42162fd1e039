CREATE TABLE "job_interests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"message" text,
	"proposed_rate" numeric(12, 2),
	"availability_start" date,
	"estimated_duration" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_views" (
	"job_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "job_views_job_id_viewer_key_day_pk" PRIMARY KEY("job_id","viewer_key","day")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"skills_required" text[] NOT NULL,
	"job_type" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"city" text,
	"address" text,
	"industry_category" text,
	"local_service_category" text,
	"local_service_subcategory" text,
	"payment_method" text NOT NULL,
	"currency" text NOT NULL,
	"budget_min_minor" bigint NOT NULL,
	"budget_max_minor" bigint NOT NULL,
	"budget_min_usd" bigint NOT NULL,
	"budget_max_usd" bigint NOT NULL,
	"featured_requested" boolean DEFAULT false NOT NULL,
	"featured_until" timestamp with time zone,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"location_required" boolean DEFAULT false NOT NULL,
	"allow_remote" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"deadline" date,
	"proposal_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector",
	"facets" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_budget_order" CHECK ("jobs"."budget_min_minor" >= 0 and "jobs"."budget_max_minor" >= "jobs"."budget_min_minor")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"params" jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"worker_id" uuid NOT NULL,
	"proposal_text" text NOT NULL,
	"proposed_rate_cents" bigint NOT NULL,
	"estimated_hours" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewee_id" uuid NOT NULL,
	"overall_rating" integer NOT NULL,
	"work_quality" integer,
	"communication" integer,
	"timeliness" integer,
	"payment_reliability" integer,
	"comment" text,
	"show_on_profile" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."overall_rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country" text DEFAULT 'AE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_service_category" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "local_service_subcategory" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "job_interests" ADD CONSTRAINT "job_interests_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_interests" ADD CONSTRAINT "job_interests_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invitations" ADD CONSTRAINT "job_invitations_professional_id_users_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_views" ADD CONSTRAINT "job_views_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_worker_id_users_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_users_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_interests_job_worker_idx" ON "job_interests" USING btree ("job_id","worker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_invitations_job_professional_idx" ON "job_invitations" USING btree ("job_id","professional_id");--> statement-breakpoint
CREATE INDEX "jobs_employer_idx" ON "jobs" USING btree ("employer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_open_created_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_budget_idx" ON "jobs" USING btree ("budget_max_usd" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_open_competition_idx" ON "jobs" USING btree ("proposal_count","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "jobs_featured_idx" ON "jobs" USING btree ("featured_until") WHERE "jobs"."status" = 'open' and "jobs"."featured_until" is not null;--> statement-breakpoint
CREATE INDEX "jobs_open_search_idx" ON "jobs" USING gin ("search_vector","facets") WHERE "jobs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE not "notifications"."is_read";--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_job_worker_idx" ON "proposals" USING btree ("job_id","worker_id");--> statement-breakpoint
CREATE INDEX "proposals_worker_idx" ON "proposals" USING btree ("worker_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_one_accepted_idx" ON "proposals" USING btree ("job_id") WHERE "proposals"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_job_reviewer_idx" ON "reviews" USING btree ("job_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_professional_rating_idx" ON "users" USING btree ("total_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id") WHERE "users"."role" = 'professional' and "users"."account_status" = 'active';--> statement-breakpoint
CREATE INDEX "users_professional_search_idx" ON "users" USING gin ("search_vector") WHERE "users"."role" = 'professional';--> statement-breakpoint
-- Search text in English and Arabic stems, so "designing" finds "design" and "المواقع" finds "مواقع".
CREATE FUNCTION mihna_search_text(weight "char", body text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('english', coalesce(body, '')) || to_tsvector('arabic', coalesce(body, '')), weight) $$;
--> statement-breakpoint
CREATE FUNCTION jobs_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    mihna_search_text('A', NEW.title)
    || mihna_search_text('B', array_to_string(NEW.skills_required, ' '))
    || mihna_search_text('C', NEW.description);
  NEW.facets :=
    ARRAY['c:' || NEW.country, 't:' || NEW.job_type, 'p:' || NEW.payment_method]
    || CASE WHEN NEW.region IS NULL THEN '{}'::text[] ELSE ARRAY['r:' || NEW.country || ':' || NEW.region] END
    || CASE WHEN NEW.industry_category IS NULL THEN '{}'::text[] ELSE ARRAY['i:' || NEW.industry_category] END
    || CASE WHEN NEW.local_service_category IS NULL THEN '{}'::text[] ELSE ARRAY['lc:' || NEW.local_service_category] END
    || CASE WHEN NEW.local_service_subcategory IS NULL THEN '{}'::text[] ELSE ARRAY['ls:' || NEW.local_service_subcategory] END
    || coalesce((SELECT array_agg(DISTINCT 'k:' || lower(skill)) FROM unnest(NEW.skills_required) AS skill), '{}'::text[]);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_search_fields BEFORE INSERT OR UPDATE OF title, description, skills_required, country, region, job_type, payment_method, industry_category, local_service_category, local_service_subcategory
  ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_search_fields();
--> statement-breakpoint
CREATE FUNCTION users_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    mihna_search_text('A', NEW.first_name || ' ' || NEW.last_name)
    || mihna_search_text('A', array_to_string(NEW.skills, ' '))
    || mihna_search_text('B', array_to_string(NEW.career_highlights, ' '))
    || mihna_search_text('C', NEW.bio);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_fields BEFORE INSERT OR UPDATE OF first_name, last_name, skills, career_highlights, bio
  ON users FOR EACH ROW EXECUTE FUNCTION users_search_fields();
--> statement-breakpoint
UPDATE users SET first_name = first_name;
