CREATE TABLE "user_changes" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_changes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_changes_txid_idx" ON "user_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "user_changes_changed_at_idx" ON "user_changes" USING btree ("changed_at");--> statement-breakpoint
-- A row per change to a professional that professional search reads (their words, filters, rate,
-- rating and whether they are listed), in the changing transaction; a TRUNCATE writes one row with no
-- user: every user may have changed. Signing in, settings and other columns write nothing.
CREATE FUNCTION user_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    INSERT INTO user_changes (user_id) VALUES (NULL);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_changes (user_id) VALUES (OLD.id);
  ELSE
    INSERT INTO user_changes (user_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_changes_on_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.role = 'professional') EXECUTE FUNCTION user_changes_record();
--> statement-breakpoint
CREATE TRIGGER user_changes_on_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.role = 'professional') EXECUTE FUNCTION user_changes_record();
--> statement-breakpoint
CREATE TRIGGER user_changes_on_update AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.role = 'professional' OR NEW.role = 'professional')
        AND (OLD.role, OLD.account_status, OLD.search_vector, OLD.skills, OLD.country, OLD.emirate, OLD.show_location,
             OLD.industry_category, OLD.local_service_category, OLD.local_service_subcategory, OLD.hourly_rate_minor,
             OLD.total_rating, OLD.total_reviews, OLD.created_at)
            IS DISTINCT FROM
            (NEW.role, NEW.account_status, NEW.search_vector, NEW.skills, NEW.country, NEW.emirate, NEW.show_location,
             NEW.industry_category, NEW.local_service_category, NEW.local_service_subcategory, NEW.hourly_rate_minor,
             NEW.total_rating, NEW.total_reviews, NEW.created_at))
  EXECUTE FUNCTION user_changes_record();
--> statement-breakpoint
CREATE TRIGGER user_changes_on_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_changes_record();
