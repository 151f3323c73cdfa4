CREATE TYPE "public"."introduction_status" AS ENUM('awaiting_response', 'match', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "candidate_marks" (
	"client_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"priority" text,
	"deferred" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "candidate_marks_client_id_candidate_id_pk" PRIMARY KEY("client_id","candidate_id")
);
--> statement-breakpoint
CREATE TABLE "compatibility_results" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"requested_by" text NOT NULL,
	"locale" text NOT NULL,
	"percentage" integer NOT NULL,
	"result" jsonb NOT NULL,
	"narrative_source" text NOT NULL,
	"credits_charged" integer NOT NULL,
	"debit_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "introductions" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"pair_key" text NOT NULL,
	"proposed_by" text NOT NULL,
	"responder_id" text NOT NULL,
	"status" "introduction_status" DEFAULT 'awaiting_response' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ai_matching_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_likes" integer;--> statement-breakpoint
ALTER TABLE "candidate_marks" ADD CONSTRAINT "candidate_marks_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_marks" ADD CONSTRAINT "candidate_marks_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_results" ADD CONSTRAINT "compatibility_results_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_results" ADD CONSTRAINT "compatibility_results_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compatibility_results" ADD CONSTRAINT "compatibility_results_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_candidate_id_users_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "introductions" ADD CONSTRAINT "introductions_responder_id_users_id_fk" FOREIGN KEY ("responder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compatibility_results_client_idx" ON "compatibility_results" USING btree ("client_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "compatibility_results_retry_idx" ON "compatibility_results" USING btree ("requested_by","client_id","candidate_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "introductions_pair_live_idx" ON "introductions" USING btree ("pair_key") WHERE "introductions"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "introductions_client_idx" ON "introductions" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "introductions_candidate_idx" ON "introductions" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "introductions_proposer_idx" ON "introductions" USING btree ("proposed_by","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "introductions_responder_idx" ON "introductions" USING btree ("responder_id","updated_at" DESC NULLS LAST);