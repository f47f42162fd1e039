-- Skills, languages and career highlights, and projects' required skills, typed with the Arabic comma
-- "،" or semicolon "؛" were stored as one item ("TypeScript، Node.js"): only "," split them. They are
-- split now as "," is (packages/shared/src/lists.ts); this splits what was stored before at those two
-- marks, trims the pieces of spaces and direction marks and drops empty ones. An item holding a Latin
-- comma came as a list, not as typed text, and stays whole. Each row written goes through the search
-- triggers (migrations 0002, 0013, 0014, 0015), which remake its words and filters and record the
-- change, so the search indexes, loaded at start from these rows, find each skill on its own.
CREATE FUNCTION mihna_split_arabic_list(items text[]) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(piece.trimmed ORDER BY item.position, piece.position), '{}'::text[])
  FROM unnest(items) WITH ORDINALITY AS item(text, position)
  CROSS JOIN LATERAL (
    SELECT regexp_replace(part.text, '^[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u200e\u200f\u061c]+|[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u200e\u200f\u061c]+$', '', 'g') AS trimmed,
           part.position
    FROM regexp_split_to_table(item.text, '[\u060c\u061b]') WITH ORDINALITY AS part(text, position)
  ) AS piece
  WHERE piece.trimmed <> ''
$$;
--> statement-breakpoint
UPDATE users SET skills = mihna_split_arabic_list(skills) WHERE array_to_string(skills, ' ') ~ '[\u060c\u061b]';
--> statement-breakpoint
UPDATE users SET languages = mihna_split_arabic_list(languages) WHERE array_to_string(languages, ' ') ~ '[\u060c\u061b]';
--> statement-breakpoint
UPDATE users SET career_highlights = mihna_split_arabic_list(career_highlights) WHERE array_to_string(career_highlights, ' ') ~ '[\u060c\u061b]';
--> statement-breakpoint
UPDATE jobs SET skills_required = mihna_split_arabic_list(skills_required) WHERE array_to_string(skills_required, ' ') ~ '[\u060c\u061b]';
--> statement-breakpoint
-- A registration still waiting for its code holds its lists as they were read; it becomes a user later.
UPDATE pending_registrations SET details = details
  || CASE WHEN jsonb_typeof(details -> 'skills') = 'array'
       THEN jsonb_build_object('skills', to_jsonb(mihna_split_arabic_list(ARRAY(SELECT jsonb_array_elements_text(details -> 'skills'))))) ELSE '{}' END
  || CASE WHEN jsonb_typeof(details -> 'languages') = 'array'
       THEN jsonb_build_object('languages', to_jsonb(mihna_split_arabic_list(ARRAY(SELECT jsonb_array_elements_text(details -> 'languages'))))) ELSE '{}' END
  || CASE WHEN jsonb_typeof(details -> 'career_highlights') = 'array'
       THEN jsonb_build_object('career_highlights', to_jsonb(mihna_split_arabic_list(ARRAY(SELECT jsonb_array_elements_text(details -> 'career_highlights'))))) ELSE '{}' END
WHERE concat(details ->> 'skills', details ->> 'languages', details ->> 'career_highlights') ~ '[\u060c\u061b]';
--> statement-breakpoint
DROP FUNCTION mihna_split_arabic_list(text[]);
