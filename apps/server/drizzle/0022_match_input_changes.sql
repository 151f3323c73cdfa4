CREATE TABLE "match_input_changes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"changed_xid" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "match_input_changes_xid_idx" ON "match_input_changes" USING btree ("changed_xid");--> statement-breakpoint
-- Every change to what the compatibility engine reads of a client (the user row, the profile,
-- the preferences) records the user's id and the writing transaction, for every writer, so an
-- app instance that keeps the candidate pool in memory can ask what changed since the snapshot
-- its copy is current to. Statement-level triggers: a bulk write costs one insert, not one a row.
-- Ids are never updated, so an update's new rows name every changed user.
CREATE FUNCTION md_match_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_input_changes (user_id, changed_xid)
    SELECT DISTINCT id, pg_current_xact_id()::text::bigint FROM changed ORDER BY id
  ON CONFLICT (user_id) DO UPDATE SET changed_xid = EXCLUDED.changed_xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION md_match_profile_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO match_input_changes (user_id, changed_xid)
    SELECT DISTINCT user_id, pg_current_xact_id()::text::bigint FROM changed ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET changed_xid = EXCLUDED.changed_xid;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_match_update AFTER UPDATE ON users REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_match_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_user_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_match_insert AFTER INSERT ON client_profiles REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_match_update AFTER UPDATE ON client_profiles REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
--> statement-breakpoint
CREATE TRIGGER client_profiles_match_delete AFTER DELETE ON client_profiles REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
--> statement-breakpoint
CREATE TRIGGER client_preferences_match_insert AFTER INSERT ON client_preferences REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
--> statement-breakpoint
CREATE TRIGGER client_preferences_match_update AFTER UPDATE ON client_preferences REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
--> statement-breakpoint
CREATE TRIGGER client_preferences_match_delete AFTER DELETE ON client_preferences REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION md_match_profile_changed();
