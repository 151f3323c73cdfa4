CREATE TABLE "introduction_counts" (
	"matchmaker_id" text NOT NULL,
	"status" "introduction_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "introduction_counts_matchmaker_id_status_pk" PRIMARY KEY("matchmaker_id","status")
);
--> statement-breakpoint
ALTER TABLE "introduction_counts" ADD CONSTRAINT "introduction_counts_matchmaker_id_users_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each matchmaker's count of introductions per state, kept by statement triggers: one upsert per
-- statement, for the rows it moved, in key order (two writers lock counter rows in the same
-- order). A matchmaker deleted by the same statement (a cascade) is skipped: their counter rows go
-- with them. The order holds within a statement: a transaction that moves introductions in several
-- statements (the nudges job) can still meet another writer in a deadlock, which PostgreSQL breaks
-- by failing one of them (the job runs again ten minutes later). TRUNCATE empties the counters.
CREATE FUNCTION introduction_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO introduction_counts (matchmaker_id, status, n)
  SELECT c.m, c.s, count(*) FROM (
    SELECT proposed_by AS m, status AS s FROM new_rows
    UNION ALL SELECT responder_id, status FROM new_rows WHERE responder_id <> proposed_by
  ) c JOIN users u ON u.id = c.m
  GROUP BY c.m, c.s ORDER BY c.m, c.s
  ON CONFLICT (matchmaker_id, status) DO UPDATE SET n = introduction_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION introduction_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO introduction_counts (matchmaker_id, status, n)
  SELECT c.m, c.s, sum(c.d) FROM (
    SELECT proposed_by AS m, status AS s, -1 AS d FROM old_rows
    UNION ALL SELECT responder_id, status, -1 FROM old_rows WHERE responder_id <> proposed_by
    UNION ALL SELECT proposed_by, status, 1 FROM new_rows
    UNION ALL SELECT responder_id, status, 1 FROM new_rows WHERE responder_id <> proposed_by
  ) c JOIN users u ON u.id = c.m
  GROUP BY c.m, c.s HAVING sum(c.d) <> 0 ORDER BY c.m, c.s
  ON CONFLICT (matchmaker_id, status) DO UPDATE SET n = introduction_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION introduction_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO introduction_counts (matchmaker_id, status, n)
  SELECT c.m, c.s, -count(*) FROM (
    SELECT proposed_by AS m, status AS s FROM old_rows
    UNION ALL SELECT responder_id, status FROM old_rows WHERE responder_id <> proposed_by
  ) c JOIN users u ON u.id = c.m
  GROUP BY c.m, c.s ORDER BY c.m, c.s
  ON CONFLICT (matchmaker_id, status) DO UPDATE SET n = introduction_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION introduction_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM introduction_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER introduction_counts_insert AFTER INSERT ON introductions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION introduction_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER introduction_counts_update AFTER UPDATE ON introductions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION introduction_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER introduction_counts_delete AFTER DELETE ON introductions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION introduction_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER introduction_counts_truncate AFTER TRUNCATE ON introductions
  FOR EACH STATEMENT EXECUTE FUNCTION introduction_counts_on_truncate();
--> statement-breakpoint
INSERT INTO introduction_counts (matchmaker_id, status, n)
SELECT m, status, count(*)::int FROM (
  SELECT proposed_by AS m, status FROM introductions
  UNION ALL SELECT responder_id, status FROM introductions WHERE responder_id <> proposed_by
) c GROUP BY m, status;
