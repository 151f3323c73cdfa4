CREATE TABLE "directory_words" (
	"word" text PRIMARY KEY NOT NULL,
	"agencies" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "agency_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "directory_words_trgm_idx" ON "directory_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
-- One word as a full-text query of exactly that lexeme, whatever characters it holds (quotes and
-- backslashes escaped, not parsed again); with `prefix`, also every longer word beginning with it.
CREATE FUNCTION md_word_query(word text, prefix boolean) RETURNS tsquery
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(word, '\', '\\'), '''', '''''') || ''''
    || CASE WHEN prefix THEN ':*' ELSE '' END)::tsquery
$$;
--> statement-breakpoint
-- The words of a directory search, numbered. A function of its own for the row estimate: a search
-- has a word or two, and a plan that expects a hundred would rather scan the whole vocabulary than
-- look each one up in its index (STRICT keeps it from being inlined, which would lose the estimate).
-- PARALLEL RESTRICTED: a search reads a few index entries; starting parallel workers for it (which
-- PostgreSQL's estimate for a word it cannot see would otherwise do) costs more than the search.
CREATE FUNCTION md_search_words(q text) RETURNS TABLE (w text, i bigint)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL RESTRICTED ROWS 2 AS $$
  SELECT * FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, q))) WITH ORDINALITY
$$;
--> statement-breakpoint
-- The words of `added` names counted in, those of `removed` counted out; upserted in word order,
-- so two writers lock the words they share in the same order; words no agency uses are dropped.
CREATE FUNCTION md_directory_words_apply(added text[], removed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed text[];
BEGIN
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  WITH changes AS (
    SELECT w, sum(d)::int AS d FROM (
      SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, t))) AS w, 1 AS d FROM unnest(added) t
      UNION ALL
      SELECT unnest(tsvector_to_array(to_tsvector('simple'::regconfig, t))), -1 FROM unnest(removed) t
    ) x GROUP BY w HAVING sum(d) <> 0
  ), upserted AS (
    INSERT INTO directory_words AS dw (word, agencies)
      SELECT w, d FROM changes ORDER BY w
      ON CONFLICT (word) DO UPDATE SET agencies = dw.agencies + excluded.agencies
      RETURNING word, agencies
  )
  SELECT array_agg(word) INTO changed FROM upserted WHERE agencies <= 0;
  IF changed IS NOT NULL THEN
    DELETE FROM directory_words WHERE word = ANY(changed) AND agencies <= 0;
  END IF;
END
$$;
--> statement-breakpoint
-- Once per statement on agency_profiles: the names it added, removed or changed.
CREATE FUNCTION md_directory_words_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM md_directory_words_apply(array(SELECT name_text FROM new_rows), '{}');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM md_directory_words_apply('{}', array(SELECT name_text FROM old_rows));
  ELSE
    PERFORM md_directory_words_apply(
      array(SELECT n.name_text FROM new_rows n JOIN old_rows o USING (user_id) WHERE n.name_text <> o.name_text),
      array(SELECT o.name_text FROM new_rows n JOIN old_rows o USING (user_id) WHERE n.name_text <> o.name_text));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_profiles_words_insert AFTER INSERT ON agency_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION md_directory_words_follow();
--> statement-breakpoint
CREATE TRIGGER agency_profiles_words_update AFTER UPDATE ON agency_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION md_directory_words_follow();
--> statement-breakpoint
CREATE TRIGGER agency_profiles_words_delete AFTER DELETE ON agency_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION md_directory_words_follow();
--> statement-breakpoint
INSERT INTO directory_words (word, agencies)
  SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple''::regconfig, name_text) FROM agency_profiles');
