-- Client search that reads only the matchmaker's own clients (issue 21). The trigram index on
-- search_text finds every client whose text has the letters, in every agency, and a BitmapAnd with
-- the matchmaker's index then throws most of them away; the questionnaire state sat in another
-- table, so each match was joined before it could be counted. Now the state is copied onto users
-- (profile_bucket, kept by the triggers below) and the search text's three-letter pieces are
-- hashed together with the matchmaker and that state (search_keys, a generated column): a GIN
-- index over them gives exactly "this matchmaker's clients in this state with these letters", so
-- only the matches are read from the table. A hash collision only adds a row that the ILIKE
-- recheck drops; hashtext depends on the machine's byte order, and a restore computes generated
-- columns afresh. The index takes new keys into its pending list (at most 64 kB, merged in bulk;
-- vacuum merges it too): writing some 70 keys a client straight into the tree made a CSV import
-- twice as slow.
CREATE FUNCTION md_search_keys(scope text, body text) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN scope IS NULL THEN '{}'::integer[] ELSE
    array(SELECT hashtext(scope || substr(l, i, 3)) FROM generate_series(1, length(l) - 2) i) END
  FROM lower(coalesce(body, '')) l
$$;
--> statement-breakpoint
-- Neither copy is a change of anyone's matching input or session (the questionnaire's own
-- triggers already log a change of the questionnaire).
CREATE OR REPLACE FUNCTION md_match_user_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_input_changes (user_id, changed_xid)
    SELECT DISTINCT id, pg_current_xact_id()::text::bigint FROM (
      SELECT n.id FROM changed n LEFT JOIN previous o ON o.id = n.id
      WHERE o.id IS NULL
        OR to_jsonb(n) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys'
          IS DISTINCT FROM to_jsonb(o) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys'
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
    AND to_jsonb(NEW) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys'
      = to_jsonb(OLD) - 'last_activity_at' - 'last_active_at' - 'profile_bucket' - 'search_keys' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('md_user_changed', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "profile_bucket" = md_client_bucket(p.is_complete, p.approved_at)
  FROM "client_profiles" p
  WHERE p.user_id = u.id AND md_client_bucket(p.is_complete, p.approved_at) <> 0;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_keys" integer[] GENERATED ALWAYS AS (md_search_keys((inviter_id || ':' || profile_bucket), search_text)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_keys_idx" ON "users" USING gin ("search_keys") WITH (fastupdate=on,gin_pending_list_limit=64);--> statement-breakpoint
-- The trigram index now serves an admin's search over every client only: it takes new entries
-- into a small pending list too, so a client's write no longer inserts some 70 trigrams into it.
ALTER INDEX "users_search_trgm_idx" SET (fastupdate=on, gin_pending_list_limit=64);--> statement-breakpoint
-- The questionnaire's state follows it onto users. Statement triggers: a CSV import's thousand
-- questionnaires are one update.
CREATE FUNCTION md_profile_bucket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET profile_bucket = md_client_bucket(n.is_complete, n.approved_at)
    FROM changed n
    WHERE u.id = n.user_id AND u.profile_bucket <> md_client_bucket(n.is_complete, n.approved_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION md_profile_bucket_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET profile_bucket = 0 FROM gone g WHERE u.id = g.user_id AND u.profile_bucket <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER client_profiles_bucket_insert AFTER INSERT ON client_profiles
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION md_profile_bucket_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_bucket_update AFTER UPDATE ON client_profiles
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION md_profile_bucket_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_bucket_delete AFTER DELETE ON client_profiles
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION md_profile_bucket_deleted();
