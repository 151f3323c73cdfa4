-- A client's activity is bumped through the primary key, whatever the statistics say. The
-- function's statement is planned without its values, and the retention index (inviter_id,
-- last_activity_at, over clients neither erased nor staff) fits its conditions too: while a bulk
-- load outran the statistics, the planner costed that index as tiny and read it whole for every
-- bump, so adding 1,000 questionnaires to a base of 60,000 took 20 s instead of 1. The role is
-- compared as text, so the retention index's condition no longer follows from the statement's and
-- only the primary key serves it.
CREATE OR REPLACE FUNCTION md_bump_activity(uid text, at timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE users SET last_activity_at = at
  WHERE id = uid AND role::text = 'INVITEE' AND erased_at IS NULL AND last_activity_at < at - interval '1 minute'
$$;
