-- Any change to what the directory shows is announced on md_directory_changed, so each app
-- instance drops the directory answers it keeps in memory (modules/agencies/directory-cache.ts):
-- agency rows (profile edits, ratings, listing, which follows the user row by trigger), and a
-- matchmaker's logo, which is the user's avatar. Once per statement: the whole cache goes anyway.
CREATE FUNCTION md_notify_directory_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('md_directory_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_profiles_directory_notify AFTER INSERT OR UPDATE OR DELETE ON agency_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION md_notify_directory_changed();
--> statement-breakpoint
CREATE TRIGGER users_logo_directory_notify AFTER UPDATE OF avatar_thumb_key ON users
  FOR EACH STATEMENT EXECUTE FUNCTION md_notify_directory_changed();
