ALTER TABLE "introduction_settings" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_time_zone" text;