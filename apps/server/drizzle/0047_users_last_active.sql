-- When a person last signed in or used the app: sessions end and are swept, this mark stays
-- (retention of inactive clients reads it). Filled from the sessions there are.
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" u SET "last_active_at" = s.seen
  FROM (SELECT "user_id", max("last_seen_at") AS seen FROM "sessions" GROUP BY "user_id") s
  WHERE s."user_id" = u."id";
