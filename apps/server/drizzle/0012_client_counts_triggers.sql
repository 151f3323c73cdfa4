-- client_counts follows every client: one row per matchmaker with the totals the client list and
-- its stats show. A client's questionnaire is in one bucket: 0 incomplete, 1 completed, 2 approved.
CREATE FUNCTION md_client_bucket(is_complete boolean, approved_at timestamptz) RETURNS integer
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT coalesce(is_complete, false) THEN 0 WHEN approved_at IS NULL THEN 1 ELSE 2 END
$$;
--> statement-breakpoint
-- Adds deltas to one matchmaker's row. A decrease only updates: the matchmaker may be being
-- deleted (clients' inviter_id is set null then), and a new row would break the foreign key.
CREATE FUNCTION md_client_counts_apply(inviter text, d_total integer, d_completed integer, d_approved integer)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF inviter IS NULL OR (d_total = 0 AND d_completed = 0 AND d_approved = 0) THEN
    RETURN;
  END IF;
  IF d_total < 0 OR d_completed < 0 OR d_approved < 0 THEN
    UPDATE client_counts
      SET total = total + d_total, completed = completed + d_completed, approved = approved + d_approved
      WHERE inviter_id = inviter;
  ELSE
    INSERT INTO client_counts AS c (inviter_id, total, completed, approved)
      VALUES (inviter, d_total, d_completed, d_approved)
      ON CONFLICT (inviter_id) DO UPDATE
      SET total = c.total + excluded.total, completed = c.completed + excluded.completed,
          approved = c.approved + excluded.approved;
  END IF;
END
$$;
--> statement-breakpoint
-- A client arrives, leaves, or changes matchmaker. Deletion runs BEFORE the row goes, while its
-- questionnaire (deleted by the cascade afterwards) still tells its bucket.
CREATE FUNCTION md_client_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  b integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'INVITEE' AND OLD.inviter_id IS NOT NULL THEN
    SELECT md_client_bucket(p.is_complete, p.approved_at) INTO b FROM client_profiles p WHERE p.user_id = OLD.id;
    b := coalesce(b, 0);
    PERFORM md_client_counts_apply(OLD.inviter_id, -1, -(b = 1)::integer, -(b = 2)::integer);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.role = 'INVITEE' AND NEW.inviter_id IS NOT NULL THEN
    SELECT md_client_bucket(p.is_complete, p.approved_at) INTO b FROM client_profiles p WHERE p.user_id = NEW.id;
    b := coalesce(b, 0);
    PERFORM md_client_counts_apply(NEW.inviter_id, 1, (b = 1)::integer, (b = 2)::integer);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_client_counts_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION md_client_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_client_counts_update AFTER UPDATE OF role, inviter_id ON users
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.inviter_id IS DISTINCT FROM NEW.inviter_id)
  EXECUTE FUNCTION md_client_counts_users();
--> statement-breakpoint
CREATE TRIGGER users_client_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION md_client_counts_users();
--> statement-breakpoint
-- A questionnaire changes bucket. When its client is being deleted the client row is already gone
-- and the users trigger has counted it.
CREATE FUNCTION md_client_counts_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  inviter text;
  old_b integer := 0;
  new_b integer := 0;
BEGIN
  SELECT u.inviter_id INTO inviter FROM users u
    WHERE u.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END) AND u.role = 'INVITEE';
  IF inviter IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    old_b := md_client_bucket(OLD.is_complete, OLD.approved_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_b := md_client_bucket(NEW.is_complete, NEW.approved_at);
  END IF;
  IF old_b <> new_b THEN
    PERFORM md_client_counts_apply(inviter, 0, (new_b = 1)::integer - (old_b = 1)::integer,
      (new_b = 2)::integer - (old_b = 2)::integer);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER client_profiles_client_counts AFTER INSERT OR DELETE OR UPDATE OF is_complete, approved_at
  ON client_profiles FOR EACH ROW EXECUTE FUNCTION md_client_counts_profiles();
--> statement-breakpoint
INSERT INTO client_counts (inviter_id, total, completed, approved)
  SELECT u.inviter_id, count(*),
    count(*) FILTER (WHERE md_client_bucket(p.is_complete, p.approved_at) = 1),
    count(*) FILTER (WHERE md_client_bucket(p.is_complete, p.approved_at) = 2)
  FROM users u LEFT JOIN client_profiles p ON p.user_id = u.id
  WHERE u.role = 'INVITEE' AND u.inviter_id IS NOT NULL
  GROUP BY u.inviter_id;
