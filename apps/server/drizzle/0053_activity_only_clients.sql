-- Review of 0049 (issue 20). Activity is a client's: only a live client's row is bumped (a
-- matchmaker's chat messages wrote their own row for nothing). Being proposed by another agency
-- is not the candidate's activity (it could postpone their erasure indefinitely): an introduction
-- counts for the client whose matchmaker proposed it. Feedback counts when given, not when a row
-- is later changed. And an update of users that changed nothing but the activity columns is no
-- change of anyone's matching input: the candidate pools no longer reload that person.
CREATE OR REPLACE FUNCTION md_bump_activity(uid text, at timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET last_activity_at = at
  WHERE id = uid AND role = 'INVITEE' AND erased_at IS NULL AND last_activity_at < at - interval '1 minute'
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION md_activity_introduction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM md_bump_activity(NEW.client_id, NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER introduction_feedback_activity ON introduction_feedback;
--> statement-breakpoint
CREATE TRIGGER introduction_feedback_activity AFTER INSERT ON introduction_feedback
  FOR EACH ROW EXECUTE FUNCTION md_activity_feedback();
--> statement-breakpoint
CREATE FUNCTION md_match_user_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_input_changes (user_id, changed_xid)
    SELECT DISTINCT id, pg_current_xact_id()::text::bigint FROM (
      SELECT n.id FROM changed n LEFT JOIN previous o ON o.id = n.id
      WHERE o.id IS NULL
        OR to_jsonb(n) - 'last_activity_at' - 'last_active_at'
          IS DISTINCT FROM to_jsonb(o) - 'last_activity_at' - 'last_active_at'
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
DROP TRIGGER users_match_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_match_update AFTER UPDATE ON users REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_user_updated();
--> statement-breakpoint
-- Nor is a sign-in's mark (last_active_at) a change other instances' session caches must hear of.
CREATE OR REPLACE FUNCTION md_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND to_jsonb(NEW) - 'last_activity_at' - 'last_active_at'
      = to_jsonb(OLD) - 'last_activity_at' - 'last_active_at' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('md_user_changed', OLD.id);
  RETURN NULL;
END
$$;
