CREATE TYPE "public"."recalibration_action" AS ENUM('accepted', 'dismissed');--> statement-breakpoint
CREATE TABLE "recalibrations" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"action" "recalibration_action" NOT NULL,
	"changes" jsonb NOT NULL,
	"declines" integer NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recalibrations" ADD CONSTRAINT "recalibrations_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recalibrations" ADD CONSTRAINT "recalibrations_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recalibrations_client_idx" ON "recalibrations" USING btree ("client_id","created_at" DESC NULLS LAST);