-- Every change to a user, and every session that ends, is announced on the channel
-- md_user_changed with the user's id, so each app instance can drop what it keeps in memory
-- about that user's sessions (apps/server/src/modules/auth/session-cache.ts).
CREATE FUNCTION md_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('md_user_changed', OLD.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION md_notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('md_user_changed', OLD.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION md_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_ended_notify AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION md_notify_session_ended();
