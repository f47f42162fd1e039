-- The console's user search: a part of a name or an e-mail address, anywhere in it, in any script.
-- Trigrams answer it from an index for three characters or more.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION mihna_user_search_text(first_name text, last_name text, email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(first_name || ' ' || last_name || ' ' || email) $$;
--> statement-breakpoint
CREATE INDEX users_admin_search_idx ON users USING gin (mihna_user_search_text(first_name, last_name, email) gin_trgm_ops);
