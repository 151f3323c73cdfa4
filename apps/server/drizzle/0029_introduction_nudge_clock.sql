DROP INDEX "introduction_sides_open_idx";--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD COLUMN "next_nudge_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "introduction_sides_nudge_idx" ON "introduction_sides" USING btree ("next_nudge_at") WHERE "introduction_sides"."next_nudge_at" is not null;