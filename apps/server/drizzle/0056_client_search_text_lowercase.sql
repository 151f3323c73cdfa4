-- The client list's search text is kept in lowercase (issue 21), so a search checks each row with
-- a plain LIKE of the lowercased text searched for, not an ILIKE that lowercases the row's whole
-- text again for every row it reads: in PGlite that was about 2.7 us of a row's 4. The trigram
-- index serves LIKE as it served ILIKE, and the search keys hash the lowercased text already
-- (md_search_keys), so they do not change.
CREATE OR REPLACE FUNCTION md_client_search_text(first_name text, last_name text, email text, phone text, city text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(' ', first_name, last_name, email, phone,
    nullif(regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g'), ''), city))
$$;
--> statement-breakpoint
-- The search text is made from the name, e-mail, phone and city, whose own changes are logged and
-- announced; a change of the text alone (as below) is neither a change of anyone's matching input
-- nor of a session.
CREATE OR REPLACE FUNCTION md_match_user_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_input_changes (user_id, changed_xid)
    SELECT DISTINCT id, pg_current_xact_id()::text::bigint FROM (
      SELECT n.id FROM changed n LEFT JOIN previous o ON o.id = n.id
      WHERE o.id IS NULL
        OR to_jsonb(n) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys' - 'search_text'
          IS DISTINCT FROM to_jsonb(o) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys' - 'search_text'
      -- An id changed: the old one is gone too.
      UNION ALL
      SELECT o.id FROM previous o LEFT JOIN changed n ON n.id = o.id WHERE n.id IS NULL
    ) ids
    ORDER BY 1
  ON CONFLICT (user_id) DO UPDATE SET changed_xid = EXCLUDED.changed_xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION md_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND to_jsonb(NEW) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys' - 'search_text'
      = to_jsonb(OLD) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys' - 'search_text' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('md_user_changed', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "users" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
