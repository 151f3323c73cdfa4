ALTER TABLE "users" ADD COLUMN "search_text" text;--> statement-breakpoint
-- What the client list's search box matches, in one text: name, e-mail, phone and city.
CREATE FUNCTION md_client_search_text(first_name text, last_name text, email text, phone text, city text)
  RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', first_name, last_name, email, phone, city)
$$;
--> statement-breakpoint
-- A user's own fields change: their text is made again, with the city of their questionnaire.
CREATE FUNCTION md_users_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := md_client_search_text(NEW.first_name, NEW.last_name, NEW.email, NEW.phone,
    (SELECT cp.city FROM client_profiles cp WHERE cp.user_id = NEW.id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_search_text BEFORE INSERT OR UPDATE OF first_name, last_name, email, phone ON users
  FOR EACH ROW EXECUTE FUNCTION md_users_search_text();
--> statement-breakpoint
-- The questionnaire's city changes: the user's text follows.
CREATE FUNCTION md_client_city_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
    SET search_text = md_client_search_text(u.first_name, u.last_name, u.email, u.phone, NEW.city)
    WHERE u.id = NEW.user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER client_profiles_city_insert AFTER INSERT ON client_profiles
  FOR EACH ROW WHEN (NEW.city IS NOT NULL) EXECUTE FUNCTION md_client_city_search_text();
--> statement-breakpoint
CREATE TRIGGER client_profiles_city_update AFTER UPDATE OF city ON client_profiles
  FOR EACH ROW WHEN (OLD.city IS DISTINCT FROM NEW.city) EXECUTE FUNCTION md_client_city_search_text();
--> statement-breakpoint
UPDATE users u
  SET search_text = md_client_search_text(u.first_name, u.last_name, u.email, u.phone,
    (SELECT cp.city FROM client_profiles cp WHERE cp.user_id = u.id));
--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=off);
