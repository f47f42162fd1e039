CREATE TABLE "identity_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"provider" text NOT NULL,
	"intent" text NOT NULL,
	"user_id" uuid,
	"nonce" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"return_origin" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"national_id_hash" text NOT NULL,
	"full_name_en" text,
	"full_name_ar" text,
	"nationality" text,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"provider" text NOT NULL,
	"user_id" uuid,
	"identity" jsonb,
	"code_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_flows" ADD CONSTRAINT "identity_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_links" ADD CONSTRAINT "identity_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_tickets" ADD CONSTRAINT "identity_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_flows_state_idx" ON "identity_flows" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "identity_flows_expiry_idx" ON "identity_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_links_subject_idx" ON "identity_links" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_links_national_id_idx" ON "identity_links" USING btree ("national_id_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_links_user_provider_idx" ON "identity_links" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_tickets_token_idx" ON "identity_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_tickets_expiry_idx" ON "identity_tickets" USING btree ("expires_at");--> statement-breakpoint
-- A verified identity is a filter of professional search ("Verified identity only"): linking or
-- unlinking one is a change of that professional for the search index, as an edit of their profile is.
CREATE FUNCTION identity_links_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO user_changes (user_id) VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_changes (user_id) VALUES (OLD.user_id);
  ELSE
    INSERT INTO user_changes (user_id) VALUES (NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER identity_links_on_change AFTER INSERT OR UPDATE OF user_id OR DELETE ON identity_links
  FOR EACH ROW EXECUTE FUNCTION identity_links_record();
--> statement-breakpoint
CREATE TRIGGER identity_links_on_truncate AFTER TRUNCATE ON identity_links
  FOR EACH STATEMENT EXECUTE FUNCTION identity_links_record();
