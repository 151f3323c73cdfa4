CREATE TYPE "public"."client_answer" AS ENUM('yes', 'no');--> statement-breakpoint
CREATE TYPE "public"."date_response" AS ENUM('confirmed', 'reschedule');--> statement-breakpoint
CREATE TYPE "public"."introduction_link_purpose" AS ENUM('answer', 'feedback');--> statement-breakpoint
CREATE TYPE "public"."meet_again" AS ENUM('yes', 'maybe', 'no');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_cancelled';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_client_yes';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_client_no';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_introduced';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_expired';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_client_silent';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_date_set';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_date_confirmed';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_date_reschedule';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_feedback_received';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_second_date';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_ended';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_question';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_both_yes';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_date_planned';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_date_reminder';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'introduction_feedback_requested';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'asking_clients';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'introduced';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'date_planned';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'dated';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'second_date';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'ended';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'declined';--> statement-breakpoint
ALTER TYPE "public"."introduction_status" ADD VALUE 'expired';--> statement-breakpoint
CREATE TABLE "contact_releases" (
	"id" text PRIMARY KEY NOT NULL,
	"introduction_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"fields" text[] NOT NULL,
	"consents" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introduction_events" (
	"id" text PRIMARY KEY NOT NULL,
	"introduction_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" text,
	"actor_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introduction_feedback" (
	"introduction_id" text NOT NULL,
	"client_id" text NOT NULL,
	"happened" boolean NOT NULL,
	"meet_again" "meet_again" NOT NULL,
	"attraction" smallint,
	"conversation" smallint,
	"shared_values" smallint,
	"manners" smallint,
	"reasons" text[] DEFAULT '{}' NOT NULL,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "introduction_feedback_introduction_id_client_id_pk" PRIMARY KEY("introduction_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "introduction_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"introduction_id" text NOT NULL,
	"client_id" text NOT NULL,
	"purpose" "introduction_link_purpose" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "introduction_settings" (
	"matchmaker_id" text PRIMARY KEY NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"matchmaker_alert_day" integer NOT NULL,
	"expiry_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introduction_sides" (
	"introduction_id" text NOT NULL,
	"client_id" text NOT NULL,
	"matchmaker_id" text NOT NULL,
	"asked_at" timestamp with time zone,
	"ask_note" text,
	"expires_at" timestamp with time zone,
	"answer" "client_answer",
	"reason" text,
	"comment" text,
	"answered_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"matchmaker_alerted" boolean DEFAULT false NOT NULL,
	"date_response" date_response,
	CONSTRAINT "introduction_sides_introduction_id_client_id_pk" PRIMARY KEY("introduction_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "introduced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_place" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_map_url" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_note" text;--> statement-breakpoint
ALTER TABLE "introductions" ADD COLUMN "date_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_releases" ADD CONSTRAINT "contact_releases_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_releases" ADD CONSTRAINT "contact_releases_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_releases" ADD CONSTRAINT "contact_releases_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_events" ADD CONSTRAINT "introduction_events_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_events" ADD CONSTRAINT "introduction_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_feedback" ADD CONSTRAINT "introduction_feedback_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_feedback" ADD CONSTRAINT "introduction_feedback_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_feedback" ADD CONSTRAINT "introduction_feedback_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_links" ADD CONSTRAINT "introduction_links_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_links" ADD CONSTRAINT "introduction_links_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_settings" ADD CONSTRAINT "introduction_settings_matchmaker_id_users_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD CONSTRAINT "introduction_sides_introduction_id_introductions_id_fk" FOREIGN KEY ("introduction_id") REFERENCES "public"."introductions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD CONSTRAINT "introduction_sides_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introduction_sides" ADD CONSTRAINT "introduction_sides_matchmaker_id_users_id_fk" FOREIGN KEY ("matchmaker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_releases_subject_idx" ON "contact_releases" USING btree ("subject_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "introduction_events_introduction_idx" ON "introduction_events" USING btree ("introduction_id","created_at");--> statement-breakpoint
CREATE INDEX "introduction_links_expiry_idx" ON "introduction_links" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "introduction_sides_client_idx" ON "introduction_sides" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "introduction_sides_open_idx" ON "introduction_sides" USING btree ("asked_at") WHERE "introduction_sides"."answer" is null and "introduction_sides"."asked_at" is not null;--> statement-breakpoint
CREATE INDEX "introductions_date_idx" ON "introductions" USING btree ("date_starts_at") WHERE "introductions"."date_starts_at" is not null;--> statement-breakpoint
-- Introductions made before the loop existed get their two client sides.
INSERT INTO "introduction_sides" ("introduction_id", "client_id", "matchmaker_id")
SELECT "id", "client_id", "proposed_by" FROM "introductions"
UNION ALL
SELECT "id", "candidate_id", "responder_id" FROM "introductions";
