-- Nearby search: each project with a region carries its place as a filter token,
-- g:<country>:<region>:<city>, the city empty when the project names only its region (it is then placed at
-- the region's first city). A change of city now recomputes the tokens too.
CREATE OR REPLACE FUNCTION jobs_search_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    mihna_search_text('A', NEW.title)
    || mihna_search_text('B', array_to_string(NEW.skills_required, ' '))
    || mihna_search_text('C', NEW.description);
  NEW.facets :=
    ARRAY['c:' || NEW.country, 't:' || NEW.job_type, 'p:' || NEW.payment_method]
    || CASE WHEN NEW.region IS NULL THEN '{}'::text[]
            ELSE ARRAY['r:' || NEW.country || ':' || NEW.region, 'g:' || NEW.country || ':' || NEW.region || ':' || coalesce(NEW.city, '')] END
    || CASE WHEN NEW.industry_category IS NULL THEN '{}'::text[] ELSE ARRAY['i:' || NEW.industry_category] END
    || CASE WHEN NEW.local_service_category IS NULL THEN '{}'::text[] ELSE ARRAY['lc:' || NEW.local_service_category] END
    || CASE WHEN NEW.local_service_subcategory IS NULL THEN '{}'::text[] ELSE ARRAY['ls:' || NEW.local_service_subcategory] END
    || coalesce((SELECT array_agg(DISTINCT 'k:' || lower(skill)) FROM unnest(NEW.skills_required) AS skill), '{}'::text[]);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER jobs_search_fields ON jobs;
--> statement-breakpoint
CREATE TRIGGER jobs_search_fields BEFORE INSERT OR UPDATE OF title, description, skills_required, country, region, city, job_type, payment_method, industry_category, local_service_category, local_service_subcategory
  ON jobs FOR EACH ROW EXECUTE FUNCTION jobs_search_fields();
--> statement-breakpoint
-- Every project with a region takes its place token (job_search and the search indexes follow through their triggers).
UPDATE jobs SET region = region WHERE region IS NOT NULL;
