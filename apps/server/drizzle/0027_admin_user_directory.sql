CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"account_status" text NOT NULL,
	"users" bigint NOT NULL,
	CONSTRAINT "user_counts_role_account_status_pk" PRIMARY KEY("role","account_status")
);
--> statement-breakpoint
CREATE TABLE "user_directory" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"role" text NOT NULL,
	"industry_category" text,
	"account_status" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_directory" ADD CONSTRAINT "user_directory_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_directory_created_idx" ON "user_directory" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_directory_role_created_idx" ON "user_directory" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "user_directory_industry_created_idx" ON "user_directory" USING btree ("industry_category","created_at","id");--> statement-breakpoint
-- The console's user search: a part of a name or an e-mail address, anywhere in it, in any script.
-- Trigrams answer it from an index for three characters or more.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX user_directory_search_idx ON user_directory USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- Kept in the transaction that changes the user: every user has their row.
CREATE FUNCTION user_directory_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_directory (id, created_at, role, industry_category, account_status, search_text)
  VALUES (NEW.id, NEW.created_at, NEW.role, NEW.industry_category, NEW.account_status,
          lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email))
  ON CONFLICT (id) DO UPDATE SET
    created_at = excluded.created_at, role = excluded.role, industry_category = excluded.industry_category,
    account_status = excluded.account_status, search_text = excluded.search_text;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_directory_on_insert AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION user_directory_sync();
--> statement-breakpoint
CREATE TRIGGER user_directory_on_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email, OLD.role, OLD.industry_category, OLD.account_status, OLD.created_at)
        IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.role, NEW.industry_category, NEW.account_status, NEW.created_at))
  EXECUTE FUNCTION user_directory_sync();
--> statement-breakpoint
-- The summary cards' counts: one upsert per statement of the net change per key (a row leaving one key
-- and joining another is one statement), keys in a fixed order, and a key whose count does not change
-- (a name edited) is not locked.
CREATE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS counts
    SELECT role, account_status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (role, account_status) DO UPDATE SET users = counts.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS counts
    SELECT role, account_status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (role, account_status) DO UPDATE SET users = counts.users + excluded.users;
  ELSE
    INSERT INTO user_counts AS counts
    SELECT role, account_status, sum(change) FROM (
      SELECT role, account_status, -1 AS change FROM old_rows
      UNION ALL
      SELECT role, account_status, 1 FROM new_rows
    ) AS changes
    GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
    ON CONFLICT (role, account_status) DO UPDATE SET users = counts.users + excluded.users;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_insert AFTER INSERT ON user_directory REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER user_counts_update AFTER UPDATE ON user_directory REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER user_counts_delete AFTER DELETE ON user_directory REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
-- TRUNCATE users CASCADE empties the directory: its counts go with it.
CREATE FUNCTION user_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON user_directory FOR EACH STATEMENT EXECUTE FUNCTION user_counts_truncated();
--> statement-breakpoint
-- The users already there.
INSERT INTO user_directory (id, created_at, role, industry_category, account_status, search_text)
SELECT id, created_at, role, industry_category, account_status, lower(first_name || ' ' || last_name || ' ' || email) FROM users;
--> statement-breakpoint
ANALYZE user_directory;
