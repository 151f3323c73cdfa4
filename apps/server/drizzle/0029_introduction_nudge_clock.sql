DROP INDEX "introduction_sides_open_idx";--> statement-breakpoint
DROP INDEX "introductions_proposer_idx";--> statement-breakpoint
DROP INDEX "introductions_responder_idx";--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD COLUMN "next_nudge_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "introduction_sides_nudge_idx" ON "introduction_sides" USING btree ("next_nudge_at") WHERE "introduction_sides"."next_nudge_at" is not null;--> statement-breakpoint
CREATE INDEX "introductions_proposer_idx" ON "introductions" USING btree ("proposed_by","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "introductions_responder_idx" ON "introductions" USING btree ("responder_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Questions asked before the clock existed: the job's next run works out their next step.
UPDATE "introduction_sides" SET "next_nudge_at" = now() WHERE "asked_at" IS NOT NULL AND "answer" IS NULL;
