ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_ask_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_expired_unasked';--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
-- Matches whose matchmaker has not asked yet start their clock now (a full window from the deploy,
-- not from the match), with the expiry of the matchmaker's settings; the job's next run computes
-- the rest.
UPDATE "introduction_sides" s
SET "matched_at" = now(),
  "expires_at" = now() + make_interval(days => coalesce(
    (SELECT st."expiry_days" FROM "introduction_settings" st WHERE st."matchmaker_id" = s."matchmaker_id"),
    8)),
  "reminders_sent" = 0,
  "next_nudge_at" = now()
FROM "introductions" i
WHERE i."id" = s."introduction_id"
  AND i."status"::text IN ('match', 'asking_clients') -- as text: migrations may run in one transaction with the values' own
  AND s."asked_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "introduction_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_time_zone" text;