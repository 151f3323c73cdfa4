-- Retention (issue 20) reads one stored column instead of eight subqueries: users.last_activity_at,
-- the person's latest activity, moved forward (at most once a minute) by markActive and by the
-- triggers below. A change of that column alone is no change other instances must hear of.
CREATE OR REPLACE FUNCTION md_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND to_jsonb(NEW) - 'last_activity_at' = to_jsonb(OLD) - 'last_activity_at' THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('md_user_changed', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Filled with what retention counted until now: the latest of the account's creation, the
-- sign-ins, the questionnaire and preferences, introductions proposed, answers, chat messages.
UPDATE "users" u SET "last_activity_at" = greatest(
  u.created_at,
  u.last_active_at,
  (SELECT p.updated_at FROM client_profiles p WHERE p.user_id = u.id),
  (SELECT p.updated_at FROM client_preferences p WHERE p.user_id = u.id),
  (SELECT max(i.created_at) FROM introductions i WHERE i.client_id = u.id),
  (SELECT max(i.created_at) FROM introductions i WHERE i.candidate_id = u.id),
  (SELECT max(d.answered_at) FROM introduction_sides d WHERE d.client_id = u.id),
  (SELECT max(f.created_at) FROM introduction_feedback f WHERE f.client_id = u.id),
  (SELECT max(ph.created_at) FROM photos ph WHERE ph.profile_user_id = u.id),
  (SELECT max(m.created_at) FROM chat_members cm JOIN chat_messages m ON m.chat_id = cm.chat_id
    WHERE cm.user_id = u.id AND m.sender_id = u.id)
);--> statement-breakpoint
CREATE INDEX "users_retention_idx" ON "users" USING btree ("inviter_id","last_activity_at") WHERE "users"."role" = 'INVITEE' and "users"."erased_at" is null;--> statement-breakpoint
-- Moves a person's latest activity to `at` when it is more than a minute later than the stored
-- one: an active person's row is written at most once a minute, an older `at` writes nothing.
CREATE FUNCTION md_bump_activity(uid text, at timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET last_activity_at = at
  WHERE id = uid AND last_activity_at < at - interval '1 minute'
$$;
--> statement-breakpoint
CREATE FUNCTION md_activity_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM md_bump_activity(NEW.user_id, NEW.updated_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER client_profiles_activity AFTER INSERT OR UPDATE OF updated_at ON client_profiles
  FOR EACH ROW EXECUTE FUNCTION md_activity_profile();
--> statement-breakpoint
CREATE TRIGGER client_preferences_activity AFTER INSERT OR UPDATE OF updated_at ON client_preferences
  FOR EACH ROW EXECUTE FUNCTION md_activity_profile();
--> statement-breakpoint
CREATE FUNCTION md_activity_introduction() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In id order, so two introductions of the same pair never wait on each other crosswise.
  PERFORM md_bump_activity(least(NEW.client_id, NEW.candidate_id), NEW.created_at);
  PERFORM md_bump_activity(greatest(NEW.client_id, NEW.candidate_id), NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER introductions_activity AFTER INSERT ON introductions
  FOR EACH ROW EXECUTE FUNCTION md_activity_introduction();
--> statement-breakpoint
-- An answer to an introduction, and a reply to a planned date (confirmed, reschedule).
CREATE FUNCTION md_activity_side() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.answered_at IS NOT NULL AND NEW.answered_at IS DISTINCT FROM OLD.answered_at THEN
    PERFORM md_bump_activity(NEW.client_id, NEW.answered_at);
  END IF;
  IF NEW.date_response IS NOT NULL AND NEW.date_response IS DISTINCT FROM OLD.date_response THEN
    PERFORM md_bump_activity(NEW.client_id, now());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER introduction_sides_activity AFTER UPDATE OF answered_at, date_response ON introduction_sides
  FOR EACH ROW EXECUTE FUNCTION md_activity_side();
--> statement-breakpoint
-- Feedback after a date, given by the client or recorded by their matchmaker after a call.
CREATE FUNCTION md_activity_feedback() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM md_bump_activity(NEW.client_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.created_at ELSE now() END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER introduction_feedback_activity AFTER INSERT OR UPDATE ON introduction_feedback
  FOR EACH ROW EXECUTE FUNCTION md_activity_feedback();
--> statement-breakpoint
CREATE FUNCTION md_activity_photo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM md_bump_activity(NEW.profile_user_id, NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER photos_activity AFTER INSERT ON photos
  FOR EACH ROW EXECUTE FUNCTION md_activity_photo();
--> statement-breakpoint
-- A chat message counts for the person who wrote it, not for those it was written to.
CREATE FUNCTION md_activity_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sender_id IS NOT NULL THEN
    PERFORM md_bump_activity(NEW.sender_id, NEW.created_at);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_activity AFTER INSERT ON chat_messages
  FOR EACH ROW EXECUTE FUNCTION md_activity_message();
