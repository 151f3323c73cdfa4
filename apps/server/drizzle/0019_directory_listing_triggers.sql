-- agency_profiles.listed and .verified follow the user row: the directory filters one table.
-- Listed: a matchmaker (INVITER), onboarded, not switched off, who chose to be listed.
CREATE FUNCTION md_directory_listed(role role, status user_status, participates boolean, onboarded_at timestamptz)
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT role = 'INVITER' AND participates AND status <> 'inactive' AND onboarded_at IS NOT NULL
$$;
--> statement-breakpoint
-- A new agency profile starts from its user's state.
CREATE FUNCTION md_agency_listing_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT md_directory_listed(u.role, u.status, u.participates_in_search, u.onboarding_completed_at), u.is_verified
    INTO NEW.listed, NEW.verified
    FROM users u WHERE u.id = NEW.user_id;
  NEW.listed := coalesce(NEW.listed, false);
  NEW.verified := coalesce(NEW.verified, false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER agency_profiles_listing BEFORE INSERT ON agency_profiles
  FOR EACH ROW EXECUTE FUNCTION md_agency_listing_insert();
--> statement-breakpoint
-- A user's change that moves their agency into or out of the directory, or verifies it.
CREATE FUNCTION md_agency_listing_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE agency_profiles
    SET listed = md_directory_listed(NEW.role, NEW.status, NEW.participates_in_search, NEW.onboarding_completed_at),
        verified = NEW.is_verified
    WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_agency_listing AFTER UPDATE OF role, status, participates_in_search, onboarding_completed_at, is_verified ON users
  FOR EACH ROW WHEN (
    md_directory_listed(OLD.role, OLD.status, OLD.participates_in_search, OLD.onboarding_completed_at)
      IS DISTINCT FROM md_directory_listed(NEW.role, NEW.status, NEW.participates_in_search, NEW.onboarding_completed_at)
    OR OLD.is_verified IS DISTINCT FROM NEW.is_verified
  )
  EXECUTE FUNCTION md_agency_listing_users();
--> statement-breakpoint
UPDATE agency_profiles ap
  SET listed = md_directory_listed(u.role, u.status, u.participates_in_search, u.onboarding_completed_at),
      verified = u.is_verified
  FROM users u WHERE u.id = ap.user_id;
